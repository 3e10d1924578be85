"""Deciding an action step by step: every event is folded as soon as it is emitted.

Rules code reads ``flow.state`` and calls :meth:`Flow.emit`, so a later step always sees
what an earlier one did (a wound taken, a window opened), exactly as the replayed log will.
Systems subclass it to carry their content catalog.

A pending step (a frame that waits for nobody) opened and carried on with inside the same
decision leaves no trace in the log: the pair of events that pushed and popped it cancels
out, so :attr:`Flow.events` leaves both out and the log holds only frames that outlive the
decision (and every window, which players are told about).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from rules.core.core_fold import fold_core
from rules.core.events import DiceRolled, Event, GameEnded
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.roller import Roller
from rules.core.state import GameState
from rules.core.visibility import PUBLIC, Visibility

S = TypeVar("S", bound=GameState)


class Flow(Generic[S]):
    def __init__(self, state: S, roller: Roller, evolve: Callable[[S, Event], S]) -> None:
        self.state = state
        self.roller = roller
        self._emitted: list[Event] = []
        self._opened: list[int] = []  # where each frame pushed by this decision was emitted
        self._cancelled: set[int] = set()
        self._evolve = evolve

    @property
    def events(self) -> list[Event]:
        """What this decision adds to the log, in order."""
        return [e for i, e in enumerate(self._emitted) if i not in self._cancelled]

    def emit(self, *events: Event) -> None:
        for event in events:
            self._note_frames(event)
            self._emitted.append(event)
            folded = fold_core(self.state, event)
            self.state = self._evolve(self.state, event) if folded is None else folded

    def _note_frames(self, event: Event) -> None:
        if isinstance(event, FrameOpened):
            self._opened.append(len(self._emitted))
        elif isinstance(event, FrameClosed) and self._opened:
            opened = self._opened.pop()
            frame = self._emitted[opened]
            assert isinstance(frame, FrameOpened)
            if not frame.frame.awaits:
                self._cancelled.update((opened, len(self._emitted)))

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

    def dice(self, count: int, purpose: str, sides: int = 10) -> tuple[int, ...]:
        """``count`` public dice of ``sides`` faces, as read (a D10's 0 is 10); none are
        rolled, and nothing recorded, for a count of zero or less."""
        if count <= 0:
            return ()
        return self.roll(count, sides, purpose=purpose).values

    @property
    def trial(self) -> bool:
        """Whether this decision is only tried, to see if it would be accepted: rules may
        stop once nothing after that point can refuse it."""
        return self.roller.trial

    @property
    def over(self) -> bool:
        return any(isinstance(e, GameEnded) for e in self._emitted) or self.state.finished
