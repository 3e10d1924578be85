"""Buttons and selects that survive restarts.

Each component carries the game id and the version it was sent at in its ``custom_id`` and
is a :class:`discord.ui.DynamicItem`, so the bot answers clicks on messages it sent before a
restart. A click is handed to the answers cog (:mod:`bot.discord_app.cogs.answers`), which
registers these items; the service reloads the game and refuses a component whose version
is no longer current with "this choice has expired".

Anybody can read a ``custom_id``, and the game's version counts secret records too, so an
id names its version by an opaque stamp (``s`` and sixteen base32 characters, see
:mod:`bot.service.component_stamps`), never by number: comparing two ids tells nobody how
many records lie between them. Ids sent by earlier releases carry the plain version
(digits) and are still answered as they were.
"""

from __future__ import annotations

import hashlib
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.messages import said
from bot.service.component_stamps import STAMP_PATTERN, SentAt
from bot.service.outcome import PromptDelivery
from rules.core.language import Language

SENT_AT = rf"(?:s(?P<stamp>{STAMP_PATTERN})|(?P<version>\d+))"  # digits: an earlier release
PROMPT_ID = (
    rf"umpire:p:(?P<game>\d+):{SENT_AT}:(?P<seat>[A-Za-z0-9_-]{{1,20}})(?::(?P<part>[1-5]))?"
)
"""A prompt's select menu; ``part`` tells the menus of one message apart (ids sent by
earlier releases have one menu and no part)."""
BUTTON_ID = (
    rf"umpire:b:(?P<game>\d+):{SENT_AT}:(?P<seat>[A-Za-z0-9_-]{{1,20}}):"
    r"(?P<index>\d{1,2}):(?P<digest>[0-9a-f]{8})"
)
MAX_BUTTONS = 5
MENU_OPTIONS = 25
"""Discord's most options in one select menu..."""
MAX_MENUS = 5
"""...and most menus in one message (one per row)."""
VALUE_LIMIT = 100
"""Discord's longest option value: a choice written longer cannot be sent from a menu."""
UNDO_ID = rf"umpire:u:(?P<game>\d+):{SENT_AT}"
ANSWERS_COG = "Answers"


@runtime_checkable
class Answers(Protocol):
    """What a click runs: the answers cog, found on the bot under :data:`ANSWERS_COG`.

    The cog imports these components (to register them) and the delivery that builds them
    into messages, so the components name only what they need of it; the cog is loaded
    as an extension, whose class is not the one an import here would see anyway.
    """

    async def answer_prompt(
        self, interaction: discord.Interaction, game_id: int, sent_at: SentAt, notation: str
    ) -> None: ...

    async def answer_prompt_button(
        self,
        interaction: discord.Interaction,
        game_id: int,
        sent_at: SentAt,
        seat: str,
        index: int,
        digest: str,
    ) -> None: ...

    async def approve_undo(
        self, interaction: discord.Interaction, game_id: int, sent_at: SentAt
    ) -> None: ...


def sent_at_of(match: Any) -> SentAt:
    """What a matched id says of the version it was sent at: its stamp or plain version."""
    stamp = match["stamp"]
    return str(stamp) if stamp is not None else int(match["version"])


