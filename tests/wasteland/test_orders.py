"""Leadership orders (004 Leadership X; Comms are down)."""

from __future__ import annotations

from typing import Any

from rules.core.rejection import Rejection, RejectionCode
from rules.wasteland.actions import GiveOrder
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.play import decide_battle
from rules.wasteland.state import WastelandState
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import battle, profile, reports, unit

OFFICER = profile("officer", type="command", leadership=2, will=6)
TROOPER = profile("trooper")
UNITS = [OFFICER, TROOPER]


def make(*extra: Any, **updates: Any) -> WastelandState:
    """A1 officer at (10, 10); A2 troopers 3" to its right, edge to edge; more as given."""
    units = [
        unit("A1", "alpha", OFFICER, (10, 10)),
        unit("A2", "alpha", TROOPER, (14, 10), 3),
        *extra,
    ]
    return battle(units, UNITS, **updates)


def run(state: WastelandState, dice: list[int]) -> tuple[Flow, ScriptedRoller]:
    roller = ScriptedRoller(dice)
    return Flow(state, roller, Catalog()), roller


def order(leader: str, what: str, target: str, far: bool = False) -> GiveOrder:
    return GiveOrder(leader=leader, order=what, unit=target, far=far)


def test_push_forward_in_range_rolls_a_d5() -> None:
    flow, roller = run(make(), [7])
    assert decide_battle(flow, "alpha", order("A1", "push", "A2")) is None
    a2 = flow.state.units["A2"]
    assert a2.push_forward == 400  # D10 7 → D5 4 → 4"
    assert a2.orders == ("push",)
    assert flow.state.units["A1"].orders_issued == 1
    assert any("Push forward!" in t and "D5 (7)" in t for t in reports(flow))
    assert roller.unused == []


def test_strike_regroup_and_seize_take_effect_at_once() -> None:
    state = make(unit("A3", "alpha", TROOPER, (6, 10), markers=2))
    state = state.model_copy(
        update={
            "units": {
                **state.units,
                "A1": state.units["A1"].model_copy(update={"heroic_figure": True}),
            }
        }
    )
    flow, roller = run(state, [])
    assert decide_battle(flow, "alpha", order("A1", "strike", "A2")) is None
    assert decide_battle(flow, "alpha", order("A1", "regroup", "A3")) is None
    assert decide_battle(flow, "alpha", order("A1", "seize", "A3")) is None
    assert flow.state.units["A2"].strike_harder is True
    assert flow.state.units["A3"].markers == 1
    assert flow.state.units["A3"].seize is True
    assert flow.state.units["A3"].orders == ("regroup", "seize")
    assert flow.state.units["A1"].orders_issued == 3  # Leadership 2 + heroic figure
    assert roller.unused == []


def test_regroup_needs_a_marker() -> None:
    flow, _ = run(make(), [])
    problem = decide_battle(flow, "alpha", order("A1", "regroup", "A2"))
    assert isinstance(problem, Rejection)
    assert problem.message == "A2 has no Suppression marker to lose."


def test_out_of_reach_refusal_names_the_distance() -> None:
    state = make(unit("A3", "alpha", TROOPER, (10, 20)))
    flow, _ = run(state, [])
    problem = decide_battle(flow, "alpha", order("A1", "push", "A3"))
    assert isinstance(problem, Rejection)
    assert problem.code == RejectionCode.OUT_OF_RANGE
    assert problem.explain() == (
        'A3 is 9.0" from A1; orders reach 5" (or 15" with a Will roll: add "far"). (004 Leadership)'
    )
    assert flow.state.units["A1"].orders_issued == 0


def test_far_order_with_a_passed_will_roll() -> None:
    flow, roller = run(make(unit("A3", "alpha", TROOPER, (10, 20))), [6])
    assert decide_battle(flow, "alpha", order("A1", "strike", "A3", far=True)) is None
    assert flow.state.units["A3"].strike_harder is True
    assert flow.state.units["A1"].orders_issued == 1
    assert any('reaches A3 at 9.0": Will 6 vs 6+ ✓' in t for t in reports(flow))
    assert roller.unused == []


