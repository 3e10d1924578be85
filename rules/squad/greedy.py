"""A simple player for test games, benchmarks and examples: it fights when it can, shoots
when it sees a target, and otherwise closes in."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core.choices import ActionChoice

PREFERENCE = (
    "allocate closest",
    "first me",
    "assault",
    "shoot",
    "move",
    "deploy",
    "force",
    "end",
    "hold",
    "rush",
)


def _rank(notation: str) -> int:
    for i, start in enumerate(PREFERENCE):
        if notation.startswith(start):
            return i
    return len(PREFERENCE)


def choose(choices: Sequence[ActionChoice], rnd: random.Random, randomness: float) -> str | None:
    complete = [c.notation for c in choices if c.complete]
    if not complete:
        return None
    if rnd.random() < randomness:
        return rnd.choice(complete)
    best = min(_rank(n) for n in complete)
    return rnd.choice([n for n in complete if _rank(n) == best])
