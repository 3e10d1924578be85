"""A simple player for test games, benchmarks and examples: it deploys where it may,
activates a character that can still act with a tile to assign, fights (or captures) an
adjacent enemy when its tiles allow, shoots at an enemy in sight while a Shoot section is
open, sometimes searches where it stands, else walks it toward the nearest enemy, and
passes once nothing useful is left (so every turn ends). Searching, it takes the visible
card when it may, else cycles, else stops; spy points become MP; over its weight
allowance it drops the first item named. In duels it asks now and then with a bid of 1
CP, answers with 0 or 1, and ends an interruption it wins at once."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core.choices import ActionChoice
from rules.grid.coordinates import read_square
from rules.grid.squares import Square
from rules.orders.ground import Ground
from rules.orders.sections import headroom
from rules.orders.stairs import separation
from rules.orders.state import OrdersState

SEARCH_SHARE = 0.5  # how often it searches when it may


def choose(
    state: OrdersState, choices: Sequence[ActionChoice], rnd: random.Random, randomness: float
) -> str | None:
    complete = [c.notation for c in choices if c.complete]
    if not complete:
        return None
    if rnd.random() < randomness:
        return rnd.choice(complete)
    for start in ("take", "cycle", "stop", "spy mp", "spy order", "drop"):
        if state.waiting_window() is None:
            break
        found = [n for n in complete if n == start or n.startswith(start + " ")]
        if found:
            return found[0]
    duel = _duel(state, complete, rnd)
    if duel is not None:
        return duel
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


def _duel(state: OrdersState, complete: list[str], rnd: random.Random) -> str | None:
    """Duels: interrupt now and then, demand the initiative rarely, bid small; an
    interruption ends at once."""
    if state.interruption is not None and "done" in complete:
        return "done"
    asks = [n for n in complete if n.startswith(("interrupt ", "demand "))]
    if "let pass" in complete:
        small = [n for n in asks if n.endswith(" bid 1")]
        chance = 0.3 if any(n.startswith("interrupt ") for n in small) else 0.15
        return rnd.choice(small) if small and rnd.random() < chance else "let pass"
    bids = [n for n in complete if n in ("bid 0", "bid 1")]
    return rnd.choice(bids) if bids else None


def _in_round(state: OrdersState, complete: list[str], rnd: random.Random) -> str:
    assert state.activation is not None
    fighter = state.fighter(state.activation.fighter)
    enemies_near = {f.id for f in state.standing() if f.seat != fighter.seat}
    attacks = [
        n for n in complete if n.startswith(("capture ", "fight ")) and n.split()[1] in enemies_near
    ]
    if attacks:
        captures = [n for n in attacks if n.startswith("capture ")]
        return rnd.choice(captures or attacks)
    shots = [n for n in complete if n.startswith("shoot ")]
    if shots:
        return rnd.choice(shots)  # each shot fills a Shoot section: they run out
    if "search" in complete and rnd.random() < SEARCH_SHARE:
        return "search"
    uses = [n for n in complete if n.startswith(("interact ", "ability "))]
    if uses and rnd.random() < 0.5:
        return rnd.choice(uses)
    moves = [n for n in complete if n.startswith("move to ")]
    enemies = [f.square for f in state.standing() if f.seat != fighter.seat and f.square]
    if moves and enemies and fighter.square is not None:
        assert state.ground is not None
        ground = state.ground
        here = _nearest(ground, fighter.square, enemies)
        size = ground.board.size

        def closer(notation: str) -> int:
            square = read_square(notation.split()[-1], size)
            return _nearest(ground, square, enemies) if isinstance(square, Square) else here

        best = min(moves, key=closer)
        if closer(best) < here:
            return best
    return "done" if "done" in complete else rnd.choice(complete)


def _nearest(ground: Ground, square: Square, others: list[Square]) -> int:
    return min(separation(ground, square, o) for o in others)
