"""Smoke Grenades: which circles fill with smoke, and for how long."""

from __future__ import annotations

from rules.tannhauser import events as ev
from rules.tannhauser.sight import smoky_circles
from rules.tannhauser.state import Smoke
from tests.tannhauser.builders import (
    ALPHA,
    a,
    b,
    finish_turn,
    game,
    of,
    one,
    play,
)

RED = {"r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9"}
BLUE = {"r4", "b1", "b2", "o1"}


def test_a_smoke_grenade_fills_every_circle_sharing_a_path_with_its_circle() -> None:
    state = game(a("ace", "r6", "smoke"), b("bob", "g1"), active="ace", cp=0)
    state, events = play(state, ALPHA, "throw smoke at r8")
    thrown = one(events, ev.GrenadeThrown)
    assert (thrown.smoke, thrown.victims) == (True, ())
    assert not of(events, ev.ShockRolled) and not of(events, ev.RubblePlaced)
    assert state.smoke == (Smoke(circle="r8", counters=2),)
    assert smoky_circles(state) == RED
    assert "smoke" not in state.tokens["ace"].equipment


def test_smoke_on_a_circle_of_two_paths_fills_both() -> None:
    state = game(a("ace", "r6", "smoke"), b("bob", "g1"), active="ace", cp=0)
    state, _ = play(state, ALPHA, "throw smoke at r4")
    assert smoky_circles(state) == RED | BLUE


def test_smoke_lasts_the_rest_of_the_turn_and_two_more_turns() -> None:
    state = game(a("ace", "r6", "smoke"), b("bob", "g1"), active="ace", activated=("bob",), turn=2)
    state, _ = play(state, ALPHA, "throw smoke at r8")
    seen = []
    for _ in range(3):
        state, events = finish_turn(state)
        started = one(events, ev.TurnStarted)
        seen.append((state.turn, [s.counters for s in state.smoke], started.cleared_smoke))
    assert seen == [(3, [1], ()), (4, [0], ()), (5, [], ("r8",))]


def test_smoke_still_fills_its_paths_with_no_counter_left() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4"), smoke=(Smoke(circle="r8", counters=0),))
    assert smoky_circles(state) == RED
