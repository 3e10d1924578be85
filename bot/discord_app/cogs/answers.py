"""Answers given by clicking: a choice in a prompt menu, a prompt button, an undo approval.

The components themselves (:mod:`bot.discord_app.components`) are registered here when the
cog loads, so clicks on messages sent before a restart are answered too; a click is handed
to this cog, which checks it is still current and plays it through the service.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.discord_app.components import (
    ANSWERS_COG,
    PromptButton,
    PromptSelect,
    UndoApprove,
    choice_digest,
)
from bot.discord_app.delivery import deliver
from bot.discord_app.errors import handle_error
from bot.discord_app.open_questions import CLOSED, close_message
from bot.discord_app.players import language_of, player_of
from bot.messages import said
from bot.service.component_stamps import SentAt
from bot.service.errors import ChoiceExpired

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot

COMPONENTS = (PromptSelect, PromptButton, UndoApprove)


class AnswersCog(commands.Cog, name=ANSWERS_COG):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*COMPONENTS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*COMPONENTS)

    async def answer_prompt(
        self, interaction: discord.Interaction, game_id: int, sent_at: SentAt, notation: str
    ) -> None:
        """A choice from a prompt menu (or a button's answer): played as the clicker."""
        service = self.bot.service
        try:
            game = await service.game_by_id(game_id)
            outcome = await service.act(
                game.row.channel_id,
                player_of(interaction),
                notation,
                expected_version=sent_at,
                game_id=game_id,
                language=language_of(interaction),
            )
        except Exception as error:  # one handler for every failure, as for commands
            await handle_error(interaction, error)
            if isinstance(error, ChoiceExpired):
                await close_question(self.bot, interaction, CLOSED.in_(language_of(interaction)))
            return
        if interaction.message is not None:
            await self.bot.questions.forget(interaction.message.id)  # closed below, as answered
        self.bot.metrics.handled(interaction, "ok")
        await deliver(self.bot, interaction, outcome)
        answered = said("✅ Answered: `{notation}`", notation=notation)
        await close_question(self.bot, interaction, answered.in_(language_of(interaction)))

    async def answer_prompt_button(
        self,
        interaction: discord.Interaction,
        game_id: int,
        sent_at: SentAt,
        seat: str,
        index: int,
        digest: str,
    ) -> None:
        """A prompt button names its answer by position; check it still means the same."""
        try:
            game = await self.bot.service.game_by_id(game_id)
            notation: str | None = None
            if game.state is not None and not game.state.finished:
                for prompt in game.system.prompts(game.state):
                    choices = prompt.choices
                    if prompt.seat == seat and index < len(choices):
                        if choice_digest(choices[index].notation) == digest:
                            notation = choices[index].notation
                        break
            if notation is None:
                raise ChoiceExpired()
        except Exception as error:
            await handle_error(interaction, error)
            if isinstance(error, ChoiceExpired):
                await close_question(self.bot, interaction, CLOSED.in_(language_of(interaction)))
            return
        await self.answer_prompt(interaction, game_id, sent_at, notation)

    async def approve_undo(
        self, interaction: discord.Interaction, game_id: int, sent_at: SentAt
    ) -> None:
        """The undo approval button, valid only at the version it was posted at."""
        service = self.bot.service
        try:
            game = await service.game_by_id(game_id)
            outcome = await service.approve_undo(
                game.row.channel_id,
                player_of(interaction),
                expected_version=sent_at,
                game_id=game_id,
            )
            self.bot.metrics.handled(interaction, "ok")
            await deliver(self.bot, interaction, outcome)
        except Exception as error:
            await handle_error(interaction, error)


async def close_question(bot: UmpireBot, interaction: discord.Interaction, note: str) -> None:
    """Edit a prompt message in a DM once it is answered or stale: its menu and buttons go
    and ``note`` says why, so an old question never looks live. Prompts elsewhere (the
    ephemeral fallback) are left as they are."""
    message = interaction.message
    if message is None or interaction.guild is not None or not message.components:
        return
    await bot.questions.forget(message.id)
    await close_message(message, message.content, note)


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(AnswersCog(bot))
