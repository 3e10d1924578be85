"""A simple player for test games, benchmarks and examples: it deploys where it may,
activates a character that can still act with a tile to assign, walks it toward the
nearest enemy, and passes once nothing useful is left (so every turn ends)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core.choices import ActionChoice
from rules.grid.coordinates import read_square
from rules.grid.ranges import steps
from rules.grid.squares import Square
from rules.orders.sections import headroom
from rules.orders.state import OrdersState


def choose(
    state: OrdersState, choices: Sequence[ActionChoice], rnd: random.Random, randomness: float
) -> str | None:
    complete = [c.notation for c in choices if c.complete]
    if not complete:
        return None
    if rnd.random() < randomness:
        return rnd.choice(complete)
    for start in ("keep", "discard", "face", "deploy", "radio"):
        found = [n for n in complete if n.startswith(start)]
        if found:
            return rnd.choice(found)
    if state.activation is not None:
        return _in_round(state, complete, rnd)
    useful = []
    for notation in complete:
        if not notation.startswith("activate "):
            continue
        words = notation.split()
        fighter = state.fighter(words[1])
        with_tile = len(words) > 2
        if headroom(state, fighter) <= 0:
            continue
        if with_tile and not fighter.tiles:
            useful.append(notation)
    if useful:
        return rnd.choice(useful)
    return "pass" if "pass" in complete else rnd.choice(complete)


def _in_round(state: OrdersState, complete: list[str], rnd: random.Random) -> str:
    assert state.activation is not None
    fighter = state.fighter(state.activation.fighter)
    uses = [n for n in complete if n.startswith(("interact ", "ability "))]
    if uses and rnd.random() < 0.5:
        return rnd.choice(uses)
    moves = [n for n in complete if n.startswith("move to ")]
    enemies = [f.square for f in state.standing() if f.seat != fighter.seat and f.square]
    if moves and enemies and fighter.square is not None:
        here = _nearest(fighter.square, enemies)

        assert state.ground is not None
        size = state.ground.board.size

        def closer(notation: str) -> int:
            square = read_square(notation.split()[-1], size)
            return _nearest(square, enemies) if isinstance(square, Square) else here

        best = min(moves, key=closer)
        if closer(best) < here:
            return best
    return "done" if "done" in complete else rnd.choice(complete)


def _nearest(square: Square, others: list[Square]) -> int:
    return min(steps(square, o) for o in others if o.level == square.level)
