"""A simple player for test games, benchmarks and examples: it answers what it is asked
at once, fires when *Enemy sighted!* offers, rallies its units, charges and shoots what it
sees, reloads, and otherwise closes in; on its go it plays a card, spends its command
points on *Stand fast!* and *Command*, and then ends the go."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core.choices import ActionChoice

PREFERENCE = (
    ("nearest", "fall back", "shaken"),
    ("fire",),
    ("stand fast",),
    ("rally",),
    ("charge",),
    ("shoot",),
    ("reload",),
    ("move",),
    ("play",),
    ("command",),
    ("done",),
    ("end",),
    ("pass",),
)
"""Kinds of choice, best first; choices of one kind are picked among at random. Forming
up, holding a card back and *Preparation* come only from the random share."""


def _rank(notation: str) -> int:
    for i, starts in enumerate(PREFERENCE):
        if notation.startswith(starts):
            return i
    return len(PREFERENCE)


def choose(choices: Sequence[ActionChoice], rnd: random.Random, randomness: float) -> str | None:
    # a look at its own hand changes nothing: never a move of the game
    complete = [c.notation for c in choices if c.complete and c.notation != "hand"]
    if not complete:
        return None
    if rnd.random() < randomness:
        return rnd.choice(complete)
    best = min(_rank(n) for n in complete)
    return rnd.choice([n for n in complete if _rank(n) == best])
