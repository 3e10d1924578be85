"""Moving (reading 10, 003 Bewegung) on the mill-clearing and river-landing tables: the
allowance and its modifiers from the tables, the terrain the paths touch, and hidden
movement under a marker (reading 12).

Mill clearing: a road from y 22" to 26" across the table, the north wood (difficult), the
mill (a building, difficult), a cornfield (very difficult, 28-40" x 4-13"), hay (a low
obstacle from 18,30 to 22,30)."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import Command, Move, PlayCard
from rules.blackpowder.state import BPState, Point
from rules.core.events import Event
from rules.core.rejection import RejectionCode
from rules.core.visibility import Viewer
from tests.blackpowder.deciding import accepted, hide, refused, scene, with_player, with_unit
from tests.blackpowder.engine import set_up_game
from tests.blackpowder.test_engine_cards import bravo_holding


def at(x: float, y: float) -> Point:
    return round(x * 100), round(y * 100)


FAR = {"A1": (4600, 4700)}
"""An enemy more than 24" away from the test's ground, so neither side is wiped out."""


def rangers_go(rows: dict[str, Point], table: str = "mill-clearing") -> BPState:
    """Bravo has played the rangers' troop card: B4 (6 rangers) and B5 (their captain),
    both with scouts and local knowledge, may act."""
    state = bravo_holding("thornbury-troop-rangers", state=set_up_game(table=table)[0])
    state, _ = accepted(
        scene(state, {**FAR, **rows}), "bravo", PlayCard(card="thornbury-troop-rangers")
    )
    return state


def commanded(state: BPState, unit: str) -> BPState:
    """Bravo gives ``unit`` a Command."""
    state = with_player(state, "bravo", points=9)
    return accepted(state, "bravo", Command(unit=unit))[0]


def plain(rows: dict[str, Point], table: str = "mill-clearing") -> BPState:
    state = bravo_holding("thornbury-morale-harvest", state=set_up_game(table=table)[0])
    return scene(state, {**FAR, **rows})


def moved(events: list[Event]) -> ev.Moved:
    return next(e for e in events if isinstance(e, ev.Moved))


def test_4_inches_and_2_more_with_no_enemy_within_24() -> None:
    state = commanded(plain({"B2": at(2, 19)}), "B2")  # 10 models, centre at 8.75,19
    after, events = accepted(state, "bravo", Move(unit="B2", to=at(14.75, 19)))
    move = moved(events)
    assert (move.allowance, move.distance) == (6, 600)
    assert move.modifiers == ('+2 no enemy within 24"',)
    assert after.unit("B2").models[0].x == 800


def test_an_enemy_within_24_keeps_the_unit_to_4() -> None:
    state = commanded(plain({"B2": at(2, 19), "A1": at(8.75, 30)}), "B2")
    problem = refused(state, "bravo", Move(unit="B2", to=at(14.75, 19)))
    assert problem.code == RejectionCode.OUT_OF_RANGE
    assert problem.rule == rule.MOVEMENT
    assert 'allowance is 4" (base 4": no modifiers)' in problem.message
    assert '6.0"' in problem.message
    accepted(state, "bravo", Move(unit="B2", to=at(12.75, 19)))


def test_an_enemy_marker_within_24_counts_as_an_enemy() -> None:
    state = hide(plain({"B2": at(2, 19), "A1": at(8.75, 30)}), "A1", "HA1")
    state = commanded(state, "B2")
    assert refused(state, "bravo", Move(unit="B2", to=at(14.75, 19))).code == (
        RejectionCode.OUT_OF_RANGE
    )


def test_scouts_and_local_knowledge_both_add() -> None:
    state = rangers_go({"B5": at(10, 19), "A1": at(10, 30)})
    _, events = accepted(state, "bravo", Move(unit="B5", to=at(16, 19)))
    assert moved(events).allowance == 6


def test_entering_difficult_ground_costs_1() -> None:
    state = rangers_go({"B5": at(10, 17), "A1": at(10, 30)})
    problem = refused(state, "bravo", Move(unit="B5", to=at(10, 11.5)))
    assert "-1 difficult ground" in problem.message
    _, events = accepted(state, "bravo", Move(unit="B5", to=at(10, 12.5)))
    assert moved(events).allowance == 5


def test_entering_the_mill_costs_1() -> None:
    state = rangers_go({"B5": at(24.5, 18.5), "A1": at(24.5, 30)})
    _, events = accepted(state, "bravo", Move(unit="B5", to=at(24.5, 14)))
    assert moved(events).allowance == 5


def test_very_difficult_ground_costs_2() -> None:
    state = rangers_go({"B5": at(30, 15), "A1": at(30, 30)})
    assert refused(state, "bravo", Move(unit="B5", to=at(30, 10.5))).code == (
        RejectionCode.OUT_OF_RANGE
    )
    _, events = accepted(state, "bravo", Move(unit="B5", to=at(30, 11)))
    assert moved(events).allowance == 4
    assert "-2 very difficult ground" in moved(events).modifiers


