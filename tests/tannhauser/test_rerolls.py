"""Command Points: re-rolling an initiative roll (the setup roll is covered with setup)."""

from __future__ import annotations

from typing import Any

from rules.core.rejection import RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.content.modes import ModeDef
from rules.tannhauser.state import RerollWindow, TannhauserState
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    a,
    b,
    game,
    of,
    one,
    play,
    refuse,
)


def last_activation(*kit: str, **more: Any) -> TannhauserState:
    """Ace ends the last activation of turn 2; the initiative roll of turn 3 follows."""
    return game(a("ace", "r2", *kit), b("bob", "r9"), active="ace", activated=("bob",), **more)


def test_the_low_roller_may_pay_one_point_to_re_roll_and_the_new_result_stands() -> None:
    state, events = play(last_activation(), ALPHA, "end", [8, 3])
    assert state.phase == "initiative" and state.turn == 3
    assert [(r.seat, r.total) for r in of(events, ev.RollMade)] == [(ALPHA, 8), (BRAVO, 3)]
    window = state.windows[-1]
    assert isinstance(window, RerollWindow) and window.seat == BRAVO
    assert refuse(state, ALPHA, "reroll", rule=False).code == RejectionCode.NOT_YOUR_TURN
    state, events = play(state, BRAVO, "reroll", [9])
    spent = one(events, ev.CommandPointsSpent)
    assert (spent.seat, spent.amount, spent.effect) == (BRAVO, 1, "reroll")
    made = one(events, ev.RollMade)
    assert (made.seat, made.total, made.reroll) == (BRAVO, 9, True)
    # the winner's opponent may not answer with a re-roll of his own
    assert one(events, ev.RollWon).seat == BRAVO
    assert state.initiative == BRAVO and state.command_points[BRAVO] == 1
    assert state.phase == "overwatch" and state.overwatch_next == ALPHA


def test_a_re_roll_is_made_once_even_if_it_loses_again() -> None:
    state, _ = play(last_activation(), ALPHA, "end", [8, 3])
    state, events = play(state, BRAVO, "reroll", [2])
    assert one(events, ev.RollWon).seat == ALPHA
    assert not state.windows and state.command_points[BRAVO] == 1


def test_keeping_the_roll_costs_nothing() -> None:
    state, _ = play(last_activation(), ALPHA, "end", [8, 3])
    state, events = play(state, BRAVO, "keep")
    assert one(events, ev.RollWon).seat == ALPHA and state.command_points[BRAVO] == 2


def test_ties_are_re_rolled_for_free() -> None:
    state, events = play(last_activation(), ALPHA, "end", [5, 5, 3, 7])
    assert [r.total for r in of(events, ev.RollMade)] == [5, 5, 3, 7]
    assert not of(events, ev.CommandPointsSpent)
    assert isinstance(state.windows[-1], RerollWindow) and state.windows[-1].seat == ALPHA


def test_initiative_bonuses_are_added() -> None:
    _, events = play(last_activation("charm"), ALPHA, "end", [3, 3])
    made = of(events, ev.RollMade)
    assert [(r.die, r.bonus, r.total) for r in made] == [(3, 1, 4), (3, 0, 3)]


def test_initiative_bonuses_of_different_characters_add_up() -> None:
    state = game(
        a("ace", "r2", "charm"),
        a("amy", "r3", "charm"),
        b("bob", "r9"),
        active="ace",
        activated=("amy", "bob"),
    )
    _, events = play(state, ALPHA, "end", [3, 3])
    assert of(events, ev.RollMade)[0].total == 5


def test_no_re_roll_without_command_points() -> None:
    lean = ModeDef(id="lean", name="Lean", command_points=0)
    state, events = play(last_activation(mode=lean), ALPHA, "end", [8, 3])
    assert one(events, ev.RollWon).seat == ALPHA
    assert not any(isinstance(w, RerollWindow) for w in state.windows)