def test_far_order_failed_will_roll_wastes_the_order() -> None:
    flow, roller = run(make(unit("A3", "alpha", TROOPER, (10, 20))), [5, 9])
    assert decide_battle(flow, "alpha", order("A1", "strike", "A3", far=True)) is None
    a3 = flow.state.units["A3"]
    assert a3.strike_harder is False and a3.orders == ()
    assert flow.state.units["A1"].orders_issued == 1
    assert any("the order is lost" in t for t in reports(flow))
    # the wasted order counts toward X, but the unit may be ordered again
    assert decide_battle(flow, "alpha", order("A1", "strike", "A3", far=True)) is None
    assert flow.state.units["A3"].strike_harder is True
    assert flow.state.units["A1"].orders_issued == 2
    assert roller.unused == []


def test_far_order_beyond_15_inches_is_refused() -> None:
    flow, _ = run(make(unit("A3", "alpha", TROOPER, (10, 30))), [])
    problem = decide_battle(flow, "alpha", order("A1", "push", "A3", far=True))
    assert isinstance(problem, Rejection)
    assert problem.message == 'A3 is 19.0" from A1; orders reach 15" at most, with a Will roll.'


def test_same_order_once_per_unit_per_round() -> None:
    flow, roller = run(make(), [4])
    assert decide_battle(flow, "alpha", order("A1", "push", "A2")) is None
    problem = decide_battle(flow, "alpha", order("A1", "push", "A2"))
    assert isinstance(problem, Rejection)
    assert problem.code == RejectionCode.ALREADY_DONE
    assert problem.message == "A2 has already received Push forward! this round."
    assert flow.state.units["A2"].push_forward == 200
    assert roller.unused == []


def test_no_more_than_x_orders_per_round() -> None:
    flow, _ = run(make(unit("A3", "alpha", TROOPER, (6, 10))), [])
    assert decide_battle(flow, "alpha", order("A1", "strike", "A2")) is None
    assert decide_battle(flow, "alpha", order("A1", "strike", "A3")) is None
    problem = decide_battle(flow, "alpha", order("A1", "seize", "A2"))
    assert isinstance(problem, Rejection)
    assert problem.message == "A1 has given all 2 of its orders this round (Leadership 2)."


def test_orders_stay_within_the_battle_group() -> None:
    flow, _ = run(make(unit("A3", "alpha", TROOPER, (6, 10), group=2)), [])
    problem = decide_battle(flow, "alpha", order("A1", "strike", "A3"))
    assert isinstance(problem, Rejection)
    assert "A3 is in Battle Group 2, A1 leads Battle Group 1" in problem.message


def test_orders_only_on_the_sides_turn_or_activation() -> None:
    bravo = unit("B1", "bravo", TROOPER, (10, 40))
    flow, _ = run(make(bravo, turn="bravo"), [])
    problem = decide_battle(flow, "alpha", order("A1", "strike", "A2"))
    assert isinstance(problem, Rejection) and problem.code == RejectionCode.NOT_YOUR_TURN
    flow, _ = run(make(bravo, active="B1"), [])
    problem = decide_battle(flow, "alpha", order("A1", "strike", "A2"))
    assert isinstance(problem, Rejection)
    assert problem.message.startswith("B1 of Bravo is activating")
    # while one of its own units activates, a side may order
    flow, _ = run(make(bravo, active="A2"), [])
    assert decide_battle(flow, "alpha", order("A1", "strike", "A2")) is None


def test_terrible_commander_cannot_order() -> None:
    flow, _ = run(make(advantages={"alpha": ("terrible_commander",)}), [])
    problem = decide_battle(flow, "alpha", order("A1", "strike", "A2"))
    assert isinstance(problem, Rejection)
    assert problem.message == "A1 has no Leadership to give orders (a Terrible commander)."


