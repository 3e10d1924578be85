"""The core flow: events folded as they are emitted, and pending steps that open and close
inside one decision leave nothing in the log, while windows and lasting frames stay."""

from __future__ import annotations

from typing import ClassVar, Literal

from rules.core.events import Event
from rules.core.flow import Flow
from rules.core.frames import Frame, FrameClosed, FrameOpened, StagedState, Window
from rules.core.roller import Roller
from rules.core.settle import settle


class Step(Frame):
    frame: Literal["step"] = "step"


class Ask(Window):
    frame: Literal["ask"] = "ask"


class Noted(Event):
    type: Literal["noted"] = "noted"
    reveals: ClassVar[bool] = False
    what: str


def _flow() -> Flow[StagedState]:
    state = StagedState(seats=("a", "b"))
    return Flow(state, Roller(b"seed", 0), lambda s, e: s)


def test_a_step_carried_on_with_in_the_same_decision_leaves_no_trace() -> None:
    flow = _flow()
    flow.emit(FrameOpened(frame=Step()), Noted(what="before"))
    settle(flow, {Step: lambda f, step: f.emit(Noted(what="ran"))})
    assert [e.type for e in flow.events] == ["noted", "noted"]
    assert flow.state.windows == ()


def test_windows_and_frames_that_outlive_the_decision_stay_in_the_log() -> None:
    flow = _flow()
    flow.emit(FrameOpened(frame=Step()), FrameOpened(frame=Ask(seat="b")))
    settle(flow, {})
    assert [type(e) for e in flow.events] == [FrameOpened, FrameOpened]
    assert [f.frame for f in flow.state.windows] == ["step", "ask"]
    answered = Flow(flow.state, Roller(b"seed", 0), lambda s, e: s)
    answered.emit(FrameClosed(answer="yes"))  # closing a window opened earlier is logged
    settle(answered, {Step: lambda f, step: None})
    assert [type(e) for e in answered.events] == [FrameClosed, FrameClosed]
    assert answered.state.windows == ()


def test_a_window_opened_and_answered_at_once_is_still_logged() -> None:
    flow = _flow()
    flow.emit(FrameOpened(frame=Ask(seat="a")), FrameClosed(answer="declined"))
    assert [type(e) for e in flow.events] == [FrameOpened, FrameClosed]
