"""Every registered system, played by its own automatic player with some randomness: no
crash, no dead end, every suggestion accepted, the log folds back to the same game, every
event is narrated without error, and no secret reaches anyone who may not know it.

A system gets these checks by being installed; nothing here names one.
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import pytest

from rules.core import engine
from rules.core.events import Event, UnknownEvent
from rules.core.registry import available_systems
from rules.core.rejection import Rejection
from rules.core.secrets import Spelling
from rules.core.state import GameState
from rules.core.system import GameSystem
from tests.core.hidden import check_secrets

STEPS = 120
SEEDS = (1, 2)


def _play(system: GameSystem[Any], number: int) -> tuple[GameState, list[Event]]:
    rnd = random.Random(number)
    seed = number.to_bytes(32, "big")
    seats = tuple(spec.id for spec in system.seat_specs[: system.min_seats])
    state = system.initial_state(system.options_model(), seats)
    log = engine.begin(system, state, seed)
    state = engine.fold(system, state, log)
    held: dict[str, set[Spelling]] = {}
    for _ in range(STEPS):
        if state.finished:
            break
        waiting = system.status(state).waiting_on
        assert waiting, f"{system.id}: nobody is awaited in {system.status(state).phase}"
        seat = waiting[rnd.randrange(len(waiting))]
        choices = system.legal_actions(state, seat)
        notation = system.automatic_action(state, seat, choices, rnd, randomness=0.3)
        assert notation is not None, f"{system.id}: {seat} is awaited with nothing to do"
        action = system.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection), (notation, action)
        events = engine.decide(system, state, seed, seat, action)
        assert not isinstance(events, Rejection), (notation, events)
        log.extend(events)
        state = engine.fold(system, state, events)
        for event in events:
            system.describe(event, state)
        check_secrets(system, state, log, held)
    return state, log


@pytest.mark.parametrize("number", SEEDS)
@pytest.mark.parametrize("system", available_systems(), ids=lambda s: s.id)
def test_automatic_games_hold_together(system: GameSystem[Any], number: int) -> None:
    state, log = _play(system, number)
    fresh = system.initial_state(system.options_model(), state.seats)
    assert engine.fold(system, fresh, log) == state
    reparsed = [engine.parse_event(system, json.loads(e.model_dump_json())) for e in log]
    assert reparsed == log


class Foreign(Event):
    """An event no system declares."""

    type: str = "foreign"
    reveals: ClassVar[bool] = False


@pytest.mark.parametrize("system", available_systems(), ids=lambda s: s.id)
def test_a_fold_refuses_an_event_it_does_not_know(system: GameSystem[Any]) -> None:
    seats = tuple(spec.id for spec in system.seat_specs[: system.min_seats])
    state = system.initial_state(system.options_model(), seats)
    with pytest.raises(UnknownEvent):
        system.evolve(state, Foreign())
