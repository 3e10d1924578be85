"""Wasteland's windows and pending steps are frames on the core stack: they are read back
from the log, the window answered first is on top, and games saved by rules version 1
(windows kept as a queue answered from its front) play on."""

from __future__ import annotations

from rules.core.engine import evolve, parse_event
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.state import GameState
from rules.wasteland import events as ev
from rules.wasteland.options import WastelandOptions
from rules.wasteland.state import (
    AfterAction,
    AttackPlan,
    CastWindow,
    EndRound,
    Fire,
    OfferReactions,
    ReactionWindow,
    WastelandState,
)
from rules.wasteland.system import WastelandSystem

SYSTEM = WastelandSystem()
PLAN = AttackPlan(kind="shoot", unit="B1", fires=(Fire(target="A2"), Fire(target="A3")))


def _window(unit: str) -> ReactionWindow:
    return ReactionWindow(seat="alpha", unit=unit, attacker="B1", counter_allowed=True, plan=PLAN)


def _state(**updates: object) -> WastelandState:
    state = WastelandState(seats=("alpha", "bravo"), options=WastelandOptions())
    return state.model_copy(update=updates)


def test_every_frame_is_read_back_from_its_logged_form() -> None:
    frames = (
        _window("A2"),
        CastWindow(seat="bravo", caster="A1", nullifier=None, power="fury", target="B1", cast=True),
        OfferReactions(plan=PLAN),
        AfterAction(),
        EndRound(),
    )
    for frame in frames:
        data = FrameOpened(frame=frame).model_dump(mode="json")
        event = parse_event(SYSTEM, data)
        assert isinstance(event, FrameOpened) and event.frame == frame


def test_the_window_answered_first_is_on_top() -> None:
    state: GameState = _state()
    for frame in (AfterAction(), _window("A3"), _window("A2")):
        state = evolve(SYSTEM, state, FrameOpened(frame=frame))
    assert isinstance(state, WastelandState)
    assert state.window() == _window("A2") and state.open_windows() == 2
    state = evolve(SYSTEM, state, FrameClosed(answer="answered"))
    assert isinstance(state, WastelandState)
    assert state.window() == _window("A3")


def test_a_legacy_queue_of_windows_folds_into_the_stack_in_answer_order() -> None:
    # Snapshots of rules version 1 are never read as such: the service rebuilds those games
    # from their logs (tests/service/test_snapshots.py), folding this old event.
    data = ev.WindowsChanged(windows=(_window("A2"), _window("A3"))).model_dump(mode="json")
    event = parse_event(SYSTEM, data)
    state = evolve(SYSTEM, _state(), event)
    assert isinstance(state, WastelandState)
    assert state.windows == (AfterAction(), _window("A3"), _window("A2"))
    assert state.window() == _window("A2")
    closed = evolve(SYSTEM, state, parse_event(SYSTEM, {"type": "wt_windows", "windows": []}))
    assert isinstance(closed, WastelandState) and closed.windows == ()