def test_comms_down_stops_far_orders_and_airstrikes() -> None:
    state = make(
        unit("A3", "alpha", TROOPER, (10, 20)),
        unit("B1", "bravo", TROOPER, (30, 10)),
        event_this_round="comms_down",
    )
    flow, _ = run(state, [])
    problem = decide_battle(flow, "alpha", order("A1", "push", "A3", far=True))
    assert isinstance(problem, Rejection)
    assert problem.explain() == (
        'Comms are down this round: orders reach only 5" (A3 is 9.0" from A1).'
        " (004 Random battle events)"
    )
    problem = decide_battle(flow, "alpha", order("A1", "airstrike", "B1"))
    assert isinstance(problem, Rejection)
    assert problem.message == "Comms are down this round: no airstrikes."
    # orders within 5" still go through
    assert decide_battle(flow, "alpha", order("A1", "strike", "A2")) is None


def airstrike_state(distance: float) -> WastelandState:
    """B1 (five troopers in a row) ``distance`` inches below A1, centre to centre."""
    return make(unit("B1", "bravo", TROOPER, (10, 10 + distance), 5))


def test_airstrike_hits_with_the_distance_penalty() -> None:
    # 19.0" → -1; roll 5 → 4, 3+: four dice at 6+, two Life rolls at D4, Suppressive 1
    flow, roller = run(airstrike_state(20), [5, 6, 7, 2, 3, 9, 10, 4])
    assert decide_battle(flow, "alpha", order("A1", "airstrike", "B1")) is None
    b1 = flow.state.units["B1"]
    assert len(b1.living) == 4
    assert b1.markers == 1
    assert b1.orders == ("airstrike",)
    assert flow.state.units["A1"].orders_issued == 1
    lines = reports(flow)
    assert any('airstrike on B1 (19.0"): 5 -1 (distance) = 4, 3+ → on target' in t for t in lines)
    assert "Airstrike on B1 ×4: 6 7 2 3 vs 6+ → 2 hits" in lines
    assert any(t.startswith("B1 Life 9 10 vs 10+ (D4)") for t in lines)
    assert roller.unused == []


def test_airstrike_roll_of_two_misses() -> None:
    flow, roller = run(airstrike_state(20), [3])
    assert decide_battle(flow, "alpha", order("A1", "airstrike", "B1")) is None
    assert len(flow.state.units["B1"].living) == 5
    assert any("= 2 → it misses" in t for t in reports(flow))
    assert roller.unused == []


def test_airstrike_mishap_hits_the_nearest_friendly_unit() -> None:
    # at 31" the penalty is -3: a 4 becomes 1, and A3 (nearest friend to B1) is hit instead
    state = make(
        unit("A3", "alpha", TROOPER, (30, 38), 2),
        unit("B1", "bravo", TROOPER, (10, 42), 5),
    )
    flow, roller = run(state, [4, 6, 1, 1, 1, 2, 3])
    assert decide_battle(flow, "alpha", order("A1", "airstrike", "B1")) is None
    assert len(flow.state.units["B1"].living) == 5
    assert len(flow.state.units["A3"].living) == 1
    assert flow.state.units["A3"].markers == 1
    assert any("1 or less → it hits the nearest friendly unit, A3!" in t for t in reports(flow))
    assert roller.unused == []


def test_airstrike_once_per_enemy_unit_and_needs_sight() -> None:
    flow, roller = run(airstrike_state(20), [3])
    assert decide_battle(flow, "alpha", order("A1", "airstrike", "B1")) is None
    problem = decide_battle(flow, "alpha", order("A1", "airstrike", "B1"))
    assert isinstance(problem, Rejection)
    assert problem.message == "An airstrike has already been called on B1 this round."
    problem = decide_battle(flow, "alpha", order("A1", "airstrike", "A2"))
    assert isinstance(problem, Rejection) and problem.code == RejectionCode.BAD_ARGUMENT
    assert roller.unused == []
