"""Ranged fire (003 Fernkampfwaffen, Fernkampf): strength by half range and every ranged
modifier."""

from __future__ import annotations

import pytest

from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.content.loading import load_catalog
from rules.blackpowder.content.terrain import Cover
from rules.blackpowder.tables.shooting import (
    hit_modifiers,
    in_range,
    kill_score,
    to_hit,
    to_kill,
)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.mark.parametrize(
    ("weapon", "distance", "score"),
    [
        ("musket", 12, 4),  # 4+ up to half of 24"
        ("musket", 12.5, 6),  # 6+ beyond
        ("musket", 24, 6),
        ("bow", 9, 6),  # 6+/7+
        ("bow", 10, 7),
        ("hunting-rifle", 36, 4),  # 4+/5+ over 72"
        ("hunting-rifle", 37, 5),
        ("obsolete-firearm", 8, 5),  # 5+/7+ over 16"
        ("obsolete-firearm", 9, 7),
        ("pistol", 8, 4),  # a single number: 4+ throughout
        ("thrown", 6, 6),
        ("artillery", 120, 2),
    ],
)
def test_strength_is_the_first_number_to_half_range_the_second_beyond(
    catalog: Catalog, weapon: str, distance: float, score: int
) -> None:
    assert kill_score(catalog.ranged_weapons[weapon], distance) == score


def test_beyond_its_range_a_weapon_does_not_fire(catalog: Catalog) -> None:
    musket = catalog.ranged_weapons["musket"]
    assert in_range(musket, 24) and not in_range(musket, 24.1)
    with pytest.raises(ValueError, match='reaches 24", not 25"'):
        kill_score(musket, 25)


def _shown(**kw: object) -> list[str]:
    kw.setdefault("distance", 6)
    return [m.shown() for m in hit_modifiers(**kw)]  # type: ignore[arg-type]


def test_an_unmodified_shot_at_close_range() -> None:
    assert _shown() == []


def test_hasty_shot_is_minus_1() -> None:
    assert _shown(hasty=True) == ["-1 hasty shot"]


@pytest.mark.parametrize(
    ("distance", "shown"),
    [
        (12, []),
        (12.1, ['-2 long range (over 12")']),
        (24, ['-2 long range (over 12")']),
        (24.1, ['-4 extreme range (over 24")']),  # only the larger of the two
    ],
)
def test_long_and_extreme_range(distance: float, shown: list[str]) -> None:
    assert _shown(distance=distance) == shown


def test_each_obstacle_crossed_is_minus_1() -> None:
    assert _shown(obstacles=2) == ["-2 2 obstacle(s) crossed"]


def test_target_in_loose_formation_is_minus_1() -> None:
    assert _shown(loose_formation=True) == ["-1 target in loose formation"]


@pytest.mark.parametrize(("cover", "value"), [("light", -1), ("medium", -2), ("hard", -4)])
def test_target_cover(cover: Cover, value: int) -> None:
    assert _shown(target_cover=cover) == [f"{value:+d} target in {cover} cover"]


def test_cover_on_the_line_of_sight_counts_and_only_the_worst_cover_applies() -> None:
    # the footnote: 3" of a cover area on the line counts even for a target in the open
    assert _shown(cover_on_sight="medium") == ["-2 line of sight through medium cover"]
    assert _shown(target_cover="light", cover_on_sight="hard") == [
        "-4 line of sight through hard cover"
    ]
    assert _shown(target_cover="hard", cover_on_sight="light") == ["-4 target in hard cover"]


def test_cavalry_and_large_targets_are_easier() -> None:
    assert _shown(cavalry_target=True) == ["+1 target is cavalry"]
    assert _shown(large_target=True) == ["+2 large target (wagon, boat)"]


def test_to_hit_applies_every_modifier_to_every_die() -> None:
    roll = to_hit(5, [9, 7, 6, 0], hit_modifiers(14, hasty=True))  # -3 in all
    assert roll.successes == 1  # only the 9 reaches 5+ after -3
    assert roll.explain() == (
        'to hit: 5+ (-1 hasty shot, -2 long range (over 12")); dice 9 7 6 0: 1'
    )


def test_an_impossible_shot_is_minus_3_to_kill(catalog: Catalog) -> None:
    musket = catalog.ranged_weapons["musket"]
    plain = to_kill(musket, 10, [4, 6, 7])
    impossible = to_kill(musket, 10, [4, 6, 7], impossible_shot=True)
    assert plain.score == impossible.score == 4
    assert plain.successes == 3
    assert impossible.successes == 1  # 7 - 3 = 4
    assert "-3 impossible shot" in impossible.explain()
    assert "up to half range" in plain.explain()
