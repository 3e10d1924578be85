"""What a picture of a square-grid board shows, independent of any one game.

A system turns its public view into a :class:`GridScene`; the grid renderer draws the
scene and nothing else, so whatever a scene leaves out cannot appear in the picture. A
face-down marker, for one, is only a square: what it hides is not in the scene at all.

Squares are ``(column, row)`` pairs counted from 0: column 0 is ``A`` and row 0 is ``1``,
as players type them (:func:`square_name` gives ``C7``). An edge is named by the two
orthogonally neighbouring squares it separates. A board may have several levels, drawn
side by side; everything placed on the board names its level by index (0 by default).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.grid.squares import column_letters

MAX_COLUMNS = 16
MAX_ROWS = 20
MAX_LEVELS = 4
SEAT_COLOURS = 8
TILE_SHADES = 8

Index = Annotated[int, Field(ge=0, lt=max(MAX_COLUMNS, MAX_ROWS))]
Square = tuple[Index, Index]
Squares = Annotated[tuple[Square, ...], Field(min_length=1, max_length=MAX_COLUMNS * MAX_ROWS)]
Edge = tuple[Square, Square]
Ident = Annotated[str, Field(min_length=1, max_length=40)]
Level = Annotated[int, Field(ge=0, lt=MAX_LEVELS)]
Compass = Literal["N", "E", "S", "W"]
Mark = Annotated[str, Field(min_length=1, max_length=3)]


def square_name(square: tuple[int, int]) -> str:
    """The square as players type it: ``(2, 6)`` is ``C7``."""
    column, row = square
    return f"{column_letters(column)}{row + 1}"


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class GridSeat(Frozen):
    """A player's side: ``colour`` picks one of the eight seat colours (0-7)."""

    id: Ident
    name: str = Field(max_length=60)
    colour: int = Field(ge=0, lt=SEAT_COLOURS)


class GridLevel(Frozen):
    """One level of the board, shown under its ``name``."""

    name: str = Field(min_length=1, max_length=30)


class TileKind(Frozen):
    """A kind of floor tile as the key names it, drawn in floor shade ``shade`` (0-7)."""

    id: Ident
    name: str = Field(min_length=1, max_length=30)
    shade: int = Field(ge=0, lt=TILE_SHADES)


class GridTile(Frozen):
    """A floor tile: the squares it covers and its kind."""

    id: Ident
    kind: str
    squares: Squares
    level: Level = 0


class GridWall(Frozen):
    """A wall on the edge ``between`` two squares, single or double, or broken."""

    between: Edge
    kind: Literal["single", "double"] = "single"
    destroyed: bool = False
    level: Level = 0


class GridDoor(Frozen):
    """A door on the edge ``between`` two squares; ``kind`` is a short tag such as
    ``sliding``, ``wooden`` or ``magnetic`` that the key explains."""

    between: Edge
    state: Literal["open", "closed", "destroyed"] = "closed"
    kind: str = Field(default="", max_length=16)
    level: Level = 0


class GridElement(Frozen):
    """A floor element on one or more squares: what it blocks, whether it is ON or OFF
    (None when it has no such state) and whether it is destroyed."""

    id: Ident
    label: str = Field(default="", max_length=6)
    squares: Squares
    blocks_movement: bool = False
    blocks_sight: bool = False
    state: Literal["on", "off"] | None = None
    destroyed: bool = False
    level: Level = 0


class GridRoom(Frozen):
    """A named room; an unpowered room (``powered`` False) is drawn shaded."""

    id: Ident
    name: str = Field(default="", max_length=24)
    squares: Squares
    powered: bool = True
    level: Level = 0


class GridToken(Frozen):
    """A miniature on the board.

    ``label`` is a short code (``Jn``); ``square`` is the square it stands on, or for a
    ``large`` miniature the top-left square of the 2 x 2 block it covers. ``facing`` draws
    a notch on the side it faces; ``sight`` (degrees, centred on the facing) draws its arc
    of sight on the rim. ``state`` is a short badge such as ``Wd`` and ``marks`` small
    markers such as an assigned order or ``E`` for engaged; the scene's ``key`` explains
    them. ``active`` rings the miniature acting now; a ``dead`` one is drawn crossed out.
    """

    id: Ident
    label: str = Field(min_length=1, max_length=6)
    seat: str
    square: Square
    large: bool = False
    facing: Compass | None = None
    sight: int | None = Field(default=None, ge=1, le=360)
    state: str = Field(default="", max_length=3)
    marks: tuple[Mark, ...] = Field(default=(), max_length=3)
    active: bool = False
    dead: bool = False
    level: Level = 0

    @model_validator(mode="after")
    def _sight_needs_facing(self) -> GridToken:
        if self.sight is not None and self.facing is None:
            raise ValueError(f"token '{self.id}' has an arc of sight but no facing")
        return self

    @property
    def squares(self) -> tuple[Square, ...]:
        """Every square the miniature covers."""
        column, row = self.square
        if not self.large:
            return (self.square,)
        return ((column, row), (column + 1, row), (column, row + 1), (column + 1, row + 1))


