"""Activations and rounds: order constraints, suppression and heroism, two Actions, Defend,
passing the turn, initiative and the end of the round."""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.rejection import Rejection
from rules.wasteland.actions import Activate, Defend, EndActivation
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.play import decide_battle
from rules.wasteland.rounds import initiative_order
from rules.wasteland.state import WastelandState
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import battle, profile, reports, unit

GRUNT = profile("grunt")
BIKER = profile("biker", type="fast")
TANK = profile("tank", type="heavy", weapons=("rifle",), vehicle=True, tough=3, base_mm=60)
CHIEF = profile("chief", type="command", leadership=2)


def run(
    state: WastelandState, seat: str, action: Action, dice: list[int] | None = None
) -> tuple[Flow, Rejection | None]:
    roller = ScriptedRoller(dice or [])
    flow = Flow(state, roller, Catalog())
    problem = decide_battle(flow, seat, action)
    assert roller.unused == []
    return flow, problem


def army() -> WastelandState:
    units = [
        unit("A1", "alpha", GRUNT, (10, 5)),
        unit("A2", "alpha", BIKER, (20, 5)),
        unit("A3", "alpha", TANK, (30, 5)),
        unit("B1", "bravo", GRUNT, (10, 40)),
    ]
    return battle(units, [GRUNT, BIKER, TANK])


def test_fast_units_go_first_and_heavy_units_last() -> None:
    state = army()
    _, problem = run(state, "alpha", Activate(unit="A1"))
    assert problem is not None and "activate first: A2" in problem.message
    flow, problem = run(state, "alpha", Activate(unit="A2"))
    assert problem is None and flow.state.active is not None
    done = state.model_copy(
        update={
            "units": {**state.units, "A2": state.units["A2"].model_copy(update={"activated": True})}
        }
    )
    _, problem = run(done, "alpha", Activate(unit="A3"))
    assert problem is not None and "Heavy units activate last" in problem.message


def test_seize_the_initiative_lets_a_unit_break_the_order() -> None:
    state = army()
    seized = state.units["A3"].model_copy(update={"seize": True})
    flow, problem = run(
        state.model_copy(update={"units": {**state.units, "A3": seized}}),
        "alpha",
        Activate(unit="A3"),
    )
    assert problem is None and flow.state.active is not None and flow.state.active.unit == "A3"


def test_only_the_seat_whose_turn_it_is_may_activate() -> None:
    _, problem = run(army(), "bravo", Activate(unit="B1"))
    assert problem is not None and problem.message == "It is Alpha's turn to activate a unit."


def test_each_suppression_marker_removes_an_action() -> None:
    state = army()
    marked = state.units["A2"].model_copy(update={"markers": 1})
    flow, _ = run(
        state.model_copy(update={"units": {**state.units, "A2": marked}}),
        "alpha",
        Activate(unit="A2"),
    )
    assert flow.state.active is not None and flow.state.active.actions == 1


def test_heroism_ignores_markers_on_a_pass_and_adds_one_on_a_failure() -> None:
    state = army()
    marked = state.units["A2"].model_copy(update={"markers": 2})
    state = state.model_copy(update={"units": {**state.units, "A2": marked}})
    # Will 6+ at -2, +1 for defending while suppressed: needs 7+
    flow, _ = run(state, "alpha", Activate(unit="A2", heroic=True), [7])
    assert flow.state.active is not None and flow.state.active.actions == 2
    flow, _ = run(state, "alpha", Activate(unit="A2", heroic=True), [6])
    assert flow.state.active is None
    assert flow.state.units["A2"].markers == 3 and flow.state.units["A2"].activated
    assert flow.state.turn == "bravo"


def test_defend_is_the_last_action_and_passes_the_turn() -> None:
    state = battle(
        [unit("A1", "alpha", GRUNT, (10, 5)), unit("B1", "bravo", GRUNT, (10, 40))],
        [GRUNT],
        active="A1",
    )
    flow, problem = run(state, "alpha", Defend())
    assert problem is None
    assert flow.state.units["A1"].defending and flow.state.units["A1"].activated
    assert flow.state.active is None and flow.state.turn == "bravo"


def test_ending_the_round_runs_morale_and_starts_the_next_round() -> None:
    state = battle(
        [unit("A1", "alpha", CHIEF, (10, 5)), unit("B1", "bravo", GRUNT, (10, 40))],
        [CHIEF, GRUNT],
        active="A1",
    )
    state = state.model_copy(
        update={
            "units": {**state.units, "B1": state.units["B1"].model_copy(update={"activated": True})}
        }
    )
    flow, problem = run(state, "alpha", EndActivation())
    assert problem is None
    assert flow.state.round == 2
    assert flow.state.order == ("alpha", "bravo")  # Leadership 2 against 0
    assert not flow.state.units["A1"].activated
    assert any(t.startswith("Round 2.") for t in reports(flow))


def test_initiative_ties_go_to_fewer_units_then_a_roll_off() -> None:
    state = battle(
        [
            unit("A1", "alpha", GRUNT, (10, 5)),
            unit("A2", "alpha", GRUNT, (20, 5)),
            unit("B1", "bravo", GRUNT, (10, 40)),
        ],
        [GRUNT],
    )
    flow = Flow(state, ScriptedRoller([]), Catalog())
    assert initiative_order(flow, "test")[0] == ("bravo", "alpha")
    even = state.model_copy(update={"units": {k: v for k, v in state.units.items() if k != "A2"}})
    flow = Flow(even, ScriptedRoller([4, 4, 2, 9]), Catalog())
    assert initiative_order(flow, "test")[0] == ("bravo", "alpha")


def test_a_side_with_units_left_may_not_wait() -> None:
    _, problem = run(army(), "alpha", EndActivation())
    assert problem is not None and "still have units to activate" in problem.message


def test_a_destroyed_unit_is_said_to_be_out_of_the_battle() -> None:
    # it was refused with "A2 cannot activate now.", which reads as if it might later
    state = army()
    gone = state.units["A2"].model_copy(update={"status": "destroyed"})
    state = state.model_copy(update={"units": {**state.units, "A2": gone}})
    _, problem = run(state, "alpha", Activate(unit="A2"))
    assert problem is not None and "out of the battle (destroyed)" in problem.message
