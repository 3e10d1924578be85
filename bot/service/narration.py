"""Turning events into lines of text, respecting who may read them."""

from __future__ import annotations

import re
from typing import Any

from bot.messages import and_chain, said
from rules.core.events import DiceMovedOn, DiceRolled, Event, GameEnded, SeatConceded
from rules.core.language import Language
from rules.core.state import GameState
from rules.core.system import GameSystem

ENDED_BY = re.compile(r"^ended by (?P<name>.+)$")
"""The reason :meth:`bot.service.stewardship.Stewardship.end` records."""


def narrate(
    system: GameSystem[Any],
    event: Event,
    state: GameState | None = None,
    language: Language = Language.ENGLISH,
) -> str | None:
    """One line for ``event`` in ``language``; core events are worded here, the rest by
    the system (in English where it speaks nothing else).

    ``state`` is any state at or after the event; systems use it to name things.
    """
    if isinstance(event, DiceRolled):
        if system.narrates_dice:
            return None
        who = f"{system.seat_label(event.seat)} " if event.seat else ""
        if not event.values:
            return f"🎲 {who}{event.purpose}: {said('no dice to roll').in_(language)}"
        faces = ", ".join(str(v) for v in event.values)
        return f"🎲 {who}{event.purpose}: d{event.sides} [{faces}]"
    if isinstance(event, DiceMovedOn):
        return None  # the undo that moved the dice on says so in its own words
    if isinstance(event, SeatConceded):
        return said("🏳️ {side} conceded.", side=system.seat_label(event.seat)).in_(language)
    if isinstance(event, GameEnded):
        # the reason is recorded in English; a system that speaks the reader's language
        # words it through describe_in (which gives the reason alone for this event)
        reason = system.describe_in(event, state, language) or event.reason
        ended_by = ENDED_BY.match(event.reason)
        if reason == event.reason and ended_by is not None:  # a steward ended it
            reason = said("ended by {name}", name=ended_by["name"]).in_(language)
        if event.winners:
            names = and_chain([system.seat_label(s) for s in event.winners])
            return said("🏆 Game over — {names} won ({reason}).", names=names, reason=reason).in_(
                language
            )
        return said("Game over — no winner ({reason}).", reason=reason).in_(language)
    return system.describe_in(event, state, language)
