"""Formations (readings 20 and 60): forming close, open, loose or in column as an action,
what each formation changes (reaction tests, the target's -1 when loose, the road bonus of
a column), and the words that ask for it. Bravo fields the Aldermoor garrison here: B2 is
its line company (twelve models, close formation), B3 its light company (eight, scouts);
alpha's rangers (A4, six muskets) shoot at them."""

from __future__ import annotations

import itertools
import math

from rules.blackpowder import events as ev
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import Command, Form, Move, PlayCard, Shoot
from rules.blackpowder.choices import legal
from rules.blackpowder.narrate import describe
from rules.blackpowder.notation import parse
from rules.blackpowder.state import BPState, Point
from rules.blackpowder.view import view
from rules.core.events import Event
from rules.core.rejection import Rejection, RejectionCode
from rules.core.visibility import Viewer
from tests.blackpowder.deciding import (
    accepted,
    hide,
    nearest_fallen,
    refused,
    scene,
    with_player,
)
from tests.blackpowder.engine import set_up_game
from tests.blackpowder.test_engine_cards import bravo_holding
from tests.blackpowder.test_engine_movement import at

FAR = {"A1": at(46, 47)}


def garrison(rows: dict[str, Point], step: int = 150) -> BPState:
    """Bravo's go with the Aldermoor garrison on ``rows``, its pool full."""
    state = set_up_game(first_force="thornbury-provincials", second_force="aldermoor-garrison")[0]
    state = bravo_holding("aldermoor-morale-pay", state=state)
    return with_player(scene(state, {**FAR, **rows}, step), "bravo", points=20)


def commanded(state: BPState, unit: str) -> BPState:
    return accepted(state, "bravo", Command(unit=unit))[0]


