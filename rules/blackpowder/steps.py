"""What carries on with each kind of pending step (see :func:`rules.core.settle.settle`)."""

from __future__ import annotations

from typing import Any

from rules.blackpowder.acting import end_action
from rules.blackpowder.flow import Flow
from rules.blackpowder.melee_fight import melee_end, melee_test
from rules.blackpowder.reacting import after_fire, morale_test
from rules.blackpowder.state import (
    AfterActionStep,
    AfterFireStep,
    MeleeEndStep,
    MeleeTestsStep,
    MoraleTestsStep,
)
from rules.core.settle import StepTable


def _after_action(flow: Flow, step: Any) -> None:
    assert isinstance(step, AfterActionStep)
    end_action(flow, step.piece)


def _morale_tests(flow: Flow, step: Any) -> None:
    assert isinstance(step, MoraleTestsStep)
    morale_test(flow, step)


def _melee_tests(flow: Flow, step: Any) -> None:
    assert isinstance(step, MeleeTestsStep)
    melee_test(flow, step)


def _melee_end(flow: Flow, step: Any) -> None:
    assert isinstance(step, MeleeEndStep)
    melee_end(flow, step)


def _after_fire(flow: Flow, step: Any) -> None:
    """The reaction test once the owner has picked the models lost to fire."""
    assert isinstance(step, AfterFireStep)
    shooter = flow.state.unit(step.shooter)
    after_fire(flow, step.unit, shooter, step.casualties, volley=step.volley)


STEPS: StepTable[Flow] = {
    AfterActionStep: _after_action,
    MoraleTestsStep: _morale_tests,
    MeleeTestsStep: _melee_tests,
    MeleeEndStep: _melee_end,
    AfterFireStep: _after_fire,
}
