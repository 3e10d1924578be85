"""Interruption triggers ([10.2]): which characters of other players see the activated
character on a square, or stand adjacent to it.

A trigger is named by a key, ``"B1 sight"`` or ``"B1 adjacent"``; the state keeps the keys
met this activation round (``OrdersState.watched``), so each sets off a chance once.
Readings: the sight and adjacency triggers are separate (a character that saw the mover
from the start may still interrupt when it steps next to it); adjacency is orthogonal,
with no wall or closed door between; every standing character of a player other than the
mover's counts as a watcher. A large character ([16]) sets off a trigger when any of its
squares is seen or adjacent, and watches from all of its squares.
"""

from __future__ import annotations

from rules.grid.adjacency import adjacent
from rules.grid.squares import Square
from rules.orders.frames import Chance, Trigger
from rules.orders.sight import sight_to
from rules.orders.state import Fighter, OrdersState


def key(chance: Chance) -> str:
    return f"{chance.fighter} {chance.trigger}"


def chances_at(state: OrdersState, mover: Fighter, square: Square) -> tuple[Chance, ...]:
    """Every trigger condition true with ``mover`` standing on ``square``."""
    assert state.ground is not None
    placed = state.model_copy(
        update={
            "fighters": tuple(
                f.model_copy(update={"square": square}) if f.id == mover.id else f
                for f in state.fighters
            )
        }
    )
    moved = placed.fighter(mover.id)
    body = placed.squares_of(moved)
    board = state.ground.board
    found: list[Chance] = []
    for watcher in placed.standing():
        if watcher.seat == mover.seat or watcher.square is None:
            continue
        triggers: list[Trigger] = []
        if sight_to(placed, watcher, moved) is not None:
            triggers.append("sight")
        if any(adjacent(board, a, b) for a in placed.squares_of(watcher) for b in body):
            triggers.append("adjacent")
        found.extend(Chance(fighter=watcher.id, trigger=t) for t in triggers)
    return tuple(found)


def new_chances(state: OrdersState, mover: Fighter, square: Square) -> tuple[Chance, ...]:
    """The triggers ``mover`` entering ``square`` meets for the first time this round."""
    return tuple(c for c in chances_at(state, mover, square) if key(c) not in state.watched)


def watching(state: OrdersState, mover: Fighter) -> tuple[str, ...]:
    """The trigger keys already true where ``mover`` stands: no chance from them."""
    if mover.square is None:
        return ()
    return tuple(key(c) for c in chances_at(state, mover, mover.square))
