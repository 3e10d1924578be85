"""What a destroyed door, wall section or floor element leaves on the ground ([05.3]).

- A destroyed **door** is removed, leaving a gap; one that stood over a single wall
  leaves a broken door marker (the door kept, marked destroyed: it blocks nothing). Every
  edge of a large door goes at once (its edges share the door's name).
- A destroyed **wall** section gets a broken wall marker (kept, marked destroyed).
- A destroyed **floor element** is marked destroyed: its squares are plain floor and
  block neither movement nor sight.
"""

from __future__ import annotations

from rules.grid.board import Board
from rules.grid.edges import Door, Wall
from rules.grid.squares import Square
from rules.orders.events import BarrierTarget
from rules.orders.ground import Ground


def door_edges(board: Board, a: Square, b: Square) -> tuple[tuple[Square, Square], ...]:
    """Every edge of the door between ``a`` and ``b``: both of a wide door's (its edges
    share the door's name)."""
    door = board.barrier(a, b)
    if not isinstance(door, Door) or not door.name:
        return ((a, b),)
    return tuple(
        (p.edge.a, p.edge.b)
        for p in board.barriers
        if isinstance(p.barrier, Door) and p.barrier.name == door.name
    )


def wrecked(ground: Ground, target: BarrierTarget) -> Ground:
    """``ground`` once ``target`` is destroyed."""
    board = ground.board
    if target.kind == "element":
        floor = tuple(
            e.model_copy(update={"destroyed": True})
            if e.name == target.name and e.squares == frozenset(target.squares)
            else e
            for e in board.floor
        )
        board = Board(
            size=board.size,
            barriers=board.barriers,
            floor=floor,
            rooms=board.rooms,
            stairs=board.stairs,
        )  # built anew, not copied: the board caches what blocks movement and sight
        return ground.model_copy(update={"board": board})
    assert target.a is not None and target.b is not None
    if target.kind == "wall":
        wall = board.barrier(target.a, target.b)
        broken = wall if isinstance(wall, Wall) else Wall()
        board = board.with_barrier(
            target.a, target.b, broken.model_copy(update={"destroyed": True})
        )
        return ground.model_copy(update={"board": board})
    for a, b in door_edges(board, target.a, target.b):
        door = board.barrier(a, b)
        gap = not isinstance(door, Door) or door.over is None
        left = None if gap or door is None else door.model_copy(update={"destroyed": True})
        board = board.with_barrier(a, b, left)
    return ground.model_copy(update={"board": board})
