"""Command Points: temporarily increasing a characteristic value."""

from __future__ import annotations

from rules.core.rejection import RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.values import current
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    a,
    b,
    decide,
    game,
    one,
    play,
    refuse,
)

R_ONCE = "000 Command points: once per activation"


def test_a_boost_raises_a_value_by_one_until_the_end_of_the_activation() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4"), active="ace", cp=2)
    state, events = play(state, ALPHA, "boost ace combat")
    spent = one(events, ev.CommandPointsSpent)
    assert (spent.seat, spent.amount, spent.effect) == (ALPHA, 1, "boost:ace:combat")
    boosted = one(events, ev.Boosted)
    assert (boosted.key, boosted.stat, boosted.amount) == ("ace", "combat", 1)
    assert state.command_points[ALPHA] == 1
    assert current(state, state.tokens["ace"], Stat.COMBAT) == 6
    state, events = play(state, ALPHA, "end")
    assert current(state, state.tokens["ace"], Stat.COMBAT) == 5


def test_a_boost_lowers_the_difficulty_of_the_next_roll() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4"), active="ace", cp={ALPHA: 1, BRAVO: 0})
    state, _ = play(state, ALPHA, "boost ace combat")
    events = decide(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    assert one(events, ev.AttackRolled).difficulty == 4


def test_the_same_value_is_raised_once_per_activation_but_others_may_be() -> None:
    state = game(a("ace", "r2"), a("amy", "r3"), b("bob", "r6"), active="ace", cp=5)
    state, _ = play(state, ALPHA, "boost ace combat")
    refused = refuse(state, ALPHA, "boost ace combat")
    assert (refused.code, refused.rule) == (RejectionCode.ALREADY_DONE, R_ONCE)
    state, _ = play(state, ALPHA, "boost ace mental")
    state, _ = play(state, ALPHA, "boost amy combat")
    assert state.command_points[ALPHA] == 2


def test_the_restriction_resets_with_each_new_activation() -> None:
    state = game(a("ace", "r2"), b("bob", "r6"), active="ace", cp=5)
    state, _ = play(state, ALPHA, "boost ace combat")
    state, _ = play(state, ALPHA, "end")
    state, _ = play(state, BRAVO, "activate bob")
    state, events = play(state, ALPHA, "boost ace combat")  # during the enemy's activation
    assert one(events, ev.Boosted).key == "ace"


def test_the_other_side_may_boost_during_this_activation() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4"), active="ace", cp={ALPHA: 0, BRAVO: 1})
    state, _ = play(state, BRAVO, "boost bob stamina")
    events = decide(state, ALPHA, "attack bob with pistol", [9, 1, 1, 1, 4, 1, 1, 1])
    shock = one(events, ev.ShockRolled)
    assert (shock.difficulty, shock.successes, shock.wounds) == (4, 1, 0)


def test_movement_cannot_be_boosted() -> None:
    state = game(a("ace", "r2"), b("bob", "r6"), active="ace")
    refused = refuse(state, ALPHA, "boost ace movement")
    assert "buy a movement point" in refused.message
    assert refused.rule == "000 Temporarily increasing a characteristic"


def test_a_null_value_cannot_be_boosted() -> None:
    state = game(a("golem", "r2", character="golem"), b("bob", "r6"), active="golem")
    refused = refuse(state, ALPHA, "boost golem stamina")
    assert "null" in refused.message and refused.rule == "000 Null characteristics"
    refuse(state, ALPHA, "boost golem mental")


def test_a_boost_needs_a_command_point_an_activation_and_an_own_character() -> None:
    broke = game(a("ace", "r2"), b("bob", "r6"), active="ace", cp=0)
    assert refuse(broke, ALPHA, "boost ace combat").code == RejectionCode.CANNOT_AFFORD
    between = game(a("ace", "r2"), b("bob", "r6"))
    assert refuse(between, ALPHA, "boost ace combat").code == RejectionCode.WRONG_PHASE
    state = game(a("ace", "r2"), b("bob", "r6"), active="ace")
    assert refuse(state, ALPHA, "boost bob combat").code == RejectionCode.BAD_ARGUMENT
