"""Turning events into lines of text, respecting who may read them."""

from __future__ import annotations

from typing import Any

from rules.core.events import DiceMovedOn, DiceRolled, Event, GameEnded, SeatConceded
from rules.core.language import Language, Phrase
from rules.core.state import GameState
from rules.core.system import GameSystem

_NO_DICE = Phrase("no dice to roll", "keine Würfel zu werfen")
_CONCEDED = Phrase("🏳️ {who} conceded.", "🏳️ {who} gibt auf.")
_WON = Phrase(
    "🏆 Game over — {names} won ({reason}).", "🏆 Spielende — Sieg für {names} ({reason})."
)
_NO_WINNER = Phrase("Game over — no winner ({reason}).", "Spielende — kein Sieger ({reason}).")
_AND = Phrase(" and ", " und ")


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
            return f"🎲 {who}{event.purpose}: {_NO_DICE.in_(language)}"
        faces = ", ".join(str(v) for v in event.values)
        return f"🎲 {who}{event.purpose}: d{event.sides} [{faces}]"
    if isinstance(event, DiceMovedOn):
        return None  # the undo that moved the dice on says so in its own words
    if isinstance(event, SeatConceded):
        return _CONCEDED.in_(language).format(who=system.seat_label(event.seat))
    if isinstance(event, GameEnded):
        # the reason is recorded in English; a system that speaks the reader's language
        # words it through describe_in (which gives the reason alone for this event)
        reason = system.describe_in(event, state, language) or event.reason
        if event.winners:
            names = _AND.in_(language).join(system.seat_label(s) for s in event.winners)
            return _WON.in_(language).format(names=names, reason=reason)
        return _NO_WINNER.in_(language).format(reason=reason)
    return system.describe_in(event, state, language)
