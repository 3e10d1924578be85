"""Row 2 of the reaction table for a trained or recruit unit (reading 16): its owner
chooses to fall back or to be shaken; the action that caused the test, and further morale
tests, go on once the choice is made."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import ChooseReaction, EndGo, PlayCard, Shoot
from rules.blackpowder.state import BPState
from rules.core.rejection import RejectionCode
from tests.blackpowder.deciding import accepted, nearest_fallen, refused, scene, with_unit
from tests.blackpowder.test_engine_cards import bravo_holding
from tests.blackpowder.test_engine_fire import of, volley_at
from tests.blackpowder.test_engine_movement import at


def row_two() -> tuple[BPState, BPState]:
    """The rangers' volley leaves the line company (trained) on row 2: six kills (6 models
    left +1, 3 or more casualties -2, shooters not spotted -1), die 4."""
    state = volley_at()
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[9] * 12 + [4]
    )
    tested = of(ev.ReactionTested, events)[0]
    assert isinstance(tested, ev.ReactionTested)
    assert (tested.result, tested.outcome) == (2, "fall-back-or-shaken")
    assert not of(ev.Acted, events)  # the shot's action waits for the choice
    return state, after


def test_the_owner_is_asked_and_play_waits() -> None:
    _, waiting = row_two()
    window = waiting.reaction_choice()
    assert window is not None and (window.seat, window.unit, window.away) == ("alpha", "A2", "B4")
    problem = refused(waiting, "bravo", EndGo())
    assert problem.code == RejectionCode.NOT_YOUR_TURN and problem.rule == rule.REACTION_TESTS
    assert refused(waiting, "alpha", EndGo()).code == RejectionCode.NOT_YOUR_TURN


def test_falling_back_moves_away_from_the_shooters_and_the_action_then_ends() -> None:
    before, waiting = row_two()
    after, events = accepted(waiting, "alpha", ChooseReaction(choice="fall-back"))
    names = [type(e).__name__ for e in events]
    assert names[:3] == ["FrameClosed", "ReactionChosen", "Withdrew"]
    assert "Acted" in names
    assert after.unit("A2").fallen_back and not after.unit("A2").shaken
    assert after.unit("A2").models[0].y > before.unit("A2").models[0].y
    # B4 was the rangers' card's only unit on the table: its action done, the card's is too
    assert names[-2:] == ["Acted", "ActivationClosed"]
    assert after.activation is None and after.go == "bravo"


def test_being_shaken_keeps_the_unit_in_place() -> None:
    _, waiting = row_two()
    after, events = accepted(waiting, "alpha", ChooseReaction(choice="shaken"))
    assert not of(ev.Withdrew, events)
    assert after.unit("A2").shaken
    assert after.unit("A2").models == waiting.unit("A2").models


def test_a_choice_with_nothing_to_choose_is_refused() -> None:
    problem = refused(volley_at(), "bravo", ChooseReaction(choice="shaken"))
    assert problem.code == RejectionCode.WRONG_PHASE


def test_morale_tests_go_on_after_a_choice() -> None:
    state = scene(
        bravo_holding("aldermoor-morale-fever"),
        {"A2": at(10, 27), "A3": at(30, 27), "B4": at(10, 19)},
    )
    state = with_unit(state, "A2", models=state.unit("A2").models[:6])
    state = with_unit(state, "A3", models=state.unit("A3").models[:4])
    # A2 (6 models +1, morale card -3): die 4 gives 2, its owner's choice; then A3
    # (skirmishers, 4 models, -3): die 9 gives 6, no effect
    waiting, events = accepted(state, "bravo", PlayCard(card="aldermoor-morale-fever"), faces=[4])
    assert waiting.reaction_choice() is not None
    assert [e.unit for e in of(ev.ReactionTested, events) if isinstance(e, ev.ReactionTested)] == [
        "A2"
    ]
    after, more = accepted(waiting, "alpha", ChooseReaction(choice="shaken"), faces=[9])
    tested = [e for e in of(ev.ReactionTested, more) if isinstance(e, ev.ReactionTested)]
    assert [(t.unit, t.outcome) for t in tested] == [("A3", "no-effect")]
    assert after.windows == ()
