"""Reaction tests and the rally table (003 Reaktionstests, Sammeln-Wert): every modifier
and every row and column."""

from __future__ import annotations

import pytest

from rules.blackpowder.content.units import QUALITIES, Quality
from rules.blackpowder.tables.reactions import (
    RALLY_SCORES,
    ROW_TWO,
    ReactingUnit,
    after_fire_modifiers,
    after_melee_modifiers,
    common_modifiers,
    rally,
    reaction_test,
    table_outcome,
)


def _values(modifiers: tuple[object, ...]) -> list[int]:
    return [m.value for m in modifiers]  # type: ignore[attr-defined]


# 003 Modifikatoren für alle Reaktionstests
def test_a_unit_of_4_or_5_models_has_no_common_modifier() -> None:
    assert common_modifiers(ReactingUnit(models=5)) == ()


def test_an_officer_or_an_officer_of_its_type_within_6_is_plus_1() -> None:
    assert _values(common_modifiers(ReactingUnit(models=1, officer=True))) == [1]
    assert _values(common_modifiers(ReactingUnit(models=4, officer_within_6=True))) == [1]


@pytest.mark.parametrize(("models", "values"), [(6, [1]), (9, [1]), (10, [2]), (14, [2])])
def test_6_models_are_plus_1_and_10_plus_2(models: int, values: list[int]) -> None:
    assert _values(common_modifiers(ReactingUnit(models=models))) == values


def test_close_formation_is_plus_2() -> None:
    assert _values(common_modifiers(ReactingUnit(models=4, in_close_formation=True))) == [2]


@pytest.mark.parametrize("models", [1, 2, 3])
def test_3_or_fewer_models_not_an_officer_is_minus_3(models: int) -> None:
    assert _values(common_modifiers(ReactingUnit(models=models))) == [-3]


def test_an_officer_alone_is_not_minus_3() -> None:
    assert _values(common_modifiers(ReactingUnit(models=1, officer=True))) == [1]


def test_a_test_caused_by_a_morale_card_is_minus_3() -> None:
    assert _values(common_modifiers(ReactingUnit(models=5), morale_card=True)) == [-3]


# 003 Modifikatoren, die nur nach einem Fernkampf gelten
def test_after_fire_with_one_casualty_and_nothing_else() -> None:
    assert after_fire_modifiers(casualties=1) == ()


def test_locals_wholly_in_light_or_medium_cover_are_plus_1() -> None:
    assert _values(after_fire_modifiers(casualties=1, locals_in_cover=True)) == [1]


def test_every_model_in_hard_cover_is_plus_1() -> None:
    assert _values(after_fire_modifiers(casualties=1, all_in_hard_cover=True)) == [1]


@pytest.mark.parametrize(
    "flags",
    [
        {"volley": True},
        {"shooters_unseen": True},
        {"shooters_unspotted": True},
        {"volley": True, "shooters_unseen": True, "shooters_unspotted": True},
    ],
)
def test_volley_unseen_or_unspotted_shooters_are_minus_1_once(flags: dict[str, bool]) -> None:
    assert _values(after_fire_modifiers(casualties=1, **flags)) == [-1]


@pytest.mark.parametrize(("casualties", "values"), [(2, []), (3, [-2]), (5, [-2])])
def test_3_or_more_casualties_from_the_fire_are_minus_2(casualties: int, values: list[int]) -> None:
    assert _values(after_fire_modifiers(casualties=casualties)) == values


def test_artillery_or_formed_close_formation_fire_is_minus_1() -> None:
    assert _values(after_fire_modifiers(casualties=1, artillery_or_formed_fire=True)) == [-1]


# 003 Modifikatoren, die nur nach einem Nahkampf gelten
def test_minus_x_for_x_casualties_in_the_melee() -> None:
    mods = after_melee_modifiers(
        casualties=3, enemy_casualties=3, models_left=4, enemy_models_left=4
    )
    assert _values(mods) == [-3]


