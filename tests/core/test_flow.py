"""The core flow: events folded as they are emitted, and pending steps that open and close
inside one decision leave nothing in the log, while windows and lasting frames stay."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from rules.core.actions import Action
from rules.core.events import Event
from rules.core.flow import Flow
from rules.core.frames import Frame, FrameClosed, FrameOpened, StagedState, Window
from rules.core.phases import Phase, dispatch
from rules.core.rejection import Rejection
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


def test_a_refused_verb_lists_every_legal_alternative_or_counts_the_rest() -> None:
    # the phase table handed only the first 10 to the refusal, which then said nothing
    # of the rest: the 11th recruit of a team phase was never mentioned
    phase: Phase[Any] = Phase("teams", "000 Setup")
    legal = [f"recruit c{n}" for n in range(1, 12)]
    refused = dispatch(None, "alpha", _Other(), phase, lambda: legal)
    assert isinstance(refused, Rejection)
    assert "`recruit c11`" in refused.explain()
    many = [f"recruit c{n}" for n in range(1, 31)]
    refused = dispatch(None, "alpha", _Other(), phase, lambda: many)
    assert isinstance(refused, Rejection) and "and 15 more" in refused.explain()


class _Other(Action):
    type: str = "other"
