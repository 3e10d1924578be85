"""Counts and durations read the same in every system and in the bot."""

from __future__ import annotations

import pytest

from rules.core.wording import duration, elapsed, hours, plural


@pytest.mark.parametrize(
    ("count", "word", "expected"),
    [(1, "action", "1 action"), (3, "action", "3 actions"), (0, "hour", "0 hours"),
     (2, "die", "2 dice"), (1.5, "hour", "1.5 hours")],
)  # fmt: skip
def test_plural(count: float, word: str, expected: str) -> None:
    assert plural(count, word) == expected


@pytest.mark.parametrize(
    ("minutes", "expected"),
    [(720, "12 hours"), (60, "1 hour"), (45, "45 minutes"), (1, "1 minute"),
     (90, "90 minutes"), (1440, "1 day"), (2880, "2 days")],
)  # fmt: skip
def test_duration_uses_the_largest_exact_unit(minutes: int, expected: str) -> None:
    assert duration(minutes) == expected


def test_hours_a_person_set_read_as_a_duration() -> None:
    assert (hours(12), hours(0.5), hours(24.0), hours(1)) == (
        "12 hours",
        "30 minutes",
        "24 hours",
        "1 hour",
    )


def test_elapsed_time_is_rounded_down_to_what_a_person_would_say() -> None:
    assert elapsed(59) == "0 minutes"
    assert elapsed(40 * 60 + 59) == "40 minutes"
    assert elapsed(26 * 3600 + 1800) == "26 hours"
    assert elapsed(48 * 3600) == "2 days"
    assert elapsed(74 * 3600) == "3 days 2 hours"
