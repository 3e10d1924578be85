"""Dice Maiden's labels, flags, botches, reroll-above, roll-under targets and double
successes; and answers to forms that are not ours that say what they mean."""

from __future__ import annotations

import pytest

from rules.notation import DieStatus, NotationError, format_result, parse_command

from .conftest import roll, single
from .test_other_bots_forms import _same_dice


@pytest.mark.parametrize(
    ("theirs", "ours"),
    [
        ("4d6 rg5", "4d6r>=5"),
        ("4d6 RG5", "4d6r>=5"),
        ("4d6 irg5", "4d6rr>=5"),
        ("4d6 rg>5", "4d6r>5"),
        ("6d10 tl6", "6d10<=6"),
        ("5d10 t7ds9", "5d10t7x>=9"),
        ("5d10 ds9 t7", "5d10t7x>=9"),
        ("5d10 tl6ds2", "5d10<=6x<=2"),
        ("(Attack) 1d20+5", "1d20+5"),
        ("s 4d6 k3", "4d6k3"),
        ("ul 3d100", "3d100"),
        ("p 3d6 + 2d4", "3d6+2d4"),
        ("10d6 t5 b1", "10d6t5"),
        ("5d10 b", "5d10"),
    ],
)
def test_form_rolls_as_our_spelling(theirs: str, ours: str) -> None:
    for counter in range(0, 40, 7):
        _same_dice(theirs, ours, counter)


def test_reroll_above_rerolls_high_dice() -> None:
    for counter in range(60):
        once = single("6d6 rg5", counter).dice[0]
        assert all(die.value >= 5 for die in once.dice if die.status is DieStatus.REROLLED)
        always = single("6d6 irg5", counter).dice[0]
        assert all(die.value < 5 for die in always.kept)


def test_botches_are_counted_apart_from_the_result() -> None:
    seen = 0
    for counter in range(40):
        result = single("10d6 t5 b1", counter)
        ones = sum(1 for die in result.dice[0].kept if die.value == 1)
        assert result.botches == ones
        assert result.successes == sum(1 for die in result.dice[0].kept if die.value >= 5)
        seen += ones
        two = single("8d10 b2", counter)
        assert two.botches == sum(1 for die in two.dice[0].kept if die.value <= 2)
        assert two.total == sum(die.value for die in two.dice[0].kept)
    assert seen > 0
    assert single("3d6").botches is None
    text = format_result(roll("10d6 t5 b1", 3))
    botches = single("10d6 t5 b1", 3).botches
    assert text.endswith(f"** ({botches} botch{'' if botches == 1 else 'es'})")


def test_double_successes_follow_the_direction_of_the_target() -> None:
    for counter in range(40):
        high = single("6d10 t7ds9", counter).dice[0]
        assert high.successes == sum(
            2 if d.value >= 9 else 1 if d.value >= 7 else 0 for d in high.dice
        )
        low = single("6d10 tl6ds2", counter).dice[0]
        assert low.successes == sum(
            2 if d.value <= 2 else 1 if d.value <= 6 else 0 for d in low.dice
        )


def test_a_label_in_parentheses_names_the_roll() -> None:
    result = roll("(Fireball) 8d6 # dex save")
    assert result.rolls[0].label == "Fireball"
    assert result.rolls[0].comment == "dex save"
    assert format_result(result).startswith("**Fireball:** `8d6` → [")
    sets = roll("6 (Stat) 4d6 k3")
    assert len(sets.rolls) == 6 and {r.label for r in sets.rolls} == {"Stat"}
    assert roll("(Stat) 6 4d6 k3").all_values == sets.all_values
    # arithmetic in parentheses stays arithmetic
    assert single("(1d6+1)*2").label is None
    assert single("(dex save) 1d20").label == "dex save"


def test_flags_before_the_roll() -> None:
    simple = format_result(roll("s 4d6 k3"))
    assert simple.startswith("`4d6 k3` = **") and "[" not in simple
    assert parse_command("p 1d20").private
    assert parse_command("1d20; p 1d6").private
    assert not parse_command("1d20").private
    assert format_result(roll("ul 3d6")) == format_result(roll("3d6"))
    assert single("p s (Attack) 1d20+5").label == "Attack"


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        (
            "1d20+5 ! attack",
            7,
            "comments start with `#` here (`!` explodes dice): `1d20+5 # attack`",
        ),
        ("(Fireball) 8d6 ! AOE", 17, "`(Fireball) 8d6 # AOE`"),
        ("2d6 p", 4, "Dice Maiden's `p` makes a roll private: write it before the roll (`p 2d6`)"),
        ("2d6 p", 4, "Avrae's `p` drops dice: write `dl1` to drop the lowest"),
        ("4d6 pl1", 4, "Avrae's `pl` drops the lowest dice: write `dl` here"),
        ("2d6 s", 4, "goes before the roll: `s 4d6`"),
        ("4d6 ul", 4, "goes before the roll (`ul 4d6`)"),
        ("4d6 km2", 4, "keeping the middle dice (Dice Maiden's `km`) is not supported"),
        ("1d6 i1", 4, "imploding dice (Dice Maiden's `i`) are not supported"),
        ("4d6 ds6", 4, "double successes need a success target too, as in 5d10t7ds10"),
        ("4d6 t5 x6 ds6", 10, "only have one double-success rule"),
        ("4d6 b1 b2", 7, "only have one botch rule"),
        ("4d6 q", 4, "'q' is not a dice modifier"),
        ("atk: (Attack) 1d20", 5, "already has the label 'atk'"),
        ("(Attack)", 8, "expected a dice expression after the label"),
    ],
)
def test_answers_say_what_the_form_means(text: str, position: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_command(text)
    assert message in caught.value.message
    assert caught.value.position == position


@pytest.mark.parametrize("text", ["10d6 t5 b1", "4d6 rg5", "2d6 p", "1d20+5 ! attack", "4d6 xx3"])
def test_no_suggestion_changes_the_meaning_unsaid(text: str) -> None:
    """A suggested form is either what was meant (it parses as typed) or is said with
    what it does: one letter is never swapped for another."""
    try:
        parse_command(text)
    except NotationError as error:
        if "did you mean" in error.message:
            assert "(`" in error.message.split("did you mean", 1)[1], error.message
        assert "did you mean `2d6 e`" not in error.message
        assert "did you mean `10d6 t5 k1`" not in error.message
        assert "did you mean `4d6 r5`" not in error.message
