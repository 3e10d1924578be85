from __future__ import annotations

import pytest

from rules.core.dice import DiceStream
from rules.notation import RollCommandResult, RollResult, roll_expression

SEED = b"fixed-seed"


def fresh_stream(counter: int = 0) -> DiceStream:
    return DiceStream(SEED, counter)


def roll(text: str, counter: int = 0) -> RollCommandResult:
    return roll_expression(text, fresh_stream(counter))


def single(text: str, counter: int = 0) -> RollResult:
    result = roll(text, counter)
    assert len(result.rolls) == 1
    return result.rolls[0]


@pytest.fixture
def stream() -> DiceStream:
    return fresh_stream()
