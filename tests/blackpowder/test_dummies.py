"""Dummy markers (reading 12): a side that deploys hidden adds markers that hide no unit,
told only to their owner; they move with every card of their side, as far as its most
mobile unit could, take no other action, look out like a unit, and are taken away once an
enemy spots them. In public nothing tells one from a marker that hides a unit."""

from __future__ import annotations

import json

from rules.blackpowder import actions as act
from rules.blackpowder import events as ev
from rules.blackpowder.board import models_of
from rules.blackpowder.narrate import describe
from rules.blackpowder.state import BPState
from rules.blackpowder.view import view
from rules.core.events import Event
from rules.core.language import Language
from rules.core.rejection import RejectionCode
from rules.core.visibility import Viewer
from rules.geometry.formations import centroid
from tests.blackpowder.deciding import accepted, placed, refused, with_player
from tests.blackpowder.engine import set_up_game
from tests.blackpowder.test_engine_cards import bravo_holding

AMBUSH = {"scenario": "road-ambush"}
DUMMY_FIRST = [8, 2, 2, 2, 2, 2, 2, 1]
"""The ambushers' draw that puts a dummy on the first place and the colonel B1 on the
eighth (all 1s: B1 on the first, the dummies on the last two)."""


def _public(state: BPState, events: list[Event]) -> list[object]:
    return [
        (e.model_dump(mode="json"), [describe(e, state, language) for language in Language])
        for e in events
        if e.visibility.allows(Viewer.spectator())
    ]


def test_a_side_that_deploys_hidden_puts_down_dummies_only_it_knows_of() -> None:
    state, events = set_up_game(**AMBUSH)
    assert state.dummies == ("HB8", "HB9")
    assert {u.marker for u in state.on_table("bravo")} == {f"HB{n}" for n in range(1, 8)}
    told = [e for e in events if isinstance(e, ev.DummiesPlaced)]
    assert [(e.seat, e.markers) for e in told] == [("bravo", ("HB8", "HB9"))]
    assert told[0].visibility.allows(Viewer.of_seat("bravo"))
    assert not told[0].visibility.allows(Viewer.of_seat("alpha"))
    assert describe(told[0], state) == (
        "Your markers HB8, HB9 hide no unit: dummies, which only move."
    )
    placed = next(e for e in events if isinstance(e, ev.MarkersPlaced) and e.seat == "bravo")
    assert [m.marker for m in placed.markers] == [f"HB{n}" for n in range(1, 10)]
    # the owner sees its dummies; the other seat and spectators do not
    assert view(state, Viewer.of_seat("bravo")).players[1].dummies == ("HB8", "HB9")
    for viewer in (Viewer.of_seat("alpha"), Viewer.spectator()):
        assert "HB8" not in json.dumps(view(state, viewer).players[1].model_dump())


def test_the_option_sets_how_many_and_no_more_go_down_than_fit() -> None:
    none, _ = set_up_game(dummies=0, **AMBUSH)
    assert none.dummies == ()
    many, _ = set_up_game(dummies=4, **AMBUSH)
    assert len(many.dummies) == 2  # the deep blocks of seven units leave room for two
    # a side that does not deploy hidden puts down none
    assert set_up_game()[0].dummies == ()


def _ambushers_playing(card: str, state: BPState | None = None) -> BPState:
    state = bravo_holding(card, state=state or set_up_game(**AMBUSH)[0])
    return accepted(state, "bravo", act.PlayCard(card=card))[0]


def test_a_dummy_moves_with_any_card_and_holds_the_activation_open() -> None:
    state = _ambushers_playing("thornbury-troop-riflemen")
    marker = state.marker("HB8")
    to = (marker.x, marker.y + 300)
    after, events = accepted(state, "bravo", act.Move(unit="HB8", to=to))
    secret = next(e for e in events if isinstance(e, ev.DummyMoved))
    assert secret.visibility.allows(Viewer.of_seat("bravo"))
    assert not secret.visibility.allows(Viewer.of_seat("alpha"))
    shown = next(e for e in events if isinstance(e, ev.MarkerMoved))
    assert (shown.marker, shown.at, shown.distance) == ("HB8", to, 300)
    assert after.marker("HB8").y == marker.y + 300
    # the riflemen (HB6) and the other dummy may still act: the activation stays open
    assert after.activation is not None and after.activation.acted == ("HB8",)
    problem = refused(after, "bravo", act.Move(unit="HB8", to=(to[0], to[1] + 100)))
    assert problem.code == RejectionCode.ALREADY_DONE


