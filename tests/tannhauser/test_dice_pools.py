"""Tests and pools: dice pools, difficulties, modifiers and null characteristics."""

from __future__ import annotations

import pytest

from rules.core.events import DiceRolled
from rules.tannhauser import events as ev
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.state import Smoke
from rules.tannhauser.values import current
from tests.tannhauser.builders import (
    ALPHA,
    a,
    b,
    decide,
    game,
    of,
    one,
    refuse,
)

SMOKE_ON_RED = (Smoke(circle="r8", counters=2),)


@pytest.mark.parametrize(
    ("weapon", "pool"),
    [(None, 2), ("knife", 4), ("pistol", 4), ("psi-lance", 4), ("rifle", 5)],
)
def test_attack_pool_comes_from_the_weapon_trait(weapon: str | None, pool: int) -> None:
    kit = (weapon,) if weapon else ()
    state = game(a("ace", "r2", *kit), b("bob", "r3"), active="ace", cp=0)
    text = f"attack bob with {weapon}" if weapon else "attack bob"
    events = decide(state, ALPHA, text, [1] * pool)
    rolled = one(events, ev.AttackRolled)
    assert (rolled.pool, len(rolled.raw), rolled.successes) == (pool, pool, 0)
    assert one(events, ev.AttackDeclared).weapon == weapon


@pytest.mark.parametrize(
    ("row", "circle", "difficulty"), [(0, "r2", 5), (3, "r2", 7), (3, "r5", 6)]
)
def test_attack_difficulty_is_ten_minus_current_combat(
    row: int, circle: str, difficulty: int
) -> None:
    # rows: Combat 5 on top, 3 at the bottom; r5 is a green Combat circle (+1)
    state = game(a("ace", circle, "rifle", row=row), b("bob", "r9"), active="ace", cp=0)
    events = decide(state, ALPHA, "attack bob with rifle", [1] * 5)
    assert one(events, ev.AttackRolled).difficulty == difficulty


def test_shock_roll_is_four_dice_against_ten_minus_current_stamina() -> None:
    # r7 is a red Stamina circle: Stamina 5 − 1 = 4, difficulty 6
    state = game(a("ace", "r5", "pistol"), b("bob", "r7"), active="ace", cp=0)
    events = decide(state, ALPHA, "attack bob with pistol", [9, 1, 1, 1, 6, 5, 5, 5])
    shock = one(events, ev.ShockRolled)
    assert (shock.pool, shock.difficulty, shock.successes, shock.wounds) == (4, 6, 1, 0)


def test_a_pool_reduced_to_zero_dice_rolls_nothing_and_fails() -> None:
    # unarmed (2 dice) from a smoke-filled circle (two fewer)
    state = game(a("ace", "r2"), b("bob", "r3"), active="ace", cp=0, smoke=SMOKE_ON_RED)
    events = decide(state, ALPHA, "attack bob", [])
    rolled = one(events, ev.AttackRolled)
    assert (rolled.pool, rolled.raw, rolled.successes) == (0, (), 0)
    assert one(events, DiceRolled).values == ()
    assert not of(events, ev.ShockRolled)


def test_smoke_takes_two_dice_from_the_attacker() -> None:
    state = game(a("ace", "r2", "rifle"), b("bob", "r3"), active="ace", cp=0, smoke=SMOKE_ON_RED)
    events = decide(state, ALPHA, "attack bob with rifle", [1, 1, 1])
    assert one(events, ev.AttackRolled).pool == 3


def test_automatic_successes_add_to_rolled_ones_before_one_shock_roll() -> None:
    state = game(a("ace", "r2", "shock-gauntlet"), b("bob", "r3"), active="ace", cp=0)
    events = decide(state, ALPHA, "attack bob with shock-gauntlet", [5, 1, 1, 1, 5, 1, 1, 1])
    rolled = one(events, ev.AttackRolled)
    assert (rolled.automatic, rolled.successes) == (1, 2)
    shock = one(events, ev.ShockRolled)  # a single shock roll against both
    assert (shock.against, shock.successes, shock.wounds) == (2, 1, 1)


def test_automatic_successes_need_no_rolled_success() -> None:
    state = game(a("ace", "r2", "shock-gauntlet"), b("bob", "r3"), active="ace", cp=0)
    events = decide(state, ALPHA, "attack bob with shock-gauntlet", [1, 1, 1, 1, 1, 1, 1, 1])
    assert one(events, ev.AttackRolled).successes == 1
    assert one(events, ev.ShockRolled).wounds == 1


def test_extra_dice_from_the_weapon_and_from_carried_ammunition_add_up() -> None:
    state = game(a("ace", "r2", "burst-pistol", "tracer"), b("bob", "r4"), active="ace", cp=0)
    events = decide(state, ALPHA, "attack bob with burst-pistol", [1] * 6)
    assert one(events, ev.AttackRolled).pool == 6


def test_shock_extra_dice_and_stamina_bonus_from_armour() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4", "greatcoat", "vest"), active="ace", cp=0)
    events = decide(state, ALPHA, "attack bob with pistol", [9, 1, 1, 1, 4, 1, 1, 1, 1])
    shock = one(events, ev.ShockRolled)
    # five dice (greatcoat) against 10 − (5 + 1 vest) = 4
    assert (shock.pool, shock.difficulty, shock.successes) == (5, 4, 1)


def test_a_null_combat_character_cannot_attack() -> None:
    state = game(a("ghost", "r2", "pistol", character="phantom"), b("bob", "r3"), active="ghost")
    refused = refuse(state, ALPHA, "attack bob with pistol")
    assert "no Combat value" in refused.message
    assert refused.rule == "000 Null characteristics"
    refuse(state, ALPHA, "attack bob")


def test_a_null_stamina_character_cannot_bull_rush_or_be_bull_rushed() -> None:
    rusher = game(a("golem", "r3", character="golem"), b("bob", "r4"), active="golem")
    refused = refuse(rusher, ALPHA, "rush r4 r5")
    assert refused.rule == "000 Null characteristics"
    target = game(a("ace", "r3"), b("golem", "r4", character="golem"), active="ace")
    assert refuse(target, ALPHA, "rush r4 r5").rule == "000 Null characteristics"


def test_a_null_stamina_character_makes_no_shock_roll() -> None:
    state = game(a("ace", "r2", "pistol"), b("golem", "r4", character="golem"), active="ace", cp=0)
    events = decide(state, ALPHA, "attack golem with pistol", [9, 1, 1, 1])
    shock = one(events, ev.ShockRolled)
    assert (shock.pool, shock.raw, shock.wounds) == (0, (), 1)


@pytest.mark.parametrize(
    ("circle", "stat", "value"),
    [
        ("r5", Stat.COMBAT, 6),
        ("r7", Stat.STAMINA, 4),
        ("b2", Stat.MENTAL, 6),
        ("g1", Stat.MOVEMENT, 6),  # Movement circles change costs, not the value
        ("r2", Stat.COMBAT, 5),
    ],
)
def test_modifier_circles_change_values_while_standing_on_them(
    circle: str, stat: Stat, value: int
) -> None:
    state = game(a("ace", circle), b("bob", "o1"))
    assert current(state, state.tokens["ace"], stat) == value
