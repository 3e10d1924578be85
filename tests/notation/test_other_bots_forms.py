"""Forms players bring from Dice Maiden and Avrae: each rolls exactly like our own spelling."""

from __future__ import annotations

import itertools

import pytest

from rules.notation import DieStatus, NotationError, format_result, parse_command

from .conftest import roll, single


def _same_dice(theirs: str, ours: str, counter: int = 0) -> None:
    mine, reference = roll(theirs, counter), roll(ours, counter)
    assert mine.all_values == reference.all_values
    assert [r.total for r in mine.rolls] == [r.total for r in reference.rolls]
    assert [term.dice for r in mine.rolls for term in r.dice] == [
        term.dice for r in reference.rolls for term in r.dice
    ]


@pytest.mark.parametrize(
    ("theirs", "ours"),
    [
        ("3d6 e6", "3d6!o6"),
        ("3d6 e", "3d6!o"),
        ("3d6E5", "3d6!o5"),
        ("6d10 e>=9", "6d10!o>=9"),
        ("3d6 ie6", "3d6!6"),
        ("3d6 ie", "3d6!"),
        ("6d10 ie9 t8", "6d10!9t8"),
        ("4d6 ir2", "4d6rr<=2"),
        ("4d6 ir=1", "4d6rr1"),
        ("4d6 ro1", "4d6r1"),
        ("4d6 ro<3", "4d6r<3"),
        ("4d6 kh3", "4d6kh3"),
        ("4d6 kl1", "4d6kl1"),
        ("4d6 dh1", "4d6dh1"),
        ("4d6 dl1", "4d6dl1"),
        ("1d20 adv", "2d20kh1"),
        ("1d20 dis", "2d20kl1"),
        ("d20adv+5", "2d20kh1+5"),
        ("1d20+5 adv", "2d20kh1+5"),
        ("1d20+5 DIS", "2d20kl1+5"),
        ("1d20+1d4 adv", "2d20kh1+1d4"),
        ("(1d20 adv)+3", "(2d20kh1)+3"),
        ("1d20+5 [str]", "1d20+5"),
        ("3d6 [fire] + 1d4 [piercing]", "3d6 + 1d4"),
        ("(1d6+1) [heal] * 2", "(1d6+1)*2"),
    ],
)
def test_form_rolls_as_our_spelling(theirs: str, ours: str) -> None:
    for counter in range(0, 40, 7):
        _same_dice(theirs, ours, counter)


def test_dice_maiden_targets_match_ours() -> None:
    # Dice Maiden's t7 counts dice of 7 or more, as ours does
    _same_dice("6d10 t7", "6d10>=7")
    _same_dice("5d10 t8 f1", "5d10>=8f=1")


def test_explode_once_never_chains_and_ie_does() -> None:
    for counter in range(200):
        once = single("4d6 e6", counter).dice[0].dice
        for before, after in itertools.pairwise(once):
            assert not (before.exploded and after.exploded)
    chains = [single("4d6 ie6", counter).dice[0].dice for counter in range(200)]
    assert any(a.exploded and b.exploded for dice in chains for a, b in itertools.pairwise(dice))


def test_ir_rerolls_until_above_the_number() -> None:
    for counter in range(50):
        term = single("8d6 ir2", counter).dice[0]
        assert all(die.value > 2 for die in term.kept)
        assert all(die.value <= 2 for die in term.dice if die.status is DieStatus.REROLLED)


def test_minimum_and_maximum_change_the_faces_counted() -> None:
    for counter in range(30):
        raw = single("6d20", counter).dice[0].dice
        term = single("6d20 mi5 ma15", counter).dice[0]
        assert [die.value for die in term.dice] == [min(max(d.value, 5), 15) for d in raw]
        assert [die.drawn for die in term.dice] == [
            d.value if not 5 <= d.value <= 15 else None for d in raw
        ]
        assert term.total == sum(min(max(d.value, 5), 15) for d in raw)
    # keep/drop and success counting see the changed face
    for counter in range(30):
        term = single("4d6 mi6 t6", counter).dice[0]
        assert term.successes == 4


def test_a_changed_die_shows_both_faces() -> None:
    result = roll("20d6 mi3")
    changed = [die for die in result.rolls[0].dice[0].dice if die.drawn is not None]
    assert changed
    assert f"{changed[0].drawn}→3" in format_result(result)


