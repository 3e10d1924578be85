"""Melee (003 Nahkampf): the three weapons' rules, the defence modifiers, the surprise
attack and the defended position's re-rolls; falling back and fleeing out of a melee
(003 Aus dem Kampf zurückweichen und fliehen)."""

from __future__ import annotations

import pytest

from rules.blackpowder.tables.casualties import leaving_melee
from rules.blackpowder.tables.melee import (
    Fighter,
    defence_modifiers,
    defend,
    failed_first,
    hit_modifiers,
    melee_hits,
    strikes_first,
)

FOOT = Fighter()
RIDERS = Fighter(cavalry=True, on_foot=False)


def _values(modifiers: tuple[object, ...]) -> list[int]:
    return [m.value for m in modifiers]  # type: ignore[attr-defined]


# Säbel: +1 to hit for cavalry that charged models on foot; +1 on every defence die
def test_sabres_add_1_to_hit_only_for_cavalry_charging_models_on_foot() -> None:
    charging = Fighter(weapon="sabre", cavalry=True, charged=True, on_foot=False)
    assert _values(hit_modifiers(charging, FOOT)) == [1]
    assert _values(hit_modifiers(charging, RIDERS)) == []
    assert _values(hit_modifiers(Fighter(weapon="sabre", charged=True), FOOT)) == []
    standing = Fighter(weapon="sabre", cavalry=True, on_foot=False)
    assert _values(hit_modifiers(standing, FOOT)) == []


def test_sabres_add_1_to_every_defence_die() -> None:
    assert _values(defence_modifiers(Fighter(weapon="sabre"), FOOT)) == [1]


# Marinewaffen: +1 to hit
def test_naval_weapons_add_1_to_hit() -> None:
    assert _values(hit_modifiers(Fighter(weapon="naval-weapons"), FOOT)) == [1]


# Kavallerielanzen: +2 to hit when charging, strike first, enemy -1 on defence dice
def test_lances_that_charged_add_2_strike_first_and_take_1_off_the_enemys_defence() -> None:
    lancers = Fighter(weapon="lance", cavalry=True, charged=True, on_foot=False)
    assert _values(hit_modifiers(lancers, FOOT)) == [2]
    assert strikes_first(lancers)
    assert _values(defence_modifiers(FOOT, lancers)) == [-1]


def test_lances_that_were_charged_do_nothing() -> None:
    lancers = Fighter(weapon="lance", cavalry=True, on_foot=False)
    assert _values(hit_modifiers(lancers, FOOT)) == []
    assert not strikes_first(lancers)
    assert _values(defence_modifiers(FOOT, lancers)) == []


def test_a_surprise_attack_is_minus_2_on_defence() -> None:
    assert _values(defence_modifiers(FOOT, FOOT, surprise_attack=True)) == [-2]


def test_melee_hits_count_dice_reaching_the_melee_score() -> None:
    roll = melee_hits(4, [3, 4, 9, 0], hit_modifiers(Fighter(weapon="naval-weapons"), FOOT))
    assert roll.successes == 3
    assert roll.explain() == "to hit in melee: 4+ (+1 naval weapons); dice 3 4 9 0: 3"


def test_a_failed_defence_die_is_a_casualty() -> None:
    result = defend(5, [5, 4, 0], defence_modifiers(FOOT, FOOT, surprise_attack=True))
    assert (result.saved, result.casualties) == (0, 3)  # 5 - 2 = 3 misses the 5+
    plain = defend(5, [5, 4, 0])
    assert (plain.saved, plain.casualties) == (1, 2)


def test_a_defended_position_rerolls_each_failed_defence_die_once() -> None:
    assert failed_first(5, (), [5, 4, 0]) == 2
    result = defend(5, [5, 4, 0], defended_position=True, rerolls=[7, 2])
    assert (result.saved, result.casualties) == (2, 1)
    assert result.explain() == (
        "defence: 5+ (no modifiers); dice 5 4 0, re-rolled 7 2: 2 saved, 1 casualties"
    )


def test_rerolls_must_match_the_failed_dice() -> None:
    with pytest.raises(ValueError, match="2 defence dice are re-rolled, not 1"):
        defend(5, [5, 4, 0], defended_position=True, rerolls=[7])
    with pytest.raises(ValueError, match="0 defence dice are re-rolled, not 1"):
        defend(5, [5, 4, 0], rerolls=[7])


# 003 Aus dem Kampf zurückweichen und fliehen
def test_falling_back_removes_a_model_for_each_0() -> None:
    losses = leaving_melee("fall-back", [0, 1, 2, 3, 0, 9])
    assert losses.removed == 2
    assert "each 0 removes a model" in losses.explain()


def test_fleeing_removes_a_model_for_each_0_1_2_or_3() -> None:
    losses = leaving_melee("flight", [0, 1, 2, 3, 4, 9])
    assert losses.removed == 4
    assert "each 0 or 1 or 2 or 3 removes a model" in losses.explain()
