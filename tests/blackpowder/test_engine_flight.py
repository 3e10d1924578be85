"""A fleeing unit's action (reading 41): activated by its card or a Command, it may only
roll to rally; success makes it shaken, failure flees it on. The Thornbury rangers (B4,
skirmishers: rally 4+) stand on the mill clearing with an enemy far off."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import Charge, Command, Form, Move, MoveShoot, Rally, Reload, Shoot
from rules.blackpowder.choices import legal
from rules.blackpowder.narrate import describe
from rules.blackpowder.state import BPState
from rules.core.rejection import RejectionCode
from tests.blackpowder.deciding import accepted, refused, with_player, with_unit
from tests.blackpowder.test_engine_movement import at, plain, rangers_go


def fleeing_rangers() -> BPState:
    return with_unit(rangers_go({"B4": at(10, 19), "A2": at(10, 27)}), "B4", fleeing=True)


def test_a_fleeing_unit_that_rolls_its_rally_score_is_shaken() -> None:
    after, events = accepted(fleeing_rangers(), "bravo", Rally(unit="B4"), faces=[4])
    rallied = next(e for e in events if isinstance(e, ev.Rallied))
    assert isinstance(rallied, ev.Rallied) and rallied.fleeing and rallied.rallied
    unit = after.unit("B4")
    assert not unit.fleeing and unit.shaken
    assert not [e for e in events if isinstance(e, ev.Withdrew)]
    assert describe(rallied, after) == "B4 rolls 4 to rally (4+): rallies and is shaken."
    assert [e.piece for e in events if isinstance(e, ev.Acted)] == ["B4"]


def test_a_failed_rally_is_another_flight_move_towards_the_own_edge() -> None:
    state = fleeing_rangers()
    after, events = accepted(state, "bravo", Rally(unit="B4"), faces=[3])
    fled = next(e for e in events if isinstance(e, ev.Withdrew))
    assert isinstance(fled, ev.Withdrew) and fled.how == "flight"
    unit = after.unit("B4")
    assert unit.fleeing and not unit.shaken
    # bravo's edge is the top: the rangers go up the table
    assert all(m.y < old.y for m, old in zip(unit.models, state.unit("B4").models, strict=True))


def test_a_fleeing_unit_may_do_nothing_but_rally() -> None:
    state = fleeing_rangers()
    for action in (
        Move(unit="B4", to=at(13.75, 17)),
        Shoot(unit="B4", target="A2"),
        Reload(unit="B4"),
        Charge(unit="B4", target="A2"),
        Form(unit="B4", formation="open"),
        MoveShoot(unit="B4", to=at(13.75, 17), target="A2"),
    ):
        problem = refused(state, "bravo", action)
        assert problem.code == RejectionCode.ILLEGAL_MOVE and problem.rule == rule.FLEEING
        assert "rally B4" in problem.message
    notations = [c.notation for c in legal(state, "bravo") if "B4" in c.notation]
    assert notations == ["rally B4"]


def test_a_command_gives_a_fleeing_unit_its_rally_roll() -> None:
    # the county muster far off keeps bravo from being broken by B2's flight
    state = with_unit(plain({"B2": at(2, 19), "B3": at(26, 2)}), "B2", fleeing=True)
    state = with_player(state, "bravo", points=9)
    assert "command B2" in [c.notation for c in legal(state, "bravo")]
    state, _ = accepted(state, "bravo", Command(unit="B2"))
    after, _ = accepted(state, "bravo", Rally(unit="B2"), faces=[9])
    assert after.unit("B2").shaken and not after.unit("B2").fleeing
