"""A built map as data: which floor tiles lie where and how they are turned, and the door
markers the builders added, on a board frame. The game state stores a :class:`MapLayout`;
everything derived from it (the ``rules.grid`` board, which tile and terrain each square
has) is worked out once by a :class:`MapIndex`, which the engine keeps beside the state.

Readings:

- **Tiles side by side.** Where two tiles meet, one edge carries what both print on it: a
  door if either prints one (over the other's wall, remembered in ``over``), else a wall
  if either prints one (double if either is double), else nothing.
- **Borers bore through.** Where the open (unwalled) side of a borer meets a single wall of
  another tile, the borer has bored through it: the edge is open. A double wall stops a
  borer, and a door stays a door. Borers need no doors ([20.2]).
- **Door markers** replace whatever stands on their edges (a single wall beneath is kept
  in ``over``). A large marker covers two edges: it stores its first edge in reading
  order (``a`` north or west of ``b``); the second lies one square east of it when ``a`` and
  ``b`` are north-south neighbours, one square south when they are east-west neighbours
  (the way a printed wide door runs along a side).
- **Stairs** ([19]). A *Stairs up* tile on one level and a *Stairs down* tile covering the
  same columns and rows on the level above are corresponding stair tiles: each square of
  the one is joined to the square straight above or below it.
- **Outside the tiles.** A frame square no tile covers is void: not floor, never entered
  (``MapIndex.void`` is what the engine passes as impassable); its terrain is ``None``.
  Leaving the map ([05.4]) is stepping off the board frame itself, not into the void.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.grid.board import Board, PlacedBarrier
from rules.grid.edges import Barrier, Door, Wall, WallKind, edge_between
from rules.grid.facing import Facing, square_ahead
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.grid.stairs import Stair
from rules.orders.content.placement import FacingIconPlaced, Footprint, tile_barriers
from rules.orders.content.tiles import DoorDef, Terrain, TileDef

EdgeKey = frozenset[Square]
_T = TypeVar("_T")


class PlacedTile(BaseModel):
    """A floor tile by id, the north-west corner of its turned outline on ``at``, turned
    ``turns`` quarter turns clockwise."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tile: str = Field(min_length=1, max_length=40)
    at: Square
    turns: int = Field(default=0, ge=0, le=3)

    def footprint(self, tile: TileDef) -> Footprint:
        if tile.id != self.tile:
            raise ValueError(f"placed tile '{self.tile}' is not '{tile.id}'")
        return Footprint(tile=tile, at=self.at, turns=self.turns)

    def size(self, tile: TileDef) -> BoardSize:
        """Columns and rows the turned tile covers."""
        return self.footprint(tile).size


class DoorMarker(BaseModel):
    """A door marker on the edge between neighbours ``a`` and ``b`` (``a`` first in
    reading order); a large one also covers the next edge along (see the module notes)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    door: str = Field(min_length=1, max_length=40)
    a: Square
    b: Square

    @model_validator(mode="after")
    def _an_edge(self) -> Self:
        edge_between(self.a, self.b)  # refuses squares that share no side
        if self.b.order < self.a.order:
            raise ValueError(f"a door marker names its edge in reading order: {self.b}, {self.a}")
        return self

    def edges(self, door: DoorDef) -> tuple[tuple[Square, Square], ...]:
        """The one or two edges the marker covers, each as its two squares."""
        if door.width == 1:
            return ((self.a, self.b),)
        dx, dy = (1, 0) if self.a.x == self.b.x else (0, 1)
        return ((self.a, self.b), (self.a.shifted(dx, dy), self.b.shifted(dx, dy)))


class MapLayout(BaseModel):
    """The whole built map: frame, tiles and door markers."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    size: BoardSize = Field(default_factory=BoardSize)
    tiles: tuple[PlacedTile, ...] = ()
    doors: tuple[DoorMarker, ...] = ()

    def index(self, tiles: Mapping[str, TileDef], doors: Mapping[str, DoorDef]) -> MapIndex:
        """Everything derived from the layout, worked out once (``ValueError`` when a tile
        or door is unknown, off the frame or overlapping another)."""
        return MapIndex(self, tiles, doors)

    def board(self, tiles: Mapping[str, TileDef], doors: Mapping[str, DoorDef]) -> Board:
        """The ``rules.grid`` board of the map (build a :class:`MapIndex` to keep it)."""
        return self.index(tiles, doors).board

    def tile_at(self, square: Square, tiles: Mapping[str, TileDef]) -> PlacedTile | None:
        """The placed tile covering ``square``, if any (a scan; ``MapIndex`` looks it up)."""
        for placed in self.tiles:
            size = placed.size(tiles[placed.tile])
            if (
                placed.at.level == square.level
                and placed.at.x <= square.x < placed.at.x + size.columns
                and placed.at.y <= square.y < placed.at.y + size.rows
            ):
                return placed
        return None

    def terrain_at(self, square: Square, tiles: Mapping[str, TileDef]) -> Terrain | None:
        """The terrain of the tile covering ``square``; ``None`` for the void."""
        placed = self.tile_at(square, tiles)
        return None if placed is None else tiles[placed.tile].terrain


def merge_barrier(present: Barrier | None, added: Barrier) -> Barrier:
    """What one edge carries when a second tile prints ``added`` on it (module notes): a
    door stands over the stronger of the walls printed beneath it."""
    if present is None:
        return added
    door = present if isinstance(present, Door) else added if isinstance(added, Door) else None
    walls = [b.kind for b in (present, added) if isinstance(b, Wall)]
    if door is not None:
        beneath = [door.over] if door.over is not None else []
        return door.model_copy(update={"over": _stronger(beneath + walls)})
    return Wall(kind=_stronger(walls) or WallKind.SINGLE)


