"""Deciding an action step by step: every event is folded as soon as it is emitted.

Rules code reads ``flow.state`` and calls :meth:`Flow.emit`, so a later step always sees
what an earlier one did (a wound taken, a window opened), exactly as the replayed log will.
Systems subclass it to carry their content catalog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from rules.core.events import DiceRolled, Event, GameEnded
from rules.core.roller import Roller
from rules.core.state import GameState
from rules.core.visibility import PUBLIC, Visibility

S = TypeVar("S", bound=GameState)


class Flow(Generic[S]):
    def __init__(self, state: S, roller: Roller, evolve: Callable[[S, Event], S]) -> None:
        self.state = state
        self.roller = roller
        self.events: list[Event] = []
        self._evolve = evolve

    def emit(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = self._evolve(self.state, event)

    def roll(
        self, count: int, *, purpose: str, seat: str | None = None, visibility: Visibility = PUBLIC
    ) -> DiceRolled:
        event = self.roller.roll(count, 10, purpose=purpose, seat=seat, visibility=visibility)
        self.emit(event)
        return event

    @property
    def over(self) -> bool:
        return any(isinstance(e, GameEnded) for e in self.events) or self.state.finished
