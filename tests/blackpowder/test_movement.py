"""Movement allowance (003 Bewegung): every row of the movement and terrain-effect tables."""

from __future__ import annotations

import pytest

from rules.blackpowder.content.units import SpecialRule
from rules.blackpowder.tables.movement import movement_allowance


def _inches(rules: tuple[SpecialRule, ...] = (), **kw: object) -> int:
    kw.setdefault("enemy_within_24", True)
    return movement_allowance(rules, **kw).inches  # type: ignore[arg-type]


def test_the_standard_allowance_is_4() -> None:
    assert _inches() == 4


@pytest.mark.parametrize(
    ("rules", "inches"),
    [
        (("scouts",), 5),  # Kundschafter +1"
        (("locals",), 5),  # Ortskundig +1"
        (("cavalry",), 8),  # Kavallerie +4"
        (("light-cavalry",), 10),  # Leichte Kavallerie +6"
        (("scouts", "locals"), 6),  # both add (reading 10)
        (("cavalry", "light-cavalry"), 10),  # light cavalry never adds +4" too
    ],
)
def test_special_rules_add_to_the_allowance(rules: tuple[SpecialRule, ...], inches: int) -> None:
    assert _inches(rules) == inches


def test_no_enemy_within_24_adds_2() -> None:
    allowance = movement_allowance((), enemy_within_24=False)
    assert allowance.inches == 6
    assert [m.shown() for m in allowance.modifiers] == ['+2 no enemy within 24"']


def test_difficult_ground_and_entering_a_building_cost_1() -> None:
    assert _inches(entering="difficult") == 3
    assert _inches(building=True) == 3
    assert _inches(entering="difficult", building=True) == 3


def test_very_difficult_ground_costs_2_and_only_the_worse_going_counts() -> None:
    assert _inches(entering="very-difficult") == 2
    assert _inches(entering="very-difficult", building=True) == 2


@pytest.mark.parametrize(("obstacles", "inches"), [(1, 3), (2, 2)])
def test_each_low_obstacle_costs_1(obstacles: int, inches: int) -> None:
    assert _inches(low_obstacles=obstacles) == inches


def test_roads_add_4_for_single_models_and_columns_and_2_for_others() -> None:
    assert _inches(road="column") == 8
    assert _inches(road="other") == 6


def test_the_allowance_never_falls_below_1() -> None:
    allowance = movement_allowance(
        (), enemy_within_24=True, entering="very-difficult", low_obstacles=3
    )
    assert allowance.inches == 1
    assert "never below 1" in allowance.explain()


def test_the_explanation_lists_every_modifier_used() -> None:
    cavalry: tuple[SpecialRule, ...] = ("cavalry",)
    allowance = movement_allowance(
        cavalry, enemy_within_24=False, entering="difficult", low_obstacles=1
    )
    assert allowance.inches == 8
    assert allowance.explain() == (
        'movement 8" (base 4": +4 cavalry, +2 no enemy within 24", -1 difficult ground, '
        "-1 1 low obstacle(s) crossed)"
    )


def test_negative_obstacles_are_refused() -> None:
    with pytest.raises(ValueError):
        movement_allowance((), enemy_within_24=True, low_obstacles=-1)
