"""The dice an engine may use while deciding an action.

A :class:`Roller` wraps the game's seeded stream at the counter stored in the state. Each
roll returns a :class:`~rules.core.events.DiceRolled` event that the engine must include in
the events it returns; the service checks that every drawn die was reported, so no roll
can go unrecorded.
"""

from __future__ import annotations

from typing import ClassVar

from rules.core.dice import DiceStream
from rules.core.events import DiceRolled
from rules.core.visibility import PUBLIC, Visibility


class Roller:
    """Records every roll made while an engine decides one action. ``trial`` is true for
    a decision only tried to see whether it would be accepted (its events are thrown
    away), so rules may stop as soon as acceptance is certain."""

    trial: ClassVar[bool] = False

    def __init__(self, seed: bytes, counter: int) -> None:
        self._stream = DiceStream(seed, counter)
        self.rolled: list[DiceRolled] = []

    @property
    def counter(self) -> int:
        return self._stream.counter

    def roll(
        self,
        count: int,
        sides: int = 10,
        *,
        purpose: str,
        seat: str | None = None,
        visibility: Visibility = PUBLIC,
    ) -> DiceRolled:
        """Roll ``count`` dice (zero or fewer rolls nothing) and return the recorded event."""
        start = self._stream.counter
        values = tuple(self._stream.draw_many(max(0, count), sides))
        event = DiceRolled(
            purpose=purpose,
            seat=seat,
            sides=sides,
            values=values,
            counter_start=start,
            counter_end=self._stream.counter,
            visibility=visibility,
        )
        self.rolled.append(event)
        return event


class TrialRoller(Roller):
    """The dice of a decision only tried (:func:`rules.core.engine.accepts`)."""

    trial: ClassVar[bool] = True