class GridMarker(Frozen):
    """A face-down marker. It is a square and nothing else, so every face-down marker is
    drawn alike whatever it hides."""

    square: Square
    level: Level = 0


class GridSight(Frozen):
    """A line of sight from the centre of ``start`` to the centre of ``end``; a
    ``blocked`` one is drawn broken."""

    start: Square
    end: Square
    blocked: bool = False
    label: str = Field(default="", max_length=16)
    level: Level = 0


class GridArc(Frozen):
    """A fire arc of ``degrees`` opening from the centre of ``origin`` towards ``facing``,
    ``reach`` squares long (to the board's edge when None)."""

    origin: Square
    facing: Compass
    degrees: int = Field(default=90, ge=1, le=360)
    reach: int | None = Field(default=None, ge=1, le=MAX_COLUMNS + MAX_ROWS)
    label: str = Field(default="", max_length=16)
    level: Level = 0


class GridRoute(Frozen):
    """A walk the latest activation made on one level: the centres of ``squares`` joined
    in order, in the walking seat's colour."""

    seat: str
    squares: tuple[Square, ...] = Field(min_length=2, max_length=MAX_COLUMNS * MAX_ROWS)
    level: Level = 0


class KeyEntry(Frozen):
    """What a short badge or mark on a token means, for the key: ``Wd`` -> ``wounded``."""

    text: Mark
    meaning: str = Field(min_length=1, max_length=40)


