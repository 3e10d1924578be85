"""Enemy sighted! (reading 8, 003 Kommandofähigkeiten: Feindsichtung!): right after an
enemy unit on show ends an action, the other seat may pay 1 command point to fire a unit
that spots it and has a loaded weapon; every shot is hasty and the fire is a volley."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.actions import EndGo, HoldFire, Move, ReadyFire
from rules.blackpowder.state import BPState, ReadyFireWindow
from rules.core.events import Event
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import RejectionCode
from tests.blackpowder.deciding import (
    accepted,
    hide,
    nearest_fallen,
    refused,
    with_player,
    with_unit,
)
from tests.blackpowder.test_engine_fire import of
from tests.blackpowder.test_engine_movement import at, rangers_go

FEINDSICHTUNG = "003 Kommandofähigkeiten (command abilities): Feindsichtung! (Enemy sighted!)"


def garrison_watching(points: int = 1) -> BPState:
    """The rangers (B4) are activated, 8" from the garrison's line company (A2, loaded)."""
    state = rangers_go({"B4": at(10, 19), "A2": at(10, 27)})
    return with_player(state, "alpha", points=points)


def after_the_move(state: BPState) -> tuple[BPState, list[Event]]:
    return accepted(state, "bravo", Move(unit="B4", to=at(11.75, 19)))


def test_an_enemy_ending_an_action_in_sight_opens_the_chance() -> None:
    state, events = after_the_move(garrison_watching())
    opened = [e for e in events if isinstance(e, FrameOpened)]
    assert len(opened) == 1
    window = state.ready_fire()
    assert isinstance(window, ReadyFireWindow)
    assert (window.seat, window.mover) == ("alpha", "B4")
    problem = refused(state, "bravo", EndGo())
    assert problem.code == RejectionCode.NOT_YOUR_TURN
    assert problem.rule == FEINDSICHTUNG


def test_passing_gives_the_go_back() -> None:
    state, _ = after_the_move(garrison_watching())
    after, events = accepted(state, "alpha", HoldFire())
    assert [type(e) for e in events] == [FrameClosed]
    assert after.ready_fire() is None and after.go == "bravo"
    assert after.player("alpha").points == 1


def test_ready_fire_costs_1_and_every_shot_is_hasty_and_a_volley() -> None:
    state, _ = after_the_move(garrison_watching())
    # twelve muskets (5+, -1 hasty): 9 9 hit, the rest miss; to kill 4 4 (4+ up to 12");
    # the rangers' reaction: 4 models left, -1 for the volley; die 9
    faces = [9, 9, *[1] * 10, 4, 4, 9]
    after, events = nearest_fallen(state, "alpha", ReadyFire(unit="A2"), faces=faces)
    spent = of(ev.PointsSpent, events)
    assert [(s.ability, s.points) for s in spent if isinstance(s, ev.PointsSpent)] == [
        ("enemy-sighted", 1)
    ]
    fired = of(ev.Fired, events)[0]
    assert isinstance(fired, ev.Fired) and fired.ready
    assert all(s.modifiers[0] == "-1 hasty shot" for s in fired.shots)  # the last: long range too
    assert len(after.unit("B4").models) == 4
    tested = of(ev.ReactionTested, events)[0]
    assert isinstance(tested, ev.ReactionTested)
    assert "-1 a volley" in tested.modifiers
    assert after.player("alpha").points == 0
    assert after.unit("A2").spent == ("musket",)
    assert after.ready_fire() is None and after.go == "bravo"


def test_no_chance_without_a_command_point_a_loaded_weapon_or_a_unit_on_show() -> None:
    _, events = after_the_move(garrison_watching(points=0))
    assert not [e for e in events if isinstance(e, FrameOpened)]
    unloaded = with_unit(garrison_watching(), "A2", spent=("musket",))
    _, events = after_the_move(unloaded)
    assert not [e for e in events if isinstance(e, FrameOpened)]
    hidden = hide(garrison_watching(), "B4", "HB1")
    _, events = accepted(hidden, "bravo", Move(unit="HB1", to=at(11.75, 19)))
    assert not [e for e in events if isinstance(e, FrameOpened)]


def test_ready_fire_is_refused_outside_the_chance_and_for_a_unit_that_cannot() -> None:
    state = garrison_watching()
    problem = refused(state, "alpha", ReadyFire(unit="A2"))
    assert problem.rule == FEINDSICHTUNG
    opened, _ = after_the_move(state)
    wrong = refused(opened, "alpha", ReadyFire(unit="A1"))
    assert wrong.code == RejectionCode.ILLEGAL_MOVE
    assert wrong.legal == ("fire A2",)


def test_a_refused_enemy_sighted_says_the_one_condition_that_failed() -> None:
    opened, _ = after_the_move(garrison_watching(points=2))
    # A1 stands far off (FAR)
    assert refused(opened, "alpha", ReadyFire(unit="A1")).message == (
        "A1 does not spot B4: Enemy sighted! fires only at an enemy the unit spots."
    )
    assert refused(opened, "alpha", ReadyFire(unit="B4")).message == (
        "You have no unit 'B4' on the table."
    )
    fleeing = with_unit(opened, "A2", fleeing=True)
    assert (
        "A2 is fleeing: a fleeing unit cannot fire."
        in refused(fleeing, "alpha", ReadyFire(unit="A2")).message
    )
    spent = with_unit(opened, "A2", spent=("musket",))
    assert refused(spent, "alpha", ReadyFire(unit="A2")).message == "A2 must reload first."
