"""Deciding an action step by step: every event is folded as soon as it is emitted.

Rules code reads ``flow.state`` and calls :meth:`Flow.emit`, so a later step always sees
what an earlier one did (a wound taken, a window opened), exactly as the replayed log will.
Systems subclass it to carry their content catalog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from rules.core.core_fold import fold_core
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
            folded = fold_core(self.state, event)
            self.state = self._evolve(self.state, event) if folded is None else folded

    def roll(
        self,
        count: int,
        sides: int = 10,
        *,
        purpose: str,
        seat: str | None = None,
        visibility: Visibility = PUBLIC,
    ) -> DiceRolled:
        """Roll ``count`` dice of ``sides`` faces from the game's stream and record them."""
        event = self.roller.roll(count, sides, purpose=purpose, seat=seat, visibility=visibility)
        self.emit(event)
        return event

    @property
    def over(self) -> bool:
        return any(isinstance(e, GameEnded) for e in self.events) or self.state.finished
