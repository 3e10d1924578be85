"""The spotting table (003 Die Entdecken-Tabelle): its ten columns and every column
modifier, counted from the last column (reading 11)."""

from __future__ import annotations

import pytest

from rules.blackpowder.tables.spotting import (
    DISTANCES,
    ObstacleOnSight,
    SightLine,
    Target,
    Weather,
    spot,
    worst_weather,
)

OPEN = Target()
CLEAR_SIGHT = SightLine()


def _column(target: Target = OPEN, sight: SightLine = CLEAR_SIGHT, **kw: object) -> int:
    return spot(10, target, sight, **kw).reach  # type: ignore[arg-type]


def test_the_columns_are_the_sheets_distances() -> None:
    assert DISTANCES == (2, 4, 8, 12, 18, 24, 36, 48, 96, 120)


def test_an_unmodified_check_reads_the_last_column() -> None:
    assert _column() == 120
    assert spot(120, OPEN).spotted
    assert not spot(120.5, OPEN).spotted


# 003 "Das zu entdeckende Modell ..." — with the target in medium cover (-4: the 24" column)
# so that pluses can be seen below the table's end
IN_WOOD = Target(area_cover="medium")


def test_target_in_medium_or_hard_cover_is_4_columns_left() -> None:
    assert _column(IN_WOOD) == 24
    assert _column(Target(area_cover="hard")) == 24


def test_target_in_light_cover_is_3_columns_left() -> None:
    assert _column(Target(area_cover="light")) == 36


@pytest.mark.parametrize(
    ("flag", "reach"),
    [
        ("powder_smoke", 96),  # +3 columns
        ("mounted", 36),  # +1 column
        ("large", 48),  # artillery, wagon or canoe: +2 columns
        ("scouts_or_locals", 18),  # -1 column
        ("hidden_marker", 12),  # -2 columns
    ],
)
def test_each_target_modifier_moves_its_columns(flag: str, reach: int) -> None:
    target = Target(area_cover="medium", **{flag: True})
    assert _column(target) == reach


def test_a_spotter_with_scouts_is_1_column_right() -> None:
    assert _column(IN_WOOD, spotter_scouts=True) == 36


def test_only_the_targets_best_cover_counts() -> None:
    # in light-cover brush and behind a low wall (hard) within 2": -4 only
    behind_wall = SightLine(obstacles=(ObstacleOnSight("hard", near_target=True),))
    assert _column(Target(area_cover="light"), behind_wall) == 24


def test_an_obstacle_gives_cover_only_to_a_target_within_2_of_it() -> None:
    near = SightLine(obstacles=(ObstacleOnSight("light", near_target=True),))
    far = SightLine(obstacles=(ObstacleOnSight("light"),))
    assert _column(OPEN, near) == 36  # light cover -3, and no -1 for crossing it
    assert _column(OPEN, far) == 96  # crossed: -1 column only


def test_each_obstacle_crossed_is_1_column_left_unless_either_model_is_within_2() -> None:
    crossed = SightLine(obstacles=(ObstacleOnSight("none"), ObstacleOnSight("light")))
    assert _column(OPEN, crossed) == 48  # -2
    spotter_close = SightLine(obstacles=(ObstacleOnSight("light", near_spotter=True),))
    assert _column(OPEN, spotter_close) == 120


@pytest.mark.parametrize(("inches", "reach"), [(5.9, 120), (6, 96), (11.9, 96), (12, 48)])
def test_every_full_6_through_light_cover_is_1_column_left(inches: float, reach: int) -> None:
    assert _column(OPEN, SightLine(light_inches=inches)) == reach


@pytest.mark.parametrize(("inches", "reach"), [(2.9, 120), (3, 48), (6, 24), (8.9, 24)])
def test_every_full_3_through_medium_or_hard_cover_is_2_columns_left(
    inches: float, reach: int
) -> None:
    assert _column(OPEN, SightLine(heavy_inches=inches)) == reach


@pytest.mark.parametrize(
    ("weather", "reach"),
    [
        ("clear", 120),
        ("heavy-rain", 96),  # -1
        ("dusk", 48),  # -2
        ("darkness", 36),  # -3
        ("light-fog", 36),  # -3
        ("dense-fog", 18),  # -5
        ("storm", 18),  # -5
    ],
)
def test_weather_moves_the_column(weather: Weather, reach: int) -> None:
    assert _column(weather=weather) == reach


def test_only_the_worst_weather_counts() -> None:
    assert worst_weather(("heavy-rain", "dusk", "darkness")) == "darkness"
    assert worst_weather(()) == "clear"


def test_the_column_stops_at_either_end_of_the_table() -> None:
    hidden = Target(area_cover="hard", scouts_or_locals=True, hidden_marker=True)
    result = spot(3, hidden, SightLine(heavy_inches=9), weather="dense-fog")
    assert result.reach == 2 and not result.spotted
    assert spot(2, hidden, SightLine(heavy_inches=9), weather="dense-fog").spotted
    smoke = Target(powder_smoke=True, mounted=True, large=True)
    assert spot(120, smoke).reach == 120


def test_the_explanation_shows_column_and_modifiers() -> None:
    result = spot(
        30,
        Target(area_cover="medium", powder_smoke=True),
        SightLine(obstacles=(ObstacleOnSight("light"),)),
        spotter_scouts=True,
        weather="heavy-rain",
    )
    assert result.explain() == (
        'spotting table column 48" (from 120": +3 target has a powder-smoke marker, '
        "-4 target in medium or hard cover, +1 spotter has scouts, -1 1 obstacle(s) crossed, "
        '-1 heavy rain); 30" away: spotted'
    )


def test_negative_distances_are_refused() -> None:
    with pytest.raises(ValueError):
        spot(-1, OPEN)