def test_twice_the_enemys_models_left_is_plus_2() -> None:
    mods = after_melee_modifiers(
        casualties=1, enemy_casualties=1, models_left=6, enemy_models_left=3
    )
    assert _values(mods) == [-1, 2]
    fewer = after_melee_modifiers(
        casualties=1, enemy_casualties=1, models_left=5, enemy_models_left=3
    )
    assert _values(fewer) == [-1]


def test_a_melee_after_a_surprise_attack_is_minus_2() -> None:
    mods = after_melee_modifiers(
        casualties=1, enemy_casualties=1, models_left=4, enemy_models_left=4, surprised=True
    )
    assert _values(mods) == [-1, -2]


def test_no_casualties_or_fewer_than_the_enemy_is_plus_2() -> None:
    none = after_melee_modifiers(
        casualties=0, enemy_casualties=0, models_left=4, enemy_models_left=4
    )
    assert _values(none) == [2]
    fewer = after_melee_modifiers(
        casualties=1, enemy_casualties=2, models_left=4, enemy_models_left=4
    )
    assert _values(fewer) == [-1, 2]


# 003 Sammeln-Wert: the rows
@pytest.mark.parametrize("quality", QUALITIES)
@pytest.mark.parametrize(
    ("result", "outcome"),
    [
        (-5, "destroyed"),
        (-1, "destroyed"),
        (0, "flight"),
        (1, "fall-back-and-shaken"),
        (3, "no-effect"),
        (7, "no-effect"),
        (12, "no-effect"),
    ],
)
def test_rows_every_column_shares(quality: Quality, result: int, outcome: str) -> None:
    assert table_outcome(result, quality) == outcome


@pytest.mark.parametrize(
    ("quality", "outcome"),
    [
        ("trained", "fall-back-or-shaken"),
        ("skirmisher", "fall-back"),
        ("native", "fall-back-and-shaken"),
        ("recruit", "fall-back-or-shaken"),
        ("warrior", "fall-back-and-shaken"),
        ("conscript", "fall-back-and-shaken"),
    ],
)
def test_row_2_by_troop_quality(quality: Quality, outcome: str) -> None:
    assert table_outcome(2, quality) == outcome


@pytest.mark.parametrize(
    ("quality", "score"),
    [
        ("trained", 5),
        ("skirmisher", 4),
        ("native", 5),
        ("recruit", 6),
        ("warrior", 7),
        ("conscript", 7),
    ],
)
def test_rally_scores_head_the_columns(quality: Quality, score: int) -> None:
    assert RALLY_SCORES[quality] == score
    assert rally(score, quality).rallied
    assert not rally(score - 1, quality).rallied


def test_the_columns_keep_the_sheets_order() -> None:
    assert tuple(RALLY_SCORES) == tuple(ROW_TWO) == QUALITIES


def test_a_reaction_test_adds_its_modifiers_and_reads_the_row() -> None:
    mods = common_modifiers(ReactingUnit(models=3)) + after_fire_modifiers(casualties=3)
    test = reaction_test(6, "skirmisher", mods)
    assert test.result == 1
    assert test.outcome == "fall-back-and-shaken"
    assert test.explain() == (
        "reaction test: die 6 (-3 3 or fewer models, not an officer, "
        "-2 3 or more casualties from this fire) = 1; row 1, column skirmisher: "
        "fall-back-and-shaken"
    )


def test_rows_below_0_and_from_8_are_shown_as_the_sheet_prints_them() -> None:
    assert (
        "row <0" in reaction_test(0, "trained", common_modifiers(ReactingUnit(models=2))).explain()
    )
    big = reaction_test(9, "trained", common_modifiers(ReactingUnit(models=12)))
    assert "row 8+" in big.explain() and big.outcome == "no-effect"


def test_the_rally_explanation_names_score_and_die() -> None:
    assert rally(3, "skirmisher").explain().endswith("4+ for skirmisher; die 3: not rallied")