def sent_at_id(sent_at: SentAt) -> str:
    """How an id writes the version it was sent at (see :data:`SENT_AT`)."""
    return f"s{sent_at}" if isinstance(sent_at, str) else str(sent_at)


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
        self,
        game_id: int,
        sent_at: SentAt,
        seat: str,
        options: list[discord.SelectOption],
        part: int | None = None,
        placeholder: str | None = None,
        language: Language = Language.ENGLISH,
    ) -> None:
        self.game_id, self.sent_at, self.seat = game_id, sent_at, seat
        suffix = f":{part}" if part is not None else ""
        nothing = discord.SelectOption(label=said("(no choices)").in_(language), value="-")
        super().__init__(
            discord.ui.Select(
                custom_id=f"umpire:p:{game_id}:{sent_at_id(sent_at)}:{seat}{suffix}",
                placeholder=placeholder or said("Choose…").in_(language),
                options=options or [nothing],
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
        part = int(match["part"]) if match["part"] is not None else None
        return cls(int(match["game"]), sent_at_of(match), match["seat"], options, part)

    async def callback(self, interaction: discord.Interaction) -> None:
        answers = answers_for(interaction)
        await answers.answer_prompt(interaction, self.game_id, self.sent_at, self.item.values[0])


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
        sent_at: SentAt,
        seat: str,
        index: int,
        digest: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.game_id, self.sent_at, self.seat = game_id, sent_at, seat
        self.index, self.digest = index, digest
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=f"umpire:b:{game_id}:{sent_at_id(sent_at)}:{seat}:{index}:{digest}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> PromptButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(
            int(match["game"]),
            sent_at_of(match),
            match["seat"],
            int(match["index"]),
            match["digest"],
            label or "…",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await answers_for(interaction).answer_prompt_button(
            interaction, self.game_id, self.sent_at, self.seat, self.index, self.digest
        )


class UndoApprove(discord.ui.DynamicItem[discord.ui.Button[Any]], template=UNDO_ID):
    """Approve another player's request to undo past an information barrier."""

    def __init__(
        self, game_id: int, sent_at: SentAt, language: Language = Language.ENGLISH
    ) -> None:
        self.game_id, self.sent_at = game_id, sent_at
        super().__init__(
            discord.ui.Button(
                label=said("Approve undo").in_(language),
                style=discord.ButtonStyle.primary,
                custom_id=f"umpire:u:{game_id}:{sent_at_id(sent_at)}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> UndoApprove:
        return cls(int(match["game"]), sent_at_of(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answers_for(interaction).approve_undo(interaction, self.game_id, self.sent_at)


def left_out(delivery: PromptDelivery) -> int:
    """How many complete choices of a prompt its menus cannot carry (more than
    :data:`MAX_MENUS` menus' worth, or written too long for a menu value)."""
    complete = [c for c in delivery.prompt.choices if c.complete]
    fits = [c for c in complete if len(c.notation) <= VALUE_LIMIT]
    return len(complete) - min(len(fits), MENU_OPTIONS * MAX_MENUS)


def prompt_view(delivery: PromptDelivery) -> discord.ui.View:
    """A reaction with a few answers (an overwatch chance, a counterattack) gets buttons;
    everything else select menus of up to 25 choices each, at most five (what a message
    holds); :func:`left_out` counts what does not fit."""
    # a choice that still awaits typed text (``deploy A1 at ``) cannot be sent from here
    choices = delivery.prompt.choices
    sendable = [(index, c) for index, c in enumerate(choices) if c.complete]
    if delivery.prompt.on_timeout is not None and 0 < len(sendable) <= MAX_BUTTONS:
        view = discord.ui.View(timeout=None)
        for index, choice in sendable:
            declining = choice.notation in ("decline", "keep", "crate return")
            view.add_item(
                PromptButton(
                    delivery.game_id,
                    delivery.stamp,
                    delivery.seat,
                    index,
                    choice_digest(choice.notation),
                    choice.label,
                    discord.ButtonStyle.secondary if declining else discord.ButtonStyle.primary,
                )
            )
        return view
    view = discord.ui.View(timeout=None)
    options = [
        discord.SelectOption(
            label=choice.label[:100],
            value=choice.notation,
            description=choice.description[:100] or None,
        )
        for _, choice in sendable
        if len(choice.notation) <= VALUE_LIMIT
    ][: MENU_OPTIONS * MAX_MENUS]
    if not options:
        return view  # the prompt's text says what to type
    language = delivery.language
    if len(options) <= MENU_OPTIONS:  # one menu, with the id earlier releases sent
        view.add_item(
            PromptSelect(
                delivery.game_id, delivery.stamp, delivery.seat, options, language=language
            )
        )
        return view
    for start in range(0, len(options), MENU_OPTIONS):
        part = options[start : start + MENU_OPTIONS]
        shown = said(
            "Choose… ({first}–{last} of {count})",
            first=start + 1,
            last=start + len(part),
            count=len(options),
        ).in_(language)
        menu = PromptSelect(
            delivery.game_id,
            delivery.stamp,
            delivery.seat,
            part,
            start // MENU_OPTIONS + 1,
            shown,
            language,
        )
        view.add_item(menu)
    return view


def undo_view(game_id: int, stamp: str, language: Language = Language.ENGLISH) -> discord.ui.View:
    """The approval button of an undo request (``Outcome.undo_request`` is its stamp)."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoApprove(game_id, stamp, language))
    return view
