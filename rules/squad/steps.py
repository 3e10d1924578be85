"""What carries on with each kind of pending step (see :func:`rules.core.settle.settle`)."""

from __future__ import annotations

from typing import Any

from rules.core.settle import StepTable
from rules.squad.flow import Flow
from rules.squad.reactions import run_reactions
from rules.squad.state import AfterShotStep, ReactionsStep
from rules.squad.turns import end_activation


def _after_shot(flow: Flow, step: Any) -> None:
    assert isinstance(step, AfterShotStep)
    end_activation(flow, step.shooter)


def _reactions(flow: Flow, step: Any) -> None:
    assert isinstance(step, ReactionsStep)
    run_reactions(flow, step)


STEPS: StepTable[Flow] = {AfterShotStep: _after_shot, ReactionsStep: _reactions}
