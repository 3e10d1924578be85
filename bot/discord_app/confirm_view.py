"""Asking before an action that cannot be taken back: an ephemeral question with a button
that goes ahead and one that keeps things as they are. Once answered (or after
:data:`CONFIRM_SECONDS`), the question is edited to say what happened and its buttons go."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_app.errors import handle_error
from bot.discord_app.mentions import NO_MENTIONS
from bot.discord_app.players import language_of
from bot.messages import said
from bot.service.read_models import Confirmation
from rules.core.language import Language

CONFIRM_SECONDS = 120.0
KEEP_LABEL = said("Keep playing")

GoAhead = Callable[[discord.Interaction[Any]], Awaitable[None]]


class ConfirmView(discord.ui.View):
    """The two buttons under a :class:`Confirmation` (an ephemeral message: only the person
    who asked sees them)."""

    def __init__(
        self,
        confirmation: Confirmation,
        go_ahead: GoAhead,
        language: Language = Language.ENGLISH,
    ) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.confirmation = confirmation
        self.go_ahead = go_ahead
        self.language = language  # the asker's: the question is in it already
        self.asked: discord.Interaction[Any] | None = None
        confirm: discord.ui.Button[ConfirmView] = discord.ui.Button(
            label=confirmation.confirm, style=discord.ButtonStyle.danger
        )
        keep: discord.ui.Button[ConfirmView] = discord.ui.Button(
            label=KEEP_LABEL.in_(language), style=discord.ButtonStyle.secondary
        )
        confirm.callback = self._confirmed  # type: ignore[method-assign]
        keep.callback = self._kept  # type: ignore[method-assign]
        self.add_item(confirm)
        self.add_item(keep)

    async def _confirmed(self, interaction: discord.Interaction[Any]) -> None:
        self.stop()
        done = said("**{action}: done.**", action=self.confirmation.confirm)
        answer = f"{self.confirmation.question}\n{done.in_(self.language)}"
        await interaction.response.edit_message(content=answer, view=None)
        try:
            await self.go_ahead(interaction)
        except Exception as error:  # a refusal now (the game moved on) is explained
            await handle_error(interaction, error)

    async def _kept(self, interaction: discord.Interaction[Any]) -> None:
        self.stop()
        kept = said("**Nothing was changed.**").in_(self.language)
        answer = f"{self.confirmation.question}\n{kept}"
        await interaction.response.edit_message(content=answer, view=None)

    async def on_timeout(self) -> None:
        if self.asked is None:
            return
        late = said("**Not answered in time: nothing was changed.**").in_(self.language)
        answer = f"{self.confirmation.question}\n{late}"
        # the question may be gone already; nothing changed either way
        with contextlib.suppress(discord.HTTPException):
            await self.asked.edit_original_response(content=answer, view=None)


async def ask(
    interaction: discord.Interaction[Any], confirmation: Confirmation, go_ahead: GoAhead
) -> None:
    """Put ``confirmation`` to the person who used the command, privately."""
    view = ConfirmView(confirmation, go_ahead, language_of(interaction))
    view.asked = interaction
    await interaction.response.send_message(
        confirmation.question, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
    )
