from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from rules.core.dice import DiceStream
from rules.notation import DieStatus, NotationError, parse_command, roll_expression

from .conftest import SEED, roll, single


def test_plain_dice_sum_their_values() -> None:
    result = roll("4d6")
    (term,) = result.rolls[0].dice
    assert len(result.all_values) == result.dice_rolled == 4
    assert all(1 <= value <= 6 for value in result.all_values)
    assert [die.value for die in term.dice] == result.all_values
    assert term.total == result.rolls[0].total == sum(result.all_values)
    assert term.notation == "4d6"
    assert (term.start, term.end) == (0, 3)
    assert term.sides == 6


def test_count_defaults_to_one() -> None:
    assert roll("d20").dice_rolled == 1


def test_percentile_dice_have_a_hundred_sides() -> None:
    result = roll("10d%")
    assert result.rolls[0].dice[0].sides == 100
    assert all(1 <= v <= 100 for v in result.all_values)
    assert max(result.all_values) > 6


def test_fudge_dice() -> None:
    result = roll("20dF")
    (term,) = result.rolls[0].dice
    assert term.fudge
    assert set(result.all_values) == {-1, 0, 1}
    assert term.total == sum(result.all_values)
    for die in term.dice:
        assert die.natural_max == (die.value == 1)
        assert die.natural_min == (die.value == -1)


def test_letters_are_case_insensitive() -> None:
    upper, lower = roll("4D6KH3!R1"), roll("4d6kh3!r1")
    assert upper.all_values == lower.all_values
    assert upper.rolls[0].total == lower.rolls[0].total
    assert upper.rolls[0].dice[0].dice == lower.rolls[0].dice[0].dice
    assert upper.rolls[0].dice[0].notation == "4D6KH3!R1"
    assert single("2DF").dice[0].fudge


def test_natural_markers() -> None:
    term = single("30d6").dice[0]
    assert {die.value for die in term.dice if die.natural_max} == {6}
    assert {die.value for die in term.dice if die.natural_min} == {1}
    one_sided = single("3d1").dice[0]
    assert all(die.natural_max and not die.natural_min for die in one_sided.dice)


# -- keep / drop ------------------------------------------------------------------------


def _kept(text: str) -> tuple[list[int], list[int]]:
    result = roll(text)
    (term,) = result.rolls[0].dice
    assert term.total == result.rolls[0].total
    kept = [d.value for d in term.dice if d.status is DieStatus.KEPT]
    dropped = [d.value for d in term.dice if d.status is DieStatus.DROPPED]
    assert sorted(kept + dropped) == sorted(result.all_values)
    assert term.total == sum(kept)
    return kept, dropped


@pytest.mark.parametrize("text", ["8d6k3", "8d6kh3"])
def test_keep_highest(text: str) -> None:
    kept, dropped = _kept(text)
    assert len(kept) == 3
    assert min(kept) >= max(dropped)


def test_keep_lowest() -> None:
    kept, dropped = _kept("8d6kl2")
    assert len(kept) == 2
    assert max(kept) <= min(dropped)


@pytest.mark.parametrize("text", ["8d6d2", "8d6dl2"])
def test_drop_lowest(text: str) -> None:
    kept, dropped = _kept(text)
    assert len(dropped) == 2
    assert max(dropped) <= min(kept)


def test_drop_highest() -> None:
    kept, dropped = _kept("8d6dh1")
    assert len(dropped) == 1
    assert dropped[0] == max(kept + dropped)


def test_second_d_after_dice_term_is_drop() -> None:
    kept, dropped = _kept("4d6d1")
    assert len(kept) == 3
    assert len(dropped) == 1


def test_keep_more_than_rolled_keeps_all_and_drop_all_gives_zero() -> None:
    kept, dropped = _kept("3d6k10")
    assert len(kept) == 3 and dropped == []
    assert single("3d6d5").total == 0
    assert single("3d6k0").total == 0


def test_ties_choose_the_earlier_die() -> None:
    term = single("4d1k2").dice[0]
    assert [d.status for d in term.dice] == [DieStatus.KEPT] * 2 + [DieStatus.DROPPED] * 2
    term = single("4d1d1").dice[0]
    assert term.dice[0].status is DieStatus.DROPPED


# -- rerolls ----------------------------------------------------------------------------


def test_reroll_once() -> None:
    result = roll("30d6r1")
    (term,) = result.rolls[0].dice
    initial = result.all_values[:30]
    ones = initial.count(1)
    assert ones > 0
    assert result.dice_rolled == 30 + ones
    rerolled = [d for d in term.dice if d.status is DieStatus.REROLLED]
    assert [d.value for d in rerolled] == [1] * ones
    kept = [d.value for d in term.dice if d.status is DieStatus.KEPT]
    assert len(kept) == 30
    # Each rerolled die is directly followed by its replacement, drawn after the first 30.
    replacements = result.all_values[30:]
    seen = [
        term.dice[i + 1].value for i, d in enumerate(term.dice) if d.status is DieStatus.REROLLED
    ]
    assert seen == replacements
    assert term.total == sum(kept)


def test_reroll_once_keeps_a_repeat() -> None:
    # 1d2r<3 matches every face but rerolls only once.
    result = roll("5d2r<3")
    assert result.dice_rolled == 10
    assert result.rolls[0].total == sum(result.all_values[5:])


@pytest.mark.parametrize(
    ("text", "matches"),
    [
        ("40d6r<3", lambda v: v < 3),
        ("40d6r<=2", lambda v: v <= 2),
        ("40d6r>5", lambda v: v > 5),
        ("40d6r>=5", lambda v: v >= 5),
        ("40d6r=4", lambda v: v == 4),
        ("40d6r4", lambda v: v == 4),
    ],
)
def test_reroll_with_conditions(text: str, matches: Callable[[int], bool]) -> None:
    result = roll(text)
    initial = result.all_values[:40]
    assert result.dice_rolled == 40 + sum(1 for v in initial if matches(v))


