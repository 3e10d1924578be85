"""Turning events into lines of text, respecting who may read them."""

from __future__ import annotations

from typing import Any

from rules.core.events import DiceMovedOn, DiceRolled, Event, GameEnded, SeatConceded
from rules.core.state import GameState
from rules.core.system import GameSystem


def narrate(system: GameSystem[Any], event: Event, state: GameState | None = None) -> str | None:
    """One line for ``event``; core events are worded here, the rest by the system.

    ``state`` is any state at or after the event; systems use it to name things.
    """
    if isinstance(event, DiceRolled):
        if system.narrates_dice:
            return None
        who = f"{system.seat_label(event.seat)} " if event.seat else ""
        if not event.values:
            return f"🎲 {who}{event.purpose}: no dice to roll"
        faces = ", ".join(str(v) for v in event.values)
        return f"🎲 {who}{event.purpose}: d{event.sides} [{faces}]"
    if isinstance(event, DiceMovedOn):
        return None  # the undo that moved the dice on says so in its own words
    if isinstance(event, SeatConceded):
        return f"🏳️ {system.seat_label(event.seat)} conceded."
    if isinstance(event, GameEnded):
        if event.winners:
            names = " and ".join(system.seat_label(s) for s in event.winners)
            return f"🏆 Game over — {names} won ({event.reason})."
        return f"Game over — no winner ({event.reason})."
    return system.describe(event, state)
