"""Floor tiles laid on a board frame, turned or not: where their squares, walls, doors,
floor elements and facing icons land, and the ``rules.grid`` board one tile makes.

A tile is laid with the north-west corner of its turned outline on a board square and
turned 0-3 quarter turns clockwise. One quarter turn takes a tile of ``C`` columns and
``R`` rows to ``R`` columns and ``C`` rows; its local square ``(x, y)`` goes to
``(R - 1 - y, x)``, so what stood on its north side stands on its east side, and every
printed side (walls, doors, facing icons) turns with it. A wide door keeps its width: each
of its edges is turned on its own, so the two edges stay side by side.

A wall on the tile's outer side stands on the edge between the tile square and the board
square beyond it; where that square lies off the board the frame itself bounds the map, so
the section is left out. A door printed over a single wall replaces it (Game setup: "treat
the intersection as a Door"), remembering the wall beneath for when it is destroyed.
Every indoor tile with a room-type icon is one room, named after the tile.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from rules.grid.board import Board, PlacedBarrier
from rules.grid.edges import Door, Wall, WallKind, edge_between
from rules.grid.facing import Facing, square_ahead
from rules.grid.floor import FloorElement
from rules.grid.rooms import Room
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.orders.content.tiles import DoorDef, TileDef, run_step

TURNS = 4
"""Quarter turns that bring a tile back as it was printed."""


def turned_local(local: Square, columns: int, rows: int, turns: int) -> Square:
    """Where the local square ``local`` of a tile printed ``columns`` x ``rows`` lies
    (in the turned tile's own local squares) after ``turns`` quarter turns clockwise."""
    x, y, width, height = local.x, local.y, columns, rows
    for _ in range(turns % TURNS):
        x, y, width, height = height - 1 - y, x, height, width
    return Square(x=x, y=y, level=local.level)


@dataclass(frozen=True)
class FacingIconPlaced:
    """A facing icon of a placed floor element: the board square and the turned facing."""

    element: str
    square: Square
    facing: Facing


@dataclass(frozen=True)
class Footprint:
    """A tile laid with the north-west corner of its turned outline on ``at`` and turned
    ``turns`` quarter turns clockwise."""

    tile: TileDef
    at: Square
    turns: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.turns < TURNS:
            raise ValueError(f"a tile turns 0 to 3 quarter turns, not {self.turns}")

    @property
    def columns(self) -> int:
        """Columns the turned tile covers."""
        return self.tile.rows if self.turns % 2 else self.tile.columns

    @property
    def rows(self) -> int:
        """Rows the turned tile covers."""
        return self.tile.columns if self.turns % 2 else self.tile.rows

    @property
    def size(self) -> BoardSize:
        return BoardSize(columns=self.columns, rows=self.rows)

    def board_square(self, local: Square) -> Square:
        """The board square the tile's printed local square ``local`` lands on."""
        turned = turned_local(local, self.tile.columns, self.tile.rows, self.turns)
        return Square(x=self.at.x + turned.x, y=self.at.y + turned.y, level=self.at.level)

    def side(self, printed: Facing) -> Facing:
        """The board side a printed side of the tile faces once turned."""
        return printed.turned(self.turns)

    def squares(self) -> dict[Square, Square]:
        """Every printed local square of the tile and the board square it lands on."""
        return {local: self.board_square(local) for local in self.tile.size.squares()}

    def covered(self) -> frozenset[Square]:
        """The board squares the placed tile covers."""
        return frozenset(
            Square(x=self.at.x + dx, y=self.at.y + dy, level=self.at.level)
            for dy in range(self.rows)
            for dx in range(self.columns)
        )

    def fits(self, frame: BoardSize) -> bool:
        corner = self.at.shifted(self.columns - 1, self.rows - 1)
        return frame.contains(self.at) and frame.contains(corner)

    def wall_sections(self) -> Iterator[tuple[Square, Facing, WallKind]]:
        """Each printed wall section: the board square it borders and its turned side."""
        for local, side, kind in self.tile.wall_sections():
            yield self.board_square(local), self.side(side), WallKind(kind)

    def door_sections(
        self, doors: Mapping[str, DoorDef]
    ) -> Iterator[tuple[int, DoorDef, Square, Facing]]:
        """Each edge of each printed door: its index on the tile, its definition, the board
        square it borders and its turned side; a large door gives two edges."""
        for index, printed in enumerate(self.tile.doors):
            door = doors[printed.door]
            first = self.tile.square(printed.at)
            dx, dy = run_step(printed.side)
            for step in range(door.width):
                local = first.shifted(dx * step, dy * step)
                yield index, door, self.board_square(local), self.side(printed.side)

    def elements(self) -> tuple[FloorElement, ...]:
        return tuple(
            FloorElement(
                name=element.name,
                squares=frozenset(self.board_square(self.tile.square(n)) for n in element.squares),
                blocks_movement=element.blocks_movement,
                blocks_sight=element.blocks_sight,
            )
            for element in self.tile.elements
        )

    def facing_icons(self) -> tuple[FacingIconPlaced, ...]:
        return tuple(
            FacingIconPlaced(
                element=element.id,
                square=self.board_square(self.tile.square(icon.at)),
                facing=self.side(icon.facing),
            )
            for element in self.tile.elements
            for icon in element.facing_icons
        )

    def rooms(self) -> tuple[Room, ...]:
        if self.tile.terrain == "indoor" and self.tile.rooms:
            return (Room(name=self.tile.name, squares=self.covered()),)
        return ()


def tile_barriers(
    footprint: Footprint, doors: Mapping[str, DoorDef], frame: BoardSize
) -> dict[frozenset[Square], PlacedBarrier]:
    """The walls and printed doors of one placed tile, keyed by the two squares of each
    edge; sections on the frame's own edge are left out."""

    def edge_key(inside: Square, side: Facing) -> tuple[Square, Square] | None:
        outside = square_ahead(inside, side)
        if outside is None or not frame.contains(outside):
            return None
        return (inside, outside)

    barriers: dict[frozenset[Square], PlacedBarrier] = {}
    for inside, side, kind in footprint.wall_sections():
        key = edge_key(inside, side)
        if key is not None:
            wall = PlacedBarrier(edge=edge_between(*key), barrier=Wall(kind=kind))
            barriers[frozenset(key)] = wall
    tile = footprint.tile
    for index, door, inside, side in footprint.door_sections(doors):
        key = edge_key(inside, side)
        if key is None:
            continue
        under = barriers.get(frozenset(key))
        over = under.barrier.kind if under is not None and isinstance(under.barrier, Wall) else None
        barrier = Door(kind=door.grid_kind, name=f"{tile.id}-door-{index + 1}", over=over)
        barriers[frozenset(key)] = PlacedBarrier(edge=edge_between(*key), barrier=barrier)
    return barriers


def tile_board(
    tile: TileDef,
    doors: Mapping[str, DoorDef],
    at: Square,
    size: BoardSize | None = None,
    turns: int = 0,
) -> Board:
    """The board of ``size`` (16 x 20 by default) holding only ``tile``, turned ``turns``
    quarter turns clockwise with the north-west corner of its turned outline on ``at``.
    ``doors`` must hold every door the tile prints (a catalog's doors do); ``ValueError``
    if the tile does not fit on the board."""
    frame = size if size is not None else BoardSize()
    footprint = Footprint(tile=tile, at=at, turns=turns)
    if not footprint.fits(frame):
        raise ValueError(
            f"tile '{tile.id}' ({footprint.columns} x {footprint.rows}) placed at {at} does "
            f"not fit the board ({frame.describe()})"
        )
    barriers = tile_barriers(footprint, doors, frame)
    return Board(
        size=frame,
        barriers=tuple(barriers.values()),
        floor=footprint.elements(),
        rooms=footprint.rooms(),
    )
