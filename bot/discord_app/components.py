"""Buttons and selects that survive restarts.

Each component carries the game id and the game version in its ``custom_id`` and is a
:class:`discord.ui.DynamicItem`, so the bot answers clicks on messages it sent before a
restart. A click is handed to the answers cog (:mod:`bot.discord_app.cogs.answers`), which
registers these items; the service reloads the game and refuses a component whose version
is no longer current with "this choice has expired".
"""

from __future__ import annotations

import hashlib
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.service.outcome import Outcome, PromptDelivery

PROMPT_ID = r"umpire:p:(?P<game>\d+):(?P<version>\d+):(?P<seat>[A-Za-z0-9_-]{1,20})"
BUTTON_ID = (
    r"umpire:b:(?P<game>\d+):(?P<version>\d+):(?P<seat>[A-Za-z0-9_-]{1,20}):"
    r"(?P<index>\d{1,2}):(?P<digest>[0-9a-f]{8})"
)
MAX_BUTTONS = 5
UNDO_ID = r"umpire:u:(?P<game>\d+):(?P<version>\d+)"
ANSWERS_COG = "Answers"


@runtime_checkable
class Answers(Protocol):
    """What a click runs: the answers cog, found on the bot under :data:`ANSWERS_COG`.

    The cog imports these components (to register them) and the delivery that builds them
    into messages, so the components name only what they need of it; the cog is loaded
    as an extension, whose class is not the one an import here would see anyway.
    """

    async def answer_prompt(
        self, interaction: discord.Interaction, game_id: int, version: int, notation: str
    ) -> None: ...

    async def answer_prompt_button(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        seat: str,
        index: int,
        digest: str,
    ) -> None: ...

    async def approve_undo(
        self, interaction: discord.Interaction, game_id: int, version: int
    ) -> None: ...


def answers_for(interaction: discord.Interaction) -> Answers:
    """The loaded answers cog of the bot that received ``interaction``."""
    client = interaction.client
    bots = (commands.Bot, commands.AutoShardedBot)
    cog = client.get_cog(ANSWERS_COG) if isinstance(client, bots) else None
    if not isinstance(cog, Answers):
        raise RuntimeError(f"a component was clicked but the {ANSWERS_COG} cog is not loaded")
    return cog


class PromptSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PROMPT_ID):
    """A private choice (delivered by DM): each option's value is an action in notation."""

    def __init__(
        self, game_id: int, version: int, seat: str, options: list[discord.SelectOption]
    ) -> None:
        self.game_id, self.version, self.seat = game_id, version, seat
        super().__init__(
            discord.ui.Select(
                custom_id=f"umpire:p:{game_id}:{version}:{seat}",
                placeholder="Choose…",
                options=options or [discord.SelectOption(label="(no choices)", value="-")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: Any,
        /,
    ) -> PromptSelect:
        options = list(item.options) if isinstance(item, discord.ui.Select) else []
        return cls(int(match["game"]), int(match["version"]), match["seat"], options)

    async def callback(self, interaction: discord.Interaction) -> None:
        answers = answers_for(interaction)
        await answers.answer_prompt(interaction, self.game_id, self.version, self.item.values[0])


def choice_digest(notation: str) -> str:
    """A short fingerprint of a choice, so a button can check it still means the same."""
    return hashlib.sha256(notation.encode()).hexdigest()[:8]


class PromptButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_ID):
    """One answer of a short prompt (an overwatch chance, a counterattack…) as a button.

    The custom id carries the choice's position and a fingerprint of its notation; the bot
    recomputes the prompt and refuses the click if the answer no longer means the same.
    """

    def __init__(
        self,
        game_id: int,
        version: int,
        seat: str,
        index: int,
        digest: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.game_id, self.version, self.seat = game_id, version, seat
        self.index, self.digest = index, digest
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=f"umpire:b:{game_id}:{version}:{seat}:{index}:{digest}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> PromptButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(
            int(match["game"]),
            int(match["version"]),
            match["seat"],
            int(match["index"]),
            match["digest"],
            label or "…",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await answers_for(interaction).answer_prompt_button(
            interaction, self.game_id, self.version, self.seat, self.index, self.digest
        )


class UndoApprove(discord.ui.DynamicItem[discord.ui.Button[Any]], template=UNDO_ID):
    """Approve another player's request to undo past an information barrier."""

    def __init__(self, game_id: int, version: int) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Button(
                label="Approve undo",
                style=discord.ButtonStyle.primary,
                custom_id=f"umpire:u:{game_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> UndoApprove:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answers_for(interaction).approve_undo(interaction, self.game_id, self.version)


def prompt_view(delivery: PromptDelivery) -> discord.ui.View:
    """A reaction with a few answers (an overwatch chance, a counterattack) gets buttons;
    everything else a select menu."""
    choices = delivery.prompt.choices
    if delivery.prompt.on_timeout is not None and 0 < len(choices) <= MAX_BUTTONS:
        view = discord.ui.View(timeout=None)
        for index, choice in enumerate(choices):
            declining = choice.notation in ("decline", "keep", "crate return")
            view.add_item(
                PromptButton(
                    delivery.game_id,
                    delivery.version,
                    delivery.seat,
                    index,
                    choice_digest(choice.notation),
                    choice.label,
                    discord.ButtonStyle.secondary if declining else discord.ButtonStyle.primary,
                )
            )
        return view
    options = [
        discord.SelectOption(
            label=choice.label[:100],
            value=choice.notation[:100],
            description=choice.description[:100] or None,
        )
        for choice in delivery.prompt.choices[:25]
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(PromptSelect(delivery.game_id, delivery.version, delivery.seat, options))
    return view


def undo_view(outcome: Outcome) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoApprove(outcome.game_id, outcome.version))
    return view
