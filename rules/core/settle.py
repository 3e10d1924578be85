"""Carrying on with pending steps until somebody must answer.

After every accepted action a staged system calls :func:`settle`: while the top frame of
the stack is a pending step (not a window), it is closed and its runner from the system's
step table carries on with it; runners may open new frames. It stops when a window waits
for an answer, the stack is empty or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from rules.core.flow import Flow
from rules.core.frames import Frame, FrameClosed, StagedState

F = TypeVar("F", bound=Flow[Any])

StepTable = Mapping[type[Frame], Callable[[F, Any], None]]
"""What carries on with each kind of pending step, given the system's flow."""

MAX_STEPS = 200


class UnsettledFlow(RuntimeError):
    """Pending steps kept opening new steps without end (a programming bug)."""


def settle(flow: F, steps: StepTable[F]) -> None:
    """Run pending steps from the top of the stack until a window, an empty stack or the
    end of the game."""
    for _ in range(MAX_STEPS):
        if flow.over:
            return
        state = flow.state
        assert isinstance(state, StagedState), "only a staged state keeps pending steps"
        top = state.top()
        if top is None or top.awaits:
            return
        runner = steps.get(type(top))
        if runner is None:
            raise UnsettledFlow(f"no runner for the pending step {top.frame!r}")
        flow.emit(FrameClosed(answer="resume"))
        runner(flow, top)
    raise UnsettledFlow(f"more than {MAX_STEPS} pending steps in one decision")