class GridScene(Frozen):
    """Everything one picture of a square-grid board shows."""

    columns: int = Field(default=MAX_COLUMNS, ge=1, le=MAX_COLUMNS)
    rows: int = Field(default=MAX_ROWS, ge=1, le=MAX_ROWS)
    levels: tuple[GridLevel, ...] = Field(default=(), max_length=MAX_LEVELS)
    title: str = Field(default="", max_length=100)
    caption: tuple[Annotated[str, Field(max_length=100)], ...] = Field(default=(), max_length=4)
    seats: tuple[GridSeat, ...] = Field(default=(), max_length=SEAT_COLOURS)
    tile_kinds: tuple[TileKind, ...] = Field(default=(), max_length=16)
    tiles: tuple[GridTile, ...] = Field(default=(), max_length=200)
    walls: tuple[GridWall, ...] = Field(default=(), max_length=2000)
    doors: tuple[GridDoor, ...] = Field(default=(), max_length=200)
    elements: tuple[GridElement, ...] = Field(default=(), max_length=200)
    rooms: tuple[GridRoom, ...] = Field(default=(), max_length=100)
    tokens: tuple[GridToken, ...] = Field(default=(), max_length=60)
    markers: tuple[GridMarker, ...] = Field(default=(), max_length=200)
    sights: tuple[GridSight, ...] = Field(default=(), max_length=12)
    arcs: tuple[GridArc, ...] = Field(default=(), max_length=6)
    routes: tuple[GridRoute, ...] = Field(default=(), max_length=8)
    key: tuple[KeyEntry, ...] = Field(default=(), max_length=12)

    @property
    def level_count(self) -> int:
        """How many levels are drawn (one when the scene names none)."""
        return max(1, len(self.levels))

    def level_name(self, level: int) -> str:
        return self.levels[level].name if self.levels else ""

    def seat(self, seat_id: str) -> GridSeat | None:
        return next((s for s in self.seats if s.id == seat_id), None)

    @model_validator(mode="after")
    def _consistent(self) -> GridScene:
        for kind, ids in (
            ("seat", (s.id for s in self.seats)),
            ("tile kind", (k.id for k in self.tile_kinds)),
            ("tile", (t.id for t in self.tiles)),
            ("floor element", (e.id for e in self.elements)),
            ("room", (r.id for r in self.rooms)),
            ("token", (t.id for t in self.tokens)),
        ):
            _distinct(kind, ids)
        _distinct("key badge", (entry.text for entry in self.key), "text")
        self._check_places()
        self._check_edges()
        self._check_references()
        return self

    def _on_board(self, what: str, level: int, squares: Iterable[tuple[int, int]]) -> None:
        if level >= self.level_count:
            raise ValueError(
                f"{what} is on level {level + 1}, but the board has {self.level_count}"
            )
        for column, row in squares:
            if column >= self.columns or row >= self.rows:
                raise ValueError(
                    f"{what} is off the board at {_name(column, row)}: the board is "
                    f"{self.columns} columns (A-{column_letters(self.columns - 1)}) by "
                    f"{self.rows} rows"
                )

    def _check_places(self) -> None:
        for tile in self.tiles:
            self._on_board(f"tile '{tile.id}'", tile.level, tile.squares)
        _no_overlap("tile", ((t.id, t.level, t.squares) for t in self.tiles))
        for room in self.rooms:
            self._on_board(f"room '{room.id}'", room.level, room.squares)
        _no_overlap("room", ((r.id, r.level, r.squares) for r in self.rooms))
        for element in self.elements:
            self._on_board(f"floor element '{element.id}'", element.level, element.squares)
        for token in self.tokens:
            self._on_board(f"token '{token.id}'", token.level, token.squares)
        for marker in self.markers:
            self._on_board("a face-down marker", marker.level, (marker.square,))
        marked: set[tuple[int, tuple[int, int]]] = set()
        for marker in self.markers:
            if (marker.level, marker.square) in marked:
                raise ValueError(f"two face-down markers lie on {square_name(marker.square)}")
            marked.add((marker.level, marker.square))
        for sight in self.sights:
            what = f"the line of sight {square_name(sight.start)}-{square_name(sight.end)}"
            self._on_board(what, sight.level, (sight.start, sight.end))
            if sight.start == sight.end:
                raise ValueError(f"{what} starts and ends on the same square")
        for arc in self.arcs:
            self._on_board(f"the fire arc from {square_name(arc.origin)}", arc.level, (arc.origin,))
        for route in self.routes:
            self._on_board(f"the route from {_name(*route.squares[0])}", route.level, route.squares)

    def _check_edges(self) -> None:
        for kind, items in (("wall", self.walls), ("door", self.doors)):
            seen: set[tuple[int, frozenset[tuple[int, int]]]] = set()
            for item in items:
                a, b = item.between
                what = f"the {kind} between {_name(*a)} and {_name(*b)}"
                self._on_board(what, item.level, (a, b))
                if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                    raise ValueError(
                        f"{what} is not on an edge: a {kind} stands between two squares "
                        f"that share a side"
                    )
                edge = (item.level, frozenset((a, b)))
                if edge in seen:
                    raise ValueError(f"two {kind}s stand between {_name(*a)} and {_name(*b)}")
                seen.add(edge)

    def _check_references(self) -> None:
        kinds = {k.id for k in self.tile_kinds}
        for tile in self.tiles:
            if tile.kind not in kinds:
                raise ValueError(f"tile '{tile.id}' is of unknown kind '{tile.kind}'")
        seats = {s.id for s in self.seats}
        for token in self.tokens:
            if token.seat not in seats:
                raise ValueError(f"token '{token.id}' belongs to unknown seat '{token.seat}'")
        for route in self.routes:
            if route.seat not in seats:
                raise ValueError(f"a route belongs to unknown seat '{route.seat}'")


def _name(column: int, row: int) -> str:
    """The square as players type it, or spelled out beyond the last column letter."""
    if column < MAX_COLUMNS:
        return square_name((column, row))
    return f"column {column + 1}, row {row + 1}"


def _distinct(kind: str, ids: Iterable[str], field: str = "id") -> None:
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            raise ValueError(f"two {kind}s share the {field} '{ident}'")
        seen.add(ident)


def _no_overlap(kind: str, items: Iterable[tuple[str, int, tuple[tuple[int, int], ...]]]) -> None:
    """Each square of a level belongs to one item of ``kind`` at most."""
    owner: dict[tuple[int, tuple[int, int]], str] = {}
    for ident, level, squares in items:
        for square in squares:
            other = owner.setdefault((level, square), ident)
            if other != ident:
                raise ValueError(
                    f"{kind}s '{other}' and '{ident}' both cover {square_name(square)}"
                )
