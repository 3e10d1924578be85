"""One floor tile laid on a board frame: the ``rules.grid`` board it makes.

The tile keeps its printed orientation (turning tiles comes with the map builder). A wall
on the tile's outer side stands on the edge between the tile square and the board square
beyond it; where that square lies off the board the frame itself bounds the map, so the
section is left out. A door printed over a single wall replaces it (Game setup: "treat
the intersection as a Door"), remembering the wall beneath for when it is destroyed.
Every indoor tile with a room-type icon is one room, named after the tile.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.grid.board import Board, PlacedBarrier
from rules.grid.edges import Door, Wall, WallKind, edge_between
from rules.grid.facing import Facing, square_ahead
from rules.grid.floor import FloorElement
from rules.grid.rooms import Room
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.orders.content.tiles import DoorDef, TileDef, run_step

_EdgeKey = tuple[Square, Square]


def tile_board(
    tile: TileDef, doors: Mapping[str, DoorDef], at: Square, size: BoardSize | None = None
) -> Board:
    """The board of ``size`` (16 x 20 by default) holding only ``tile``, its ``A1`` on
    ``at``. ``doors`` must hold every door the tile prints (a catalog's doors do);
    ``ValueError`` if the tile does not fit on the board."""
    frame = size if size is not None else BoardSize()
    corner = at.shifted(tile.columns - 1, tile.rows - 1)
    if not (frame.contains(at) and frame.contains(corner)):
        raise ValueError(
            f"tile '{tile.id}' ({tile.columns} x {tile.rows}) placed at {at} does not fit "
            f"the board ({frame.describe()})"
        )

    def placed(local: Square) -> Square:
        return Square(x=at.x + local.x, y=at.y + local.y, level=at.level)

    def edge_key(local: Square, side: Facing) -> _EdgeKey | None:
        inside = placed(local)
        outside = square_ahead(inside, side)
        if outside is None or not frame.contains(outside):
            return None
        return (inside, outside)

    barriers: dict[frozenset[Square], PlacedBarrier] = {}
    for local, side, kind in tile.wall_sections():
        key = edge_key(local, side)
        if key is not None:
            wall = Wall(kind=WallKind(kind))
            barriers[frozenset(key)] = PlacedBarrier(edge=edge_between(*key), barrier=wall)
    for index, printed in enumerate(tile.doors):
        door = doors[printed.door]
        first = tile.square(printed.at)
        dx, dy = run_step(printed.side)
        for step in range(door.width):
            key = edge_key(first.shifted(dx * step, dy * step), printed.side)
            if key is None:
                continue
            under = barriers.get(frozenset(key))
            over = (
                under.barrier.kind
                if under is not None and isinstance(under.barrier, Wall)
                else None
            )
            barrier = Door(kind=door.grid_kind, name=f"{tile.id}-door-{index + 1}", over=over)
            barriers[frozenset(key)] = PlacedBarrier(edge=edge_between(*key), barrier=barrier)
    floor = tuple(
        FloorElement(
            name=element.name,
            squares=frozenset(placed(tile.square(name)) for name in element.squares),
            blocks_movement=element.blocks_movement,
            blocks_sight=element.blocks_sight,
        )
        for element in tile.elements
    )
    rooms: tuple[Room, ...] = ()
    if tile.terrain == "indoor" and tile.rooms:
        every = frozenset(placed(local) for local in tile.size.squares())
        rooms = (Room(name=tile.name, squares=every),)
    return Board(size=frame, barriers=tuple(barriers.values()), floor=floor, rooms=rooms)
