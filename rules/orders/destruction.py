"""Destroying doors, walls and floor elements ([05.3], [07.2]): what each can take before
it goes, and the ground once it has gone.

Readings:
- A door's defensive value is that of the door definition it was laid from: the one of
  its kind (sliding or wooden, magnetic or not) and its width (a wide door stands on two
  edges under one name). A door matching none is indestructible. A wide door is destroyed
  whole.
- Only closed doors are targets ([09.5]); an open door stops nothing.
- Every standing wall section, single or double, has defensive value 10.
- A floor element's defensive value is printed on its tile; one without a value cannot
  be destroyed.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.grid.board import Board
from rules.grid.edges import Door, Wall
from rules.grid.floor import FloorElement
from rules.grid.squares import Square
from rules.orders.content.tiles import DoorDef
from rules.orders.ground import Ground

WALL_DEFENCE = 10


def door_edges(board: Board, a: Square, b: Square) -> tuple[tuple[Square, Square], ...]:
    """Every edge of the door standing between ``a`` and ``b`` (two for a wide door)."""
    door = board.barrier(a, b)
    if not isinstance(door, Door):
        return ()
    if not door.name:
        return ((a, b),)
    return tuple(
        (p.edge.a, p.edge.b)
        for p in board.barriers
        if isinstance(p.barrier, Door) and p.barrier.name == door.name
    )


def door_defence(doors: Mapping[str, DoorDef], board: Board, a: Square, b: Square) -> int | None:
    """The defensive value of the door between ``a`` and ``b``; None: indestructible (or
    no door)."""
    door = board.barrier(a, b)
    if not isinstance(door, Door):
        return None
    width = len(door_edges(board, a, b))
    found = next((d for d in doors.values() if d.grid_kind == door.kind and d.width == width), None)
    return found.defence if found is not None else None


def barrier_defence(doors: Mapping[str, DoorDef], board: Board, a: Square, b: Square) -> int | None:
    """What a standing wall section or closed door between ``a`` and ``b`` takes to be
    destroyed; None: nothing there to destroy."""
    barrier = board.barrier(a, b)
    if barrier is None or barrier.destroyed:
        return None
    if isinstance(barrier, Wall):
        return WALL_DEFENCE
    if barrier.open:
        return None
    return door_defence(doors, board, a, b)


def element_at(ground: Ground, square: Square) -> FloorElement | None:
    """The standing floor element covering ``square``, if any."""
    return next((e for e in ground.board.floor if square in e.squares and not e.destroyed), None)


def element_defence(ground: Ground, element: FloorElement) -> int | None:
    """The defensive value printed for ``element`` on its tile; None: indestructible."""
    for square in element.squares:
        placed = ground.tile_at(square)
        if placed is None:
            continue
        for printed in placed.tile.elements:
            if printed.name == element.name:
                return printed.defence
    return None


def without_door(ground: Ground, a: Square, b: Square) -> Ground:
    board = ground.board
    for x, y in door_edges(board, a, b):
        door = board.barrier(x, y)
        assert isinstance(door, Door)
        board = board.with_barrier(x, y, door.model_copy(update={"destroyed": True}))
    return ground.model_copy(update={"board": board})


def without_wall(ground: Ground, a: Square, b: Square) -> Ground:
    wall = ground.board.barrier(a, b)
    assert isinstance(wall, Wall)
    broken = wall.model_copy(update={"destroyed": True})
    return ground.model_copy(update={"board": ground.board.with_barrier(a, b, broken)})


def without_element(ground: Ground, name: str, square: Square) -> Ground:
    board = ground.board
    floor = tuple(
        e.model_copy(update={"destroyed": True}) if e.name == name and square in e.squares else e
        for e in board.floor
    )
    rebuilt = Board(
        size=board.size,
        barriers=board.barriers,
        floor=floor,
        rooms=board.rooms,
        stairs=board.stairs,
    )  # built anew, not copied: the board caches what blocks movement and sight
    return ground.model_copy(update={"board": rebuilt})