def of(kind: type[Event], events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def test_close_formation_puts_the_bases_in_contact_in_two_ranks() -> None:
    state = commanded(garrison({"B2": at(8, 34)}, step=100), "B2")
    after, events = accepted(state, "bravo", Form(unit="B2", formation="close"))
    formed = of(ev.Formed, events)[0]
    assert isinstance(formed, ev.Formed)
    unit = after.unit("B2")
    assert unit.formation == "close"
    ranks = sorted({m.y for m in unit.models})
    assert len(ranks) == 2  # twelve models: two ranks of six
    front = sorted(m.x for m in unit.models if m.y == ranks[0])
    base = 2 * round(25 / 25.4 * 100 / 2)
    assert len(front) == 6
    assert all(abs((b - a) - base) <= 1 for a, b in itertools.pairwise(front))
    assert describe(formed, after) == "B2 forms up in close formation."
    # the public view shows the formation
    shown = view(after, Viewer(seat="alpha"))
    assert next(u for u in shown.units if u.id == "B2").formation == "close"
    # the unit's action is taken
    assert after.activation is None


def test_only_a_unit_with_the_close_formation_rule_forms_close() -> None:
    state = commanded(garrison({"B3": at(8, 34)}), "B3")
    problem = refused(state, "bravo", Form(unit="B3", formation="close"))
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    assert problem.rule == rule.FORMATIONS
    assert "close-formation" in problem.message


def test_a_single_model_has_no_formation() -> None:
    state = commanded(garrison({"B1": at(8, 34)}), "B1")
    problem = refused(state, "bravo", Form(unit="B1", formation="column"))
    assert problem.rule == rule.FORMATIONS


def test_a_close_formation_adds_2_to_its_reaction_test() -> None:
    state = commanded(garrison({"B2": at(8, 34), "A4": at(8, 24)}, step=100), "B2")
    state, _ = accepted(state, "bravo", Form(unit="B2", formation="close"))
    state = state.model_copy(update={"go": "alpha"})
    state = with_player(state, "alpha", points=9)
    state, _ = accepted(state, "alpha", Command(unit="A4"))
    # every die hits (9), every die kills (9): six casualties; the test's die is 5
    _, events = nearest_fallen(state, "alpha", Shoot(unit="A4", target="B2"), faces=[9] * 12 + [5])
    tested = of(ev.ReactionTested, events)[0]
    assert isinstance(tested, ev.ReactionTested)
    assert "+2 in close formation" in tested.modifiers


def test_a_unit_formed_loose_is_a_loose_target() -> None:
    state = commanded(garrison({"B3": at(8, 34), "A4": at(8, 24)}, step=100), "B3")
    state, _ = accepted(state, "bravo", Form(unit="B3", formation="loose"))
    models = state.unit("B3").models
    assert all(
        math.dist((a.x, a.y), (b.x, b.y)) > 100 + 98
        for i, a in enumerate(models)
        for b in models[i + 1 :]
    )
    state = state.model_copy(update={"go": "alpha"})
    state = with_player(state, "alpha", points=9)
    state, _ = accepted(state, "alpha", Command(unit="A4"))
    _, events = accepted(state, "alpha", Shoot(unit="A4", target="B3"), faces=[1] * 6)
    fired = of(ev.Fired, events)[0]
    assert isinstance(fired, ev.Fired)
    assert all("-1 target in loose formation" in s.modifiers for s in fired.shots)


def test_a_column_along_the_road_moves_4_more_than_a_block() -> None:
    # the mill clearing's road runs from y 22" to 26" across the table
    start = garrison({"B3": at(8, 24)})
    state = commanded(start, "B3")
    state, _ = accepted(state, "bravo", Form(unit="B3", formation="column", towards=at(40, 24)))
    assert len({m.y for m in state.unit("B3").models}) == 1  # one behind another, eastwards
    assert state.unit("B3").formation == "column"
    centre_x = sum(m.x for m in state.unit("B3").models) / 8
    state = commanded(state, "B3")
    # allowance 4" + 1" scouts + 2" no enemy within 24" + 4" column on the road = 11"
    _, events = accepted(state, "bravo", Move(unit="B3", to=(round(centre_x) + 1050, 2400)))
    moved = of(ev.Moved, events)[0]
    assert isinstance(moved, ev.Moved) and moved.allowance == 11
    # the same unit in its block gets +2" only
    block = commanded(start, "B3")
    problem = refused(block, "bravo", Move(unit="B3", to=(round(centre_x) + 1050, 2400)))
    assert problem.code == RejectionCode.OUT_OF_RANGE


def test_forming_needs_room_and_counts_as_the_units_action() -> None:
    # along the table's edge there is no room for a column of twelve facing into the table
    state = commanded(garrison({"B2": at(10, 0.6)}, step=100), "B2")
    problem = refused(state, "bravo", Form(unit="B2", formation="column"))
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    # a card's activated unit forms once; it has then acted
    state = bravo_holding("aldermoor-troop-line", state=garrison({"B2": at(8, 34)}, step=100))
    state, _ = accepted(state, "bravo", PlayCard(card="aldermoor-troop-line"))
    state, _ = accepted(state, "bravo", Form(unit="B2", formation="close"))
    problem = refused(state, "bravo", Form(unit="B2", formation="open"))
    assert problem.code in (RejectionCode.ALREADY_DONE, RejectionCode.WRONG_PHASE)


def test_a_hidden_unit_forms_under_its_marker_in_private() -> None:
    state = hide(garrison({"B3": at(8, 34)}), "B3", "M1")
    state = commanded(state, "M1")
    _, events = accepted(state, "bravo", Form(unit="M1", formation="loose"))
    formed = of(ev.Formed, events)[0]
    assert formed.visibility.scope == "seats" and formed.visibility.seats == ("bravo",)


def test_the_form_words_and_the_suggestions() -> None:
    state = commanded(garrison({"B2": at(8, 34)}, step=100), "B2")
    action = parse("form B2 close towards 8,10", state, "bravo")
    assert action == Form(unit="B2", formation="close", towards=(800, 1000))
    assert parse("formiere B2 kolonne", state, "bravo") == Form(unit="B2", formation="column")
    wrong = parse("form B2 wedge", state, "bravo")
    assert isinstance(wrong, Rejection) and "close, open, loose or column" in wrong.message
    offered = {c.notation for c in legal(state, "bravo")}
    assert {"form B2 close", "form B2 loose"} <= offered
    # twelve models one behind another would stretch farther than a move from here
    assert "form B2 column" not in offered
    assert "form B2 open" not in offered  # it stands in an open row already


def test_the_fire_of_a_unit_in_close_formation_is_formed_fire() -> None:
    state = commanded(garrison({"B2": at(8, 34), "A4": at(8, 24)}, step=100), "B2")
    state, _ = accepted(state, "bravo", Form(unit="B2", formation="close"))
    state = commanded(state, "B2")
    # one hit of twelve dice (9), it kills (9); the rangers' reaction test die: 5
    _, events = nearest_fallen(
        state, "bravo", Shoot(unit="B2", target="A4"), faces=[9, *[1] * 11, 9, 5]
    )
    tested = of(ev.ReactionTested, events)[0]
    assert isinstance(tested, ev.ReactionTested)
    assert "-1 artillery or formed close-formation fire" in tested.modifiers
