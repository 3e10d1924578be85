"""The numbers of 001's tables: shooting score, the AS/test grid, natural 1s and 10s, size
modifiers and range bands."""

from __future__ import annotations

import pytest

from rules.geometry.units import inches
from rules.squad.tables import band_of, grid_score, shooting_score, size_modifier, succeeds


@pytest.mark.parametrize(
    ("sh", "score"),
    [(1, 9), (2, 8), (3, 7), (4, 6), (5, 5), (6, 4), (7, 3), (8, 2), (9, 1), (10, 0)],
)
def test_shooting_score_runs_from_9_up_to_0_up(sh: int, score: int) -> None:
    assert shooting_score(sh) == score


@pytest.mark.parametrize(
    ("stat", "against", "score"),
    [
        (4, 4, 6),  # equal: 6+
        (5, 3, 4),  # AS5 against AS3 needs 4+
        (1, 2, 7),  # the scan's "T+" in row 1
        (5, 6, 7),  # and in row 5
        (3, 1, 4),  # the row printed "&" is stat 3
        (1, 5, 10),
        (1, 10, 10),  # clamped at 10+
        (9, 1, 2),
        (10, 4, 2),  # clamped at 2+
        (7, 10, 9),
        (10, 10, 6),
    ],
)
def test_the_grid_is_6_up_when_equal_and_clamped_between_2_and_10(
    stat: int, against: int, score: int
) -> None:
    assert grid_score(stat, against) == score


def test_a_natural_1_always_fails_and_a_natural_10_always_passes() -> None:
    assert not succeeds(1, 0)  # SH 10 needs 0+, yet a 1 misses
    assert not succeeds(1, 2, modifier=+3)
    assert succeeds(10, 10, modifier=-3)
    assert succeeds(10, 9, modifier=-1)
    assert succeeds(6, 7, modifier=+1)
    assert not succeeds(6, 7)
    assert not succeeds(9, 9, modifier=-1)


@pytest.mark.parametrize(
    ("size", "modifier"),
    [(1, -1), (2, 0), (3, 0), (4, 1), (5, 1), (6, 2), (7, 2), (8, 3), (9, 3)],
)
def test_size_modifiers(size: int, modifier: int) -> None:
    assert size_modifier(size) == modifier


@pytest.mark.parametrize(
    ("gap", "band"),
    [
        ("0", "short"),
        ("12", "short"),  # a boundary counts in the shorter band
        ("12.01", "medium"),
        ("24", "medium"),
        ("24.01", "long"),
        ("36", "long"),
        ("36.01", "extreme"),
        ("48", "extreme"),
        ("48.01", None),
    ],
)
def test_range_bands_with_their_boundaries(gap: str, band: str | None) -> None:
    assert band_of(inches(gap)) == band
