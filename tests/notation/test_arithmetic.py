from __future__ import annotations

import pytest

from rules.notation import NotationError, parse_command

from .conftest import roll, single


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7", 7),
        ("0", 0),
        ("2+3", 5),
        ("10-4", 6),
        ("6*7", 42),
        ("20/4", 5),
        ("7/2", 3),
        ("-7/2", -4),
        ("7/-2", -4),
        ("-7/-2", 3),
        ("2+3*4", 14),
        ("(2+3)*4", 20),
        ("10-2-3", 5),
        ("100/10/5", 2),
        ("2*3+4*5", 26),
        ("-2*3", -6),
        ("2*-3", -6),
        ("--3", 3),
        ("2-(-3)", 5),
        ("-(1+2)*3", -9),
        ("((((1))))", 1),
        ("  1 +\t2 ", 3),
        ("1000000", 1_000_000),
        ("0007", 7),
    ],
)
def test_constant_arithmetic(text: str, expected: int) -> None:
    result = single(text)
    assert result.total == expected
    assert result.successes is None
    assert result.dice == []


def test_constant_expression_draws_no_dice() -> None:
    result = roll("1+2*3")
    assert result.dice_rolled == 0
    assert result.all_values == []
    assert result.counter_start == result.counter_end == 0


def test_dice_take_part_in_arithmetic() -> None:
    result = roll("2d6*3-1")
    first, second = result.all_values
    assert result.rolls[0].total == (first + second) * 3 - 1


def test_unary_minus_on_dice() -> None:
    result = roll("-d20")
    assert result.rolls[0].total == -result.all_values[0]


def test_division_by_zero_points_at_the_operator() -> None:
    with pytest.raises(NotationError) as info:
        roll("5 + 4/0")
    assert info.value.position == 5
    assert "divide by zero" in info.value.message


def test_division_by_zero_from_dice_expression() -> None:
    with pytest.raises(NotationError) as info:
        roll("(d6)/(0*d6)")
    assert info.value.position == 4


def test_multiplication_is_bounded() -> None:
    assert single("1000*1000000").total == 1_000_000_000
    with pytest.raises(NotationError) as info:
        roll("1000*1000000*2")
    assert info.value.position == 12
    assert "too large" in info.value.message
    with pytest.raises(NotationError):
        roll("-1000*1000000-1")


def test_constants_are_bounded() -> None:
    with pytest.raises(NotationError) as info:
        parse_command("1+1000001")
    assert info.value.position == 2
    with pytest.raises(NotationError):
        parse_command("9" * 400)


def test_leading_plus_is_rejected() -> None:
    with pytest.raises(NotationError) as info:
        parse_command("+5")
    assert info.value.position == 0