def test_a_dummy_goes_as_far_as_its_sides_most_mobile_unit() -> None:
    # the mounted rangers' light cavalry and local knowledge: 4 + 6 + 1, -1 in the wood
    state = _ambushers_playing("thornbury-troop-riflemen")
    marker = state.marker("HB9")
    far = refused(state, "bravo", act.Move(unit="HB9", to=(marker.x, marker.y + 1100)))
    assert far.code == RejectionCode.OUT_OF_RANGE
    assert 'allowance is 10" (base 4": +1 local knowledge, +6 light cavalry' in far.message
    accepted(state, "bravo", act.Move(unit="HB9", to=(marker.x, marker.y + 1000)))


def test_a_dummys_only_action_is_a_move() -> None:
    state = _ambushers_playing("thornbury-troop-riflemen")
    for action in (
        act.Reload(unit="HB8"),
        act.Shoot(unit="HB8", target="A1"),
        act.Form(unit="HB8", formation="loose"),
    ):
        problem = refused(state, "bravo", action)
        assert "HB8 is one of your dummy markers: its only action is a move." in problem.message


def test_a_command_to_a_dummy_costs_what_a_small_units_does() -> None:
    state = with_player(set_up_game(**AMBUSH)[0], "bravo", points=2)
    after, events = accepted(state, "bravo", act.Command(unit="HB8"))
    spent = next(e for e in events if isinstance(e, ev.PointsSpent))
    assert (spent.points, spent.piece) == (2, "HB8")
    assert after.activation is not None and after.activation.unit == "HB8"


def test_an_enemy_that_spots_a_dummy_takes_it_away() -> None:
    state = bravo_holding("aldermoor-troop-grenadiers", state=set_up_game(**AMBUSH)[0])
    state = state.model_copy(update={"go": "alpha", "played": False})
    state = with_player(state, "alpha", hand=("aldermoor-troop-grenadiers",))
    state, _ = accepted(state, "alpha", act.PlayCard(card="aldermoor-troop-grenadiers"))
    # the grenadiers A5 stand 5" below the dummy HB9 in the wood, and move up an inch
    dummy = state.marker("HB9")
    state = placed(state, "A5", (dummy.x - 700, dummy.y + 500))
    centre = centroid(models_of(state, state.unit("A5")))
    after, events = accepted(state, "alpha", act.Move(unit="A5", to=(centre[0], centre[1] - 100)))
    found = [e for e in events if isinstance(e, ev.DummyFound)]
    assert [(e.marker, e.spotter) for e in found] == [("HB8", "A5"), ("HB9", "A5")]
    assert found[1].visibility.scope == "public"
    assert describe(found[1], after) == (
        "A5 spots the marker HB9: a dummy, it hid no unit and comes off the table."
    )
    assert {"HB8", "HB9"}.isdisjoint({m.id for m in after.markers})
    assert after.dummies == ()


def test_a_dummy_and_a_hidden_unit_moving_alike_look_alike() -> None:
    """The colonel B1 (one model: a Command costs 2, like a dummy's) under HB1 in one game,
    a dummy under HB1 in the other: the same Command and move read the same in public."""
    real, _ = set_up_game(**AMBUSH)
    dummy, _ = set_up_game(DUMMY_FIRST, **AMBUSH)
    assert real.unit("B1").marker == "HB1" and dummy.dummies[0] == "HB1"
    seen = []
    for state in (real, dummy):
        state = with_player(state, "bravo", points=2)
        state, commanded = accepted(state, "bravo", act.Command(unit="HB1"))
        marker = state.marker("HB1")
        state, moved = accepted(state, "bravo", act.Move(unit="HB1", to=(marker.x, marker.y + 200)))
        seen.append(_public(state, [*commanded, *moved]))
        seen.append(json.dumps(view(state, Viewer.of_seat("alpha")).model_dump(mode="json")))
    assert seen[0] == seen[2] and seen[1] == seen[3]


def test_a_dummy_does_not_end_on_another_marker() -> None:
    state = _ambushers_playing("thornbury-troop-riflemen")
    other = state.marker("HB6")
    problem = refused(state, "bravo", act.Move(unit="HB8", to=(other.x + 100, other.y)))
    assert "HB8 cannot end its move on the marker HB6" in problem.message