def test_each_low_obstacle_crossed_costs_1() -> None:
    state = rangers_go({"B5": at(20, 31), "A1": at(20, 40)})
    _, events = accepted(state, "bravo", Move(unit="B5", to=at(20, 28)))
    assert moved(events).allowance == 5
    assert "-1 1 low obstacle(s) crossed" in moved(events).modifiers


def test_a_high_obstacle_cannot_be_crossed() -> None:
    state = rangers_go({"B5": at(14, 18), "A1": at(10, 40)}, table="river-landing")
    problem = refused(state, "bravo", Move(unit="B5", to=at(18, 18)))
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    assert problem.rule == rule.TERRAIN
    assert "Stockade" in problem.message or "Palisade" in problem.message


def test_a_single_model_wholly_along_a_road_adds_4_and_a_unit_2() -> None:
    state = commanded(plain({"B1": at(5, 24)}), "B1")
    _, events = accepted(state, "bravo", Move(unit="B1", to=at(15, 24)))
    assert moved(events).allowance == 10  # 4, +2 no enemy near, +4 road
    state = commanded(plain({"B2": at(2, 24)}), "B2")
    assert refused(state, "bravo", Move(unit="B2", to=at(17.75, 24))).code == (
        RejectionCode.OUT_OF_RANGE
    )
    _, events = accepted(state, "bravo", Move(unit="B2", to=at(16.75, 24)))
    assert moved(events).allowance == 8


def test_a_unit_in_column_along_a_road_adds_4() -> None:
    state = with_unit(plain({"B2": at(2, 24)}), "B2", formation="column")
    state = commanded(state, "B2")
    _, events = accepted(state, "bravo", Move(unit="B2", to=at(18.75, 24)))
    assert moved(events).allowance == 10


def test_leaving_the_road_loses_the_bonus() -> None:
    state = commanded(plain({"B1": at(5, 24)}), "B1")
    problem = refused(state, "bravo", Move(unit="B1", to=at(12, 28)))
    assert problem.code == RejectionCode.OUT_OF_RANGE


def test_a_move_into_base_contact_with_the_enemy_is_a_charge() -> None:
    state = rangers_go({"B5": at(15, 19), "A1": at(20, 19)})
    problem = refused(state, "bravo", Move(unit="B5", to=(2000 - 98, 1900)))
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    assert "charge" in problem.message


def test_a_move_off_the_table_is_refused() -> None:
    state = rangers_go({"B5": at(1, 19), "A1": at(10, 30)})
    problem = refused(state, "bravo", Move(unit="B5", to=at(-2, 19)))
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    assert problem.message == "B5 cannot go there: model 1 would leave the table."


def test_only_activated_units_act_once_each_and_the_activation_then_closes() -> None:
    state = rangers_go({"B4": at(10, 19), "B5": at(30, 19), "B2": at(2, 28)})
    problem = refused(state, "bravo", Move(unit="B2", to=at(4, 28)))
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    assert problem.rule == rule.CARDS
    state, _ = accepted(state, "bravo", Move(unit="B5", to=at(32, 19)))
    again = refused(state, "bravo", Move(unit="B5", to=at(33, 19)))
    assert again.code == RejectionCode.ALREADY_DONE
    after, events = accepted(state, "bravo", Move(unit="B4", to=at(15, 19)))
    assert isinstance(events[-1], ev.ActivationClosed)
    assert after.activation is None


def test_no_unit_acts_without_an_activation() -> None:
    state = plain({"B2": at(2, 19)})
    problem = refused(state, "bravo", Move(unit="B2", to=at(4, 19)))
    assert problem.code == RejectionCode.WRONG_PHASE
    assert problem.rule == rule.ACTIONS


def test_a_hidden_unit_moves_its_marker_in_public_and_its_models_in_secret() -> None:
    state = hide(rangers_go({"B5": at(10, 19), "A1": at(40, 46)}), "B5", "HB1")
    after, events = accepted(state, "bravo", Move(unit="HB1", to=at(14, 19)))
    secret = [e for e in events if isinstance(e, ev.HiddenMoved)]
    public = [e for e in events if e.visibility.scope == "public"]
    assert len(secret) == 1 and secret[0].unit == "B5"
    assert secret[0].visibility.allows(Viewer.of_seat("bravo"))
    assert not secret[0].visibility.allows(Viewer.of_seat("alpha"))
    assert not any("B5" in e.model_dump_json() for e in public)
    marker = after.marker("HB1")
    assert (marker.x, marker.y) == at(14, 19)
    assert after.unit("B5").models[0].x == 1400
    assert after.unit("B5").hidden
