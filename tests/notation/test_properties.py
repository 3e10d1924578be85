from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.dice import DiceStream
from rules.notation import (
    NotationError,
    RollCommandResult,
    format_result,
    parse_command,
    roll_expression,
)

from .conftest import SEED

NOTATION_ALPHABET = "0123456789dDkKhHlLrR!oOtTfFxX%<>=+-*/() ;:#\t\n"


def _nested(depth: int, opener: str, closer: str) -> str:
    return opener * depth + "1" + closer * depth


@st.composite
def dice_terms(draw: st.DrawFn) -> str:
    count = draw(st.sampled_from(["", "1", "3", "10", "0", "1001"]))
    sides = draw(st.sampled_from(["6", "10", "2", "1", "%", "F", "1000", "0"]))
    modifiers = draw(
        st.lists(
            st.sampled_from(
                [
                    "k2",
                    "kh1",
                    "kl1",
                    "d1",
                    "dl2",
                    "dh1",
                    "r1",
                    "r<3",
                    "rr1",
                    "rr>=2",
                    "!",
                    "!o",
                    "!9",
                    "!>=2",
                    "!o<2",
                    ">=6",
                    ">3",
                    "<=2",
                    "<2",
                    "=1",
                    "t6",
                    "f1",
                    "f<=2",
                    "x10",
                    "x>=5",
                    " ",
                    "t-1",
                    "r-1",
                ]
            ),
            max_size=4,
        )
    )
    return f"{count}d{sides}{''.join(modifiers)}"


_free_text = st.characters(exclude_characters=":;#")

expressions = st.recursive(
    st.one_of(dice_terms(), st.integers(-5, 1_000_001).map(str)),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/", " + ", "//"]), inner).map("".join),
        inner.map(lambda e: f"({e})"),
        inner.map(lambda e: f"-{e}"),
    ),
    max_leaves=8,
)

commands = st.lists(
    st.tuples(
        st.one_of(st.none(), st.text(_free_text, max_size=10).filter(str.strip)),
        expressions,
        st.one_of(st.none(), st.text(max_size=10), st.text(_free_text, max_size=10)),
    ).map(
        lambda parts: (
            (f"{parts[0]}:" if parts[0] is not None else "")
            + parts[1]
            + (f"#{parts[2]}" if parts[2] is not None else "")
        )
    ),
    min_size=1,
    max_size=4,
).map(";".join)

any_text = st.one_of(
    st.text(alphabet=st.sampled_from(NOTATION_ALPHABET), max_size=80),
    st.text(max_size=80),
    st.text(max_size=600),
    commands,
    st.builds(_nested, st.integers(0, 300), st.sampled_from(["(", "-", "-("]), st.just(")")),
    st.integers(min_value=-(10**40), max_value=10**40).map(lambda n: f"{n}d{n}"),
    st.integers(min_value=0, max_value=10**300).map(lambda n: f"d6*{n}"),
    st.text(alphabet=st.sampled_from("d6!;"), min_size=100, max_size=700),
)


def _outcome(text: str) -> RollCommandResult | tuple[int, str]:
    try:
        return roll_expression(text, DiceStream(SEED))
    except NotationError as error:
        assert isinstance(error.position, int)
        assert 0 <= error.position <= len(text)
        assert error.message
        assert error.render()
        return (error.position, error.message)


@settings(deadline=None, derandomize=True, max_examples=400)
@given(any_text)
def test_any_text_gives_a_result_or_a_notation_error(text: str) -> None:
    first = _outcome(text)
    second = _outcome(text)
    assert first == second
    if isinstance(first, RollCommandResult):
        parse_command(text)
        assert first.dice_rolled == len(first.all_values) <= 1000
        assert 1 <= len(first.rolls) <= 100
        for limit in (2000, 300, 40):
            assert len(format_result(first, limit=limit)) <= limit


@settings(deadline=None, derandomize=True, max_examples=300)
@given(commands)
def test_generated_commands_are_reproducible(text: str) -> None:
    first = _outcome(text)
    assert first == _outcome(text)
    if isinstance(first, RollCommandResult):
        for roll in first.rolls:
            for term in roll.dice:
                assert roll.expression[term.start : term.end] == term.notation
                assert term.total == sum(d.value for d in term.kept)
        assert first.counter_end >= first.counter_start + first.dice_rolled