def test_advantage_shows_both_dice() -> None:
    text = format_result(roll("1d20+5 adv"))
    assert text.count("~~") == 2
    assert text.startswith("`1d20+5 adv` → [")


def test_notes_are_shown_with_their_term() -> None:
    text = format_result(roll("1d20+5 [str] # saving throw"))
    assert "+5 \\[str\\] = **" in text
    assert text.endswith("· *saving throw*")


def test_repeated_rolls_are_separate_rolls() -> None:
    result = roll("stats: 6 4d6 k3")
    assert len(result.rolls) == 6
    assert {r.label for r in result.rolls} == {"stats"}
    assert {r.expression for r in result.rolls} == {"4d6 k3"}
    assert result.dice_rolled == 24
    assert result.all_values == roll("4d6k3;" * 5 + "4d6k3").all_values
    assert len(format_result(result).splitlines()) == 6


def test_repeated_rolls_count_against_the_limits() -> None:
    assert len(parse_command("20 1d6").rolls) == 20
    assert len(parse_command("1d6;" * 80 + "20 1d6").rolls) == 100
    with pytest.raises(NotationError, match="at most 100 rolls"):
        parse_command("1d6;" * 81 + "20 1d6")
    with pytest.raises(NotationError, match="more than 1,000 dice"):
        parse_command("20 60d6")


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("4d6 xx3", 4, "did you mean `4d6 k3`? (`k` keeps the highest dice)"),
        ("4d6 keep3", 4, "did you mean `4d6 k3`?"),
        ("4d6 drop1", 4, "did you mean `4d6 d1`?"),
        ("4d6 hh3", 4, "did you mean `4d6 kh3`?"),
        ("1d20 advantage", 5, "did you mean `1d20 adv`?"),
        ("3d6 explode", 4, "did you mean `3d6 e`?"),
        ("1d20 ra1", 5, "Avrae's `ra` (reroll and add) is not supported"),
        ("4d6 ! Hello World!", 6, "comments start with `#` here"),
        ("21 4d6", 0, "a roll can be repeated 1 to 20 times, not 21"),
        ("0 4d6", 0, "repeated 1 to 20 times, not 0"),
        ("2d20 adv", 5, "'adv' rolls one die twice and keeps the higher"),
        ("1d20kh1 adv", 8, "keep or drop"),
        ("1d20adv k1", 4, "already keeps one die"),
        ("1d20 adv dis+1", 9, "one 'adv' or 'dis'"),
        ("1d6+1d8 dis", 8, "more than one die"),
        ("1d1 ie", 4, "explode forever; use 'e' to explode once"),
        ("1d6 ir6", 4, "rerolled forever"),
        ("4d6 mi7", 6, "'mi' needs a face of the die, from 1 to 6"),
        ("4d6 mi4 ma3", 8, "the minimum 4 is above the maximum 3"),
        ("4d6 mi2 mi3", 8, "only have one 'mi'"),
        ("4d6 e6 !", 7, "only have one explosion"),
        ("4d6 r1 ir2", 7, "only have one reroll"),
        ("1d20 [str", 5, "expected ']'"),
        ("1d20 [a [b]]", 8, "cannot contain '['"),
        ("1d20 [a`b]", 7, "cannot contain '`'"),
    ],
)
def test_helpful_errors(text: str, position: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_command(text)
    assert message in caught.value.message
    assert caught.value.position == position


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2", "expected an operator such as '+' before '2'"),
        ("4 d6", "no space is allowed between the number of dice and 'd'"),
        ("6 d20", "no space is allowed between the number of dice and 'd'"),
        ("d6 x 2", "use '*' to multiply"),
    ],
)
def test_existing_errors_keep_their_meaning(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_command(text)
    assert message in caught.value.message


def test_existing_forms_keep_their_meaning() -> None:
    # a bare r2 still rerolls exactly 2s, unlike Dice Maiden's r2 (2 or less)
    for counter in range(40):
        term = single("8d6 r2", counter).dice[0]
        assert all(die.value == 2 for die in term.dice if die.status is DieStatus.REROLLED)
    # -d20 is still minus a d20
    assert single("-d20").total < 0