def test_reroll_repeatedly() -> None:
    result = roll("30d6rr<3")
    (term,) = result.rolls[0].dice
    kept = [d.value for d in term.dice if d.status is DieStatus.KEPT]
    away = [d.value for d in term.dice if d.status is DieStatus.REROLLED]
    assert len(kept) == 30
    assert all(v >= 3 for v in kept)
    assert all(v < 3 for v in away)
    assert result.dice_rolled == 30 + len(away)
    statuses = [d.status for d in term.dice]
    assert any(a is b is DieStatus.REROLLED for a, b in itertools.pairwise(statuses)), (
        "this seed rerolls some die more than once"
    )


def test_reroll_repeatedly_on_every_face_is_rejected() -> None:
    for text in ["1d1rr1", "d6rr<7", "d6rr>=1", "4dFrr>-2"]:
        with pytest.raises(NotationError) as info:
            parse_command(text)
        assert "forever" in info.value.message
        assert info.value.text == text
    assert roll("1d1r1").dice_rolled == 2


def test_explosion_dice_are_not_rerolled() -> None:
    result = roll("100d3!r3")
    (term,) = result.rolls[0].dice
    threes = result.all_values[:100].count(3)
    assert threes > 0
    rerolled = [d for d in term.dice if d.status is DieStatus.REROLLED]
    assert [d.value for d in rerolled] == [3] * threes
    assert not any(d.exploded for d in rerolled)
    kept_threes = [d for d in term.dice if d.status is DieStatus.KEPT and d.value == 3]
    assert any(d.exploded for d in kept_threes), "explosion dice showing 3 stay as they are"


# -- explosions -------------------------------------------------------------------------


def test_explode_repeatedly() -> None:
    result = roll("60d6!")
    (term,) = result.rolls[0].dice
    assert result.dice_rolled == 60 + result.all_values.count(6)
    added = [d for d in term.dice if d.exploded]
    assert len(added) == result.all_values.count(6)
    assert term.total == sum(result.all_values)
    # Every added die directly follows a six.
    for i, die in enumerate(term.dice):
        if die.exploded:
            assert term.dice[i - 1].value == 6


def test_explosion_chains_happen_with_this_seed() -> None:
    term = single("100d3!").dice[0]
    chained = [
        i for i in range(1, len(term.dice)) if term.dice[i].exploded and term.dice[i - 1].exploded
    ]
    assert chained


def test_explode_once() -> None:
    result = roll("60d6!o")
    initial = result.all_values[:60]
    assert result.dice_rolled == 60 + initial.count(6)
    term = result.rolls[0].dice[0]
    for i, die in enumerate(term.dice):
        if die.exploded:
            assert not term.dice[i - 1].exploded


def test_explode_with_threshold() -> None:
    for text, low in [("40d10!9", 9), ("40d10!>=9", 9), ("40d10!>8", 9)]:
        result = roll(text)
        assert result.dice_rolled == 40 + sum(1 for v in result.all_values if v >= low), text
    result = roll("40d10!o<2")
    assert result.dice_rolled == 40 + result.all_values[:40].count(1)


def test_explode_on_every_face_is_rejected_but_once_is_fine() -> None:
    for text in ["1d1!", "d6!>=1", "d6!<7", "dF!>=-1"]:
        with pytest.raises(NotationError) as info:
            parse_command(text)
        assert "forever" in info.value.message
    assert roll("1d1!o").dice_rolled == 2
    assert single("3d1!o").total == 6


def test_explosion_cap_raises() -> None:
    with pytest.raises(NotationError) as info:
        roll("1000d2!")
    assert "1,000 dice" in info.value.message
    assert info.value.position == 0
    with pytest.raises(NotationError) as info:
        roll("d6 + 999d2!o")
    assert info.value.position == 5


def test_reroll_cap_raises() -> None:
    with pytest.raises(NotationError) as info:
        roll("500d100rr<100")
    assert "1,000 dice" in info.value.message


def test_equals_after_explode_is_rejected() -> None:
    with pytest.raises(NotationError) as info:
        parse_command("d6!=6")
    assert info.value.position == 3


def test_modifiers_apply_in_fixed_order_whatever_the_written_order() -> None:
    a = roll("20d6k5!r1")
    b = roll("20d6r1!k5")
    assert a.all_values == b.all_values
    assert a.rolls[0].total == b.rolls[0].total
    assert a.rolls[0].dice[0].dice == b.rolls[0].dice[0].dice


def test_kept_dice_include_explosions() -> None:
    result = roll("10d6!kh3")
    term = result.rolls[0].dice[0]
    top = sorted(result.all_values, reverse=True)[:3]
    assert term.total == sum(top)


def test_all_values_can_be_re_derived_from_the_seed() -> None:
    result = roll("20d10!r1kh10>=6f1; 5d8rr<3 # again")
    replay = DiceStream(SEED, result.counter_start)
    first = result.rolls[0].dice[0]
    second = result.rolls[1].dice[0]
    count_first = len(first.dice)
    count_second = len(second.dice)
    assert replay.draw_many(count_first, 10) == result.all_values[:count_first]
    assert replay.draw_many(count_second, 8) == result.all_values[count_first:]
    assert replay.counter == result.counter_end
    assert result.dice_rolled == count_first + count_second


def test_stream_continues_from_its_counter() -> None:
    stream = DiceStream(SEED)
    first = roll_expression("3d6", stream)
    second = roll_expression("3d6", stream)
    assert second.counter_start == first.counter_end
    assert DiceStream(SEED).draw_many(6, 6) == first.all_values + second.all_values
