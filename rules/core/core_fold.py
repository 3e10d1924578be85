"""Folding the events the core owns (dice, concessions, the end, pending frames).

Both the engine (replaying a log) and a :class:`~rules.core.flow.Flow` (deciding an
action) fold these the same way, so a system only ever folds its own events.
"""

from __future__ import annotations

from typing import TypeVar

from rules.core.events import DiceMovedOn, DiceRolled, Event, GameEnded, SeatConceded
from rules.core.frames import FrameClosed, FrameOpened, StagedState
from rules.core.state import GameState

S = TypeVar("S", bound=GameState)


def fold_core(state: S, event: Event) -> S | None:
    """``state`` after a core ``event``, or None when the event is the system's to fold."""
    if isinstance(event, DiceRolled):
        return state.model_copy(update={"dice_counter": event.counter_end})
    if isinstance(event, DiceMovedOn):
        return state.model_copy(update={"dice_counter": max(state.dice_counter, event.counter)})
    if isinstance(event, SeatConceded):
        return state.model_copy(update={"conceded": (*state.conceded, event.seat)})
    if isinstance(event, GameEnded):
        return state.model_copy(
            update={"finished": True, "winners": event.winners, "end_reason": event.reason}
        )
    if isinstance(event, FrameOpened):
        assert isinstance(state, StagedState), "only a staged state keeps frames"
        return state.model_copy(update={"windows": (*state.windows, event.frame)})
    if isinstance(event, FrameClosed):
        assert isinstance(state, StagedState), "only a staged state keeps frames"
        return state.model_copy(update={"windows": state.windows[:-1]})
    return None
