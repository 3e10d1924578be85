from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.notation import DieStatus, NotationError, parse_command

from .conftest import roll, single


def _count(values: list[int], test: Callable[[int], bool]) -> int:
    return sum(1 for v in values if test(v))


@pytest.mark.parametrize(
    ("text", "test"),
    [
        ("20d10>=6", lambda v: v >= 6),
        ("20d10>6", lambda v: v > 6),
        ("20d10t6", lambda v: v >= 6),
        ("20d10<=3", lambda v: v <= 3),
        ("20d10<3", lambda v: v < 3),
        ("20d10=10", lambda v: v == 10),
        ("20d10 >= 6", lambda v: v >= 6),
        ("20d10>= 6", lambda v: v >= 6),
    ],
)
def test_success_targets_count_dice(text: str, test: Callable[[int], bool]) -> None:
    result = roll(text)
    expected = _count(result.all_values, test)
    roll_result = result.rolls[0]
    assert roll_result.successes == roll_result.total == expected
    (term,) = roll_result.dice
    assert term.successes == expected
    assert term.total == sum(result.all_values)
    assert [d.success for d in term.dice] == [test(v) for v in result.all_values]


def test_two_d6_over_four_counts_dice_not_the_total() -> None:
    result = roll("2d6>4")
    assert result.rolls[0].total == _count(result.all_values, lambda v: v > 4)
    assert result.rolls[0].total in (0, 1, 2)


def test_failures_subtract_successes() -> None:
    result = roll("30d10t6f1")
    values = result.all_values
    expected = _count(values, lambda v: v >= 6) - values.count(1)
    assert values.count(1) > 0
    assert result.rolls[0].successes == expected
    term = result.rolls[0].dice[0]
    assert [d.failure for d in term.dice] == [v == 1 for v in values]


def test_failures_with_condition_can_go_negative() -> None:
    result = roll("10d10t10f<=5")
    values = result.all_values
    expected = values.count(10) - _count(values, lambda v: v <= 5)
    assert expected < 0
    assert result.rolls[0].successes == expected


def test_doubles_count_twice() -> None:
    result = roll("30d10t6x10")
    values = result.all_values
    assert values.count(10) > 0
    expected = _count(values, lambda v: v >= 6) + values.count(10)
    assert result.rolls[0].successes == expected
    term = result.rolls[0].dice[0]
    assert all(d.double == (d.value == 10) for d in term.dice)


def test_doubles_only_apply_to_successes() -> None:
    result = roll("30d10t9x>=5")
    values = result.all_values
    assert result.rolls[0].successes == 2 * _count(values, lambda v: v >= 9)


def test_failures_and_doubles_together() -> None:
    result = roll("40d10>=6f1x10")
    values = result.all_values
    expected = _count(values, lambda v: v >= 6) + values.count(10) - values.count(1)
    assert result.rolls[0].successes == expected


def test_die_that_succeeds_and_fails_nets_zero() -> None:
    result = single("5d1>=1f1")
    assert result.successes == 0
    result = single("5d1>=1f1x1")
    assert result.successes == 5


def test_only_kept_dice_are_counted() -> None:
    result = roll("10d10k3>=6")
    term = result.rolls[0].dice[0]
    kept = [d.value for d in term.dice if d.status is DieStatus.KEPT]
    assert term.successes == _count(kept, lambda v: v >= 6)
    assert not any(d.success for d in term.dice if d.status is not DieStatus.KEPT)


def test_exploded_dice_are_counted() -> None:
    result = roll("30d10!t8")
    assert result.dice_rolled > 30
    assert result.rolls[0].successes == _count(result.all_values, lambda v: v >= 8)


def test_explode_condition_must_follow_the_bang() -> None:
    attached = roll("30d10!>=8")
    assert attached.rolls[0].successes is None
    assert attached.dice_rolled == 30 + _count(attached.all_values, lambda v: v >= 8)
    spaced = roll("30d10! >=8")
    assert spaced.rolls[0].successes == _count(spaced.all_values, lambda v: v >= 8)
    assert spaced.dice_rolled == 30 + spaced.all_values.count(10)


def test_arithmetic_with_success_counting() -> None:
    result = roll("5d10t7+1")
    assert result.rolls[0].successes == _count(result.all_values, lambda v: v >= 7) + 1
    result = roll("5d10t7 + 2d6")
    expected = _count(result.all_values[:5], lambda v: v >= 7) + sum(result.all_values[5:])
    assert result.rolls[0].successes == result.rolls[0].total == expected
    assert result.rolls[0].dice[1].successes is None


def test_target_is_a_single_number() -> None:
    result = roll("6d10>=6+1")
    assert result.rolls[0].successes == _count(result.all_values, lambda v: v >= 6) + 1


def test_fudge_success_targets_may_be_negative() -> None:
    result = roll("10dF>=-0f-1")
    values = result.all_values
    assert result.rolls[0].successes == _count(values, lambda v: v >= 0) - values.count(-1)


@pytest.mark.parametrize(
    ("text", "position"),
    [("6d10f1", 4), ("6d10x10", 4), ("6d10f1x10", 4), ("6d10 x10", 5)],
)
def test_failures_and_doubles_need_a_target(text: str, position: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_command(text)
    assert info.value.position == position
    assert "success target" in info.value.message


@pytest.mark.parametrize(
    ("text", "position"),
    [("6d10>=6t6", 7), ("6d10f1t6f2", 8), ("6d10t6x10x9", 9), ("4d6k3d1", 5), ("4d6r1rr2", 5)],
)
def test_each_modifier_kind_at_most_once(text: str, position: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_command(text)
    assert info.value.position == position
    assert "only have one" in info.value.message
