"""Dice expressions built to exhaust time or memory, through ``/roll`` and the notation.

Exploding and rerolling dice that never stop on their own, thousands of dice, deep
parentheses and minus signs, long chains of terms, huge keep counts and numbers, many
``;``-separated rolls, and text far past the length limit: each gives a specific message
or a result that fits a Discord message, within generous bounds of CPU time and memory.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discord_app.cogs.dice import roll_text
from bot.service.errors import UserError
from rules.core.dice import DiceStream
from rules.notation import NotationError, roll_expression

from .bounds import measured
from .conftest import long, quick, tally
from .hostile import DISCORD_CONTENT, GENERIC, RAW_BROADCAST, RAW_ROLE, RAW_USER, hostile_text

CPU_LIMIT = 1.0  # seconds of CPU per expression: generous, the real cost is milliseconds
MEMORY_LIMIT = 50_000_000  # bytes of peak allocation per expression
SEED = bytes(range(32))

COUNTS = ("", "1", "2", "10", "100", "999", "1000", "1001", "0", "000001000", "9" * 12)
SIDES = ("1", "2", "3", "6", "10", "100", "1000", "1001", "%", "F", "0", "9" * 12)
MODIFIERS = (
    "!",
    "!o",
    "!>=2",
    "!>1",
    "!<1000",
    "!o>1",
    "!2",
    "r1",
    "rr1",
    "rr<1000",
    "rr>1",
    "r<=999",
    "k1000000",
    "k" + "9" * 30,
    "kl1000",
    "d999",
    "dh1000",
    "t1",
    ">=1",
    "f<1000",
    "x>=1",
    "t-1",
    "=0",
    "!!",
    "kk1",
)


@st.composite
def dice_term(draw: st.DrawFn) -> str:
    modifiers = draw(st.lists(st.sampled_from(MODIFIERS), max_size=5))
    count, sides = draw(st.sampled_from(COUNTS)), draw(st.sampled_from(SIDES))
    return f"{count}d{sides}{''.join(modifiers)}"


_numbers = st.one_of(
    st.sampled_from(["0", "1", "1000000", "1000001", "999999999", "-1"]),
    st.integers(0, 10**60).map(str),
)
_atom = st.one_of(dice_term(), _numbers)

expressions = st.recursive(
    _atom,
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/", " * ", "/ -"]), inner).map("".join),
        st.tuples(st.integers(1, 40), inner).map(lambda d: "(" * d[0] + d[1] + ")" * d[0]),
        st.tuples(st.integers(1, 40), inner).map(lambda d: "-" * d[0] + d[1]),
    ),
    max_leaves=12,
)


@st.composite
def chains(draw: st.DrawFn) -> str:
    """One term repeated with an operator, up to and past the length limit."""
    term = draw(_atom)
    operator = draw(st.sampled_from(["+", "*", "-", "/", ";", ";;", "+-"]))
    times = draw(st.integers(1, 260))
    return operator.join([term] * times)


@st.composite
def decorated(draw: st.DrawFn) -> str:
    """Labels and comments full of mentions and markdown around a real roll."""
    label = draw(hostile_text(1, 60)).replace(":", "").replace(";", "").replace("#", "")
    comment = draw(hostile_text(0, 120)).replace(";", "")
    expression = draw(expressions)
    return f"{label or 'x'}: {expression} # {comment}"


any_expression = st.one_of(
    expressions,
    chains(),
    decorated(),
    st.lists(dice_term(), min_size=1, max_size=120).map(";".join),
    st.tuples(st.integers(0, 600), st.sampled_from(["(", "-", "-(", "(-"])).map(
        lambda d: d[1] * d[0] + "1" + ")" * (d[0] if "(" in d[1] else 0)
    ),
    hostile_text(1, 500),
)


def check_roll(expression: str) -> None:
    """The whole ``/roll`` answer: a result or a refusal that fits, cheaply computed."""
    answers: list[str] = []
    refused = False

    def roll() -> None:
        try:
            answers.append(roll_text(expression, SEED))
        except UserError as refusal:
            nonlocal refused
            refused = True
            answers.append(refusal.message)
            assert refusal.message.strip() and GENERIC not in refusal.message, expression

    def notation() -> None:
        try:
            result = roll_expression(expression, DiceStream(SEED))
        except NotationError as error:
            assert error.message and 0 <= error.position <= len(expression), expression
            return
        assert result.dice_rolled <= 1000, expression

    cpu, peak = measured(roll)
    tally("roll (dice expressions)", 1, cpu, repr(expression[:120]))
    assert cpu < CPU_LIMIT, (cpu, expression)
    assert peak < MEMORY_LIMIT, (peak, expression)
    cpu, peak = measured(notation)
    assert cpu < CPU_LIMIT and peak < MEMORY_LIMIT, (cpu, peak, expression)
    # a refusal shows what was typed and a caret: it must fit without being cut short
    assert len(answers[0]) <= DISCORD_CONTENT, (len(answers[0]), expression)
    if refused:
        return
    text = answers[0]
    assert not RAW_BROADCAST.search(text) and not RAW_ROLE.search(text), text
    assert not RAW_USER.search(text), text


def fuzz(settings: object, strategy: st.SearchStrategy[str]) -> None:
    @settings  # type: ignore[operator]
    @given(strategy)
    def case(expression: str) -> None:
        check_roll(expression)

    case()


WORST = (
    "1000d1000!",
    "1000d2!",
    "1000d1000rr<1000",
    "1000d1000!o>1k1000t2f<1000x>=1",
    "1000d1",
    ";".join(["10d10!>=2"] * 40)[:500],
    ";".join(["1d6"] * 100),
    "(" * 20 + "1000d1000" + ")" * 20,
    "-" * 20 + "1d6",
    "1000000*1000000",
    "9" * 500,
    "(" * 100_000,
    "1d6;" * 25_000,
    "x" * 1_000_000,
    "1d6 # " + "@everyone <@&5> " * 30,
)


def test_any_expression_is_a_result_or_a_message() -> None:
    fuzz(quick(40), any_expression)


@pytest.mark.reliability
def test_any_expression_long_run() -> None:
    fuzz(long(3000), any_expression)