def _stronger(kinds: list[WallKind]) -> WallKind | None:
    if not kinds:
        return None
    return WallKind.DOUBLE if WallKind.DOUBLE in kinds else WallKind.SINGLE


def marker_door(marker_index: int, door: DoorDef, present: Barrier | None) -> Door:
    """The door a builder's marker puts on an edge, over whatever wall stood there."""
    over = present.kind if isinstance(present, Wall) else None
    return Door(kind=door.grid_kind, name=f"marker-{marker_index + 1}", over=over)


def open_sides(footprint: Footprint) -> Iterable[tuple[Square, Facing]]:
    """The outer sides of a placed tile's squares that carry no printed wall or door."""
    closed = {(square, side) for square, side, _ in footprint.wall_sections()}
    covered = footprint.covered()
    for square in covered:
        for side in Facing:
            ahead = square_ahead(square, side)
            if ahead in covered or (square, side) in closed:
                continue
            yield square, side


class MapIndex:
    """A layout with the catalog's tiles and doors: its board and per-square look-ups,
    derived once. Not a model: the engine builds one per layout and keeps it aside."""

    def __init__(
        self, layout: MapLayout, tiles: Mapping[str, TileDef], doors: Mapping[str, DoorDef]
    ) -> None:
        self.layout = layout
        self.size = layout.size
        self.footprints: tuple[Footprint, ...] = tuple(
            placed.footprint(_known(tiles, placed.tile, "tile")) for placed in layout.tiles
        )
        self._owner: dict[Square, int] = {}
        for number, footprint in enumerate(self.footprints):
            if not footprint.fits(layout.size):
                raise ValueError(
                    f"tile '{footprint.tile.id}' at {footprint.at} runs off the board "
                    f"({layout.size.describe()})"
                )
            for square in footprint.covered():
                other = self._owner.setdefault(square, number)
                if other != number:
                    raise ValueError(
                        f"tiles '{self.footprints[other].tile.id}' and "
                        f"'{footprint.tile.id}' both cover {square}"
                    )
        self.terrain: dict[Square, Terrain] = {
            square: self.footprints[number].tile.terrain for square, number in self._owner.items()
        }
        self.void: frozenset[Square] = frozenset(
            square for square in layout.size.squares() if square not in self._owner
        )
        self.board = Board(
            size=layout.size,
            barriers=tuple(
                PlacedBarrier(edge=edge_between(*sorted(key, key=lambda s: s.order)), barrier=b)
                for key, b in self._barriers(doors).items()
            ),
            floor=tuple(e for f in self.footprints for e in f.elements()),
            rooms=tuple(r for f in self.footprints for r in f.rooms()),
            stairs=self._stairs(),
        )
        self.facing_icons: tuple[FacingIconPlaced, ...] = tuple(
            icon for f in self.footprints for icon in f.facing_icons()
        )

    def _barriers(self, doors: Mapping[str, DoorDef]) -> dict[EdgeKey, Barrier]:
        merged: dict[EdgeKey, Barrier] = {}
        for footprint in self.footprints:
            for key, placed in tile_barriers(footprint, doors, self.size).items():
                merged[key] = merge_barrier(merged.get(key), placed.barrier)
        for footprint in self.footprints:
            if footprint.tile.terrain != "borer":
                continue
            for square, side in open_sides(footprint):
                ahead = square_ahead(square, side)
                if ahead is None or ahead not in self._owner:
                    continue
                key = frozenset((square, ahead))
                standing = merged.get(key)
                if isinstance(standing, Wall) and standing.kind == WallKind.SINGLE:
                    del merged[key]
        for number, marker in enumerate(self.layout.doors):
            door = _known(doors, marker.door, "door")
            for a, b in marker.edges(door):
                if not (self.size.contains(a) and self.size.contains(b)):
                    raise ValueError(f"door marker {number + 1} runs off the board at {a}|{b}")
                key = frozenset((a, b))
                present = merged.get(key)
                if isinstance(present, Wall) and present.kind == WallKind.DOUBLE:
                    raise ValueError(f"door marker {number + 1} covers a double wall at {a}|{b}")
                merged[key] = marker_door(number, door, present)
        return merged

    def _stairs(self) -> tuple[Stair, ...]:
        """Each square of a stairs-up tile joined to the one above it on a stairs-down tile
        (module notes)."""
        joined: list[Stair] = []
        for footprint in self.footprints:
            if footprint.tile.terrain != "stairs_up":
                continue
            for square in sorted(footprint.covered(), key=lambda s: s.order):
                above = Square(x=square.x, y=square.y, level=square.level + 1)
                number = self._owner.get(above)
                if number is not None and self.footprints[number].tile.terrain == "stairs_down":
                    joined.append(Stair(a=square, b=above))
        return tuple(joined)

    def tile_number(self, square: Square) -> int | None:
        """The index in ``layout.tiles`` of the tile covering ``square``."""
        return self._owner.get(square)

    def terrain_squares(self) -> dict[Square, Terrain]:
        return self.terrain

    def tile_terrain(self, number: int) -> Terrain:
        """The terrain of the ``number``-th tile of the layout."""
        return self.footprints[number].tile.terrain

    def tile_at(self, square: Square) -> PlacedTile | None:
        number = self._owner.get(square)
        return None if number is None else self.layout.tiles[number]

    def terrain_at(self, square: Square) -> Terrain | None:
        """The terrain under ``square``; ``None`` in the void."""
        return self.terrain.get(square)


def _known(table: Mapping[str, _T], ident: str, what: str) -> _T:
    if ident not in table:
        raise ValueError(f"the map names an unknown {what} '{ident}'")
    return table[ident]
