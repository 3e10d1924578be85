"""The owner picks the models its unit loses to ranged fire (reading 45): the rangers (B4)
fire at the line company (A2, twelve models all in their sight 8" away); when fewer fall
than stand in sight, alpha is asked, and the reaction test waits for the answer."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import EndGo, PickCasualties, Shoot
from rules.blackpowder.choices import legal
from rules.blackpowder.notation import parse
from rules.blackpowder.present import prompts, status
from rules.blackpowder.state import BPState
from rules.core.rejection import RejectionCode
from tests.blackpowder.deciding import accepted, refused
from tests.blackpowder.test_engine_fire import of, volley_at
from tests.blackpowder.test_engine_movement import at, rangers_go

TWO_KILLS = [9, 9, 1, 1, 1, 1, 9, 9]
"""Two hits of the six rangers' muskets, and two kills."""


def waiting() -> BPState:
    state, events = accepted(volley_at(), "bravo", Shoot(unit="B4", target="A2"), TWO_KILLS)
    assert not of(ev.Casualties, events) and not of(ev.ReactionTested, events)
    assert not of(ev.Acted, events)  # the shot's action waits for the pick
    return state


def test_the_owner_is_asked_which_models_fall_among_those_in_sight() -> None:
    state = waiting()
    window = state.casualty_choice()
    assert window is not None
    assert (window.seat, window.unit, window.enemy, window.count) == ("alpha", "A2", "B4", 2)
    assert sorted(window.among, key=int) == [str(i) for i in range(1, 13)]
    assert window.among[:2] == ("1", "2")  # nearest first
    (prompt,) = prompts(state)
    assert prompt.seat == "alpha" and prompt.on_timeout == "nearest"
    assert prompt.timeout_minutes == state.options.answer_minutes
    assert status(state).waiting_on == ("alpha",)
    assert [c.notation for c in legal(state, "alpha")] == ["nearest", "remove ", "hand"]
    assert refused(state, "bravo", EndGo()).code == RejectionCode.NOT_YOUR_TURN


def test_the_picked_models_fall_and_the_reaction_test_follows() -> None:
    after, events = accepted(waiting(), "alpha", PickCasualties(models=("11", "12")), faces=[5])
    fallen = of(ev.Casualties, events)
    assert [e.models for e in fallen if isinstance(e, ev.Casualties)] == [("11", "12")]
    assert [m.id for m in after.unit("A2").models] == [str(i) for i in range(1, 11)]
    tested = of(ev.ReactionTested, events)
    assert len(tested) == 1 and isinstance(tested[0], ev.ReactionTested)
    assert tested[0].cause == "fire from B4"
    assert [e.piece for e in of(ev.Acted, events) if isinstance(e, ev.Acted)] == ["B4"]


def test_nearest_takes_the_models_nearest_the_shooters() -> None:
    _, events = accepted(waiting(), "alpha", PickCasualties(nearest=True), faces=[5])
    fallen = of(ev.Casualties, events)
    assert [e.models for e in fallen if isinstance(e, ev.Casualties)] == [("1", "2")]


def test_a_wrong_pick_is_refused_and_changes_nothing() -> None:
    state = waiting()
    for models in (("1",), ("1", "1"), ("1", "2", "3"), ("1", "13")):
        problem = refused(state, "alpha", PickCasualties(models=models))
        assert problem.code == RejectionCode.BAD_ARGUMENT and problem.rule == rule.RANGED_FIRE
    assert "13" in refused(state, "alpha", PickCasualties(models=("1", "13"))).message
    assert refused(volley_at(), "alpha", PickCasualties(nearest=True)).code == (
        RejectionCode.WRONG_PHASE
    )


def test_remove_and_nearest_are_read_from_chat() -> None:
    state = waiting()
    assert parse("remove 3, 5", state, "alpha") == PickCasualties(models=("3", "5"))
    assert parse("remove 3 5", state, "alpha") == PickCasualties(models=("3", "5"))
    assert parse("nearest", state, "alpha") == PickCasualties(nearest=True)


def test_no_one_is_asked_when_every_model_in_sight_falls() -> None:
    # the garrison's captain alone: one kill leaves no choice
    state = rangers_go({"B4": at(10, 19), "A1": at(10, 27), "A2": at(2, 47)})
    after, events = accepted(state, "bravo", Shoot(unit="B4", target="A1"), [9, 1, 1, 1, 1, 1, 9])
    assert after.casualty_choice() is None
    assert not after.unit("A1").on_table
    assert of(ev.Casualties, events)
