from __future__ import annotations

import pytest

from rules.notation import (
    MAX_COMMAND_LENGTH,
    MAX_DICE,
    MAX_ROLLS,
    NotationError,
    parse_command,
)

from .conftest import roll


def test_several_rolls() -> None:
    result = roll("d20+5; 2d6 ;3")
    assert [r.expression for r in result.rolls] == ["d20+5", "2d6", "3"]
    assert result.rolls[0].total == result.all_values[0] + 5
    assert result.rolls[1].total == sum(result.all_values[1:3])
    assert result.rolls[2].total == 3
    assert result.dice_rolled == 3


def test_label_and_comment() -> None:
    result = roll("attack: 4d10t6 # vs the ogre")
    (only,) = result.rolls
    assert only.label == "attack"
    assert only.comment == "vs the ogre"
    assert only.expression == "4d10t6"
    assert only.dice[0].start == 0 and only.dice[0].end == 6


def test_labels_and_comments_are_plain_text() -> None:
    parsed = parse_command("  *Big* <@123> hit :  d6  #  **crit?** `x` : y  ")
    (only,) = parsed.rolls
    assert only.label == "*Big* <@123> hit"
    assert only.comment == "**crit?** `x` : y"
    assert only.expression == "d6"
    assert only.start == parsed.text.index("d6")


def test_comment_ends_at_semicolon() -> None:
    result = roll("d6 # first; second: d8 #; d4")
    assert [(r.label, r.comment, r.expression) for r in result.rolls] == [
        (None, "first", "d6"),
        ("second", None, "d8"),
        (None, None, "d4"),
    ]


def test_unicode_labels() -> None:
    result = roll("Ωmega 🐉: 2d6 # ça va")
    assert result.rolls[0].label == "Ωmega 🐉"
    assert result.rolls[0].comment == "ça va"


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        (": d6", 0, "label"),
        ("a:", 2, "after the label"),
        ("a: # c", 3, "after the label"),
        ("d6;;d6", 3, "expected a dice expression"),
        ("d6;", 3, "expected a dice expression"),
        ("", 0, "expected a dice expression"),
        ("   ", 3, "expected a dice expression"),
        ("# only a comment", 0, "expected a dice expression"),
        ("a: b: d6", 3, "expected a number, a dice term"),
    ],
)
def test_empty_or_malformed_rolls(text: str, position: int, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_command(text)
    assert info.value.position == position
    assert fragment in info.value.message


def test_roll_count_limit() -> None:
    assert len(parse_command(";".join(["1"] * MAX_ROLLS)).rolls) == MAX_ROLLS
    text = ";".join(["1"] * (MAX_ROLLS + 1))
    with pytest.raises(NotationError) as info:
        parse_command(text)
    assert info.value.position == 2 * MAX_ROLLS - 1
    assert "100 rolls" in info.value.message


def test_length_limit() -> None:
    text = "1+" * 249 + "1"
    assert len(text) == 499
    parse_command(text + " ")
    with pytest.raises(NotationError) as info:
        parse_command(text + "  ")
    assert info.value.position == MAX_COMMAND_LENGTH


def test_static_dice_limit() -> None:
    assert parse_command("1000d6").minimum_dice == MAX_DICE
    assert parse_command("500d6; 500d6").minimum_dice == MAX_DICE
    with pytest.raises(NotationError) as info:
        parse_command("500d6; 500d6 + d4")
    assert info.value.position == 15
    assert "1,000 dice" in info.value.message
    with pytest.raises(NotationError) as info:
        parse_command("1001d6")
    assert info.value.position == 0


def test_largest_dice_command_rolls() -> None:
    result = roll("1000d1000")
    assert result.dice_rolled == MAX_DICE
    assert result.rolls[0].total == sum(result.all_values)


def test_side_limit() -> None:
    assert roll("d1000").dice_rolled == 1
    with pytest.raises(NotationError) as info:
        parse_command("2d1001")
    assert info.value.position == 2
    with pytest.raises(NotationError):
        parse_command("d0")


def test_depth_limit() -> None:
    ok = "(" * 20 + "1" + ")" * 20
    assert roll(ok).rolls[0].total == 1
    with pytest.raises(NotationError) as info:
        parse_command("(" * 21 + "1" + ")" * 21)
    assert info.value.position == 20
    assert "nested" in info.value.message
    assert roll("-" * 20 + "1").rolls[0].total == 1
    with pytest.raises(NotationError) as info:
        parse_command("-" * 21 + "1")
    assert info.value.position == 20
    with pytest.raises(NotationError) as info:
        parse_command("(" * 250 + ")" * 250)
    assert info.value.position == 20


def test_long_flat_chains_are_fine() -> None:
    result = roll("d2+" * 124 + "d2")
    assert result.rolls[0].total == sum(result.all_values)
    assert roll("2*" * 29 + "1").rolls[0].total == 2**29


def test_parsed_command_can_be_rolled_again() -> None:
    from rules.core.dice import DiceStream
    from rules.notation import roll_command

    parsed = parse_command("3d6; 2d8")
    from .conftest import SEED

    assert roll_command(parsed, DiceStream(SEED)) == roll("3d6; 2d8")
