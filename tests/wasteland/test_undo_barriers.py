"""A Rescue counter turned without dice still reveals its number: the action cannot be
taken back without the other players' approval."""

from __future__ import annotations

from rules.core.events import DiceRolled, holds_back_undo
from rules.wasteland.actions import Interact
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.facts.battle import CounterTurned
from rules.wasteland.flow import Flow
from rules.wasteland.play import decide_battle
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import unit
from tests.wasteland.test_missions import GRUNT, at_objective, interact, mission_state


def test_a_counter_turned_by_slow_and_steady_holds_back_a_free_undo() -> None:
    probe = mission_state("rescue", [unit("B1", "bravo", GRUNT, (60, 44))])
    counter = probe.objectives[0]
    units = [
        unit("A1", "alpha", GRUNT, at_objective(counter)),
        unit("B1", "bravo", GRUNT, (60, 44)),
    ]
    numbers = {o.id: i + 8 for i, o in enumerate(probe.objectives)}
    state = mission_state("rescue", units, active="A1", counter_numbers=numbers, counter_key=1)
    first = interact(state, Interact(objective=counter.id, mode="steady"), [])
    assert not any(holds_back_undo(e, "alpha") for e in first.events)  # nothing seen yet
    second = Flow(first.state, ScriptedRoller([]), Catalog())
    assert decide_battle(second, "alpha", Interact(objective=counter.id)) is None
    turned = [e for e in second.events if isinstance(e, CounterTurned)]
    assert turned and turned[0].number == 8
    assert not any(isinstance(e, DiceRolled) for e in second.events)
    assert any(holds_back_undo(e, "alpha") for e in second.events)
