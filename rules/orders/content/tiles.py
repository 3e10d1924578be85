"""Floor tiles and door markers ([05], [11.6], [13.1], [20]).

A tile's layout is written in tile-local square names (``A1`` is its north-west square,
as on a board; see ``rules.grid.squares``). Walls run along square sides; doors printed on
a tile sit on one side of one square (two squares for a large door, running east along a
north or south side, south along an east or west side). Door *markers* placed while the
map is built are the same :class:`DoorDef` pieces, drawn from their own stock.

Tiles are sorted into the scenario generator's 11 construction-zone groups ([20.2]);
stair tiles belong to none (the generator removes them, [20.1] step 03). Group 6 holds
the borers, the attacking side's drilling machines (the source's group 6 of five).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text
from rules.grid.coordinates import read_square
from rules.grid.facing import Facing
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.orders.content.ips import IpsLine
from rules.orders.content.terms import RoomType

SquareName = str
CONSTRUCTION_GROUPS: dict[int, str] = {
    1: "entrance halls",
    2: "long corridors",
    3: "short corridors and junctions",
    4: "laboratories",
    5: "workshops and stores",
    6: "borers",
    7: "quarters",
    8: "command rooms",
    9: "secure rooms",
    10: "yards and gardens",
    11: "ruins and open ground",
}
"""The 11 construction-zone groups; the source numbers them, the names are ours."""
BORER_GROUP = 6

Terrain = Literal["indoor", "outdoor", "borer", "stairs_up", "stairs_down", "sewer_exit"]
UNSEARCHABLE: frozenset[Terrain] = frozenset(
    {"outdoor", "borer", "stairs_up", "stairs_down", "sewer_exit"}
)
"""Where no search is possible ([13.1]); sewer exits and stairs may be indoors."""


def run_step(side: Facing) -> tuple[int, int]:
    """The way a run of wall sections or a wide door continues along ``side`` of a square,
    as ``(dx, dy)``: east along a north or south side, south along an east or west side."""
    return (1, 0) if side in (Facing.NORTH, Facing.SOUTH) else (0, 1)


class MpCost(ContentModel):
    """The MP a door marker costs each side when chosen in the 2-player generator."""

    defender: int = Field(default=0, ge=0, le=1)
    attacker: int = Field(default=0, ge=0, le=1)


class DoorDef(ContentModel):
    id: Ident
    name: Name
    kind: Literal["sliding", "wooden"] = Field(
        description="sliding: closes by itself; wooden: stays as left."
    )
    magnetic: bool = Field(default=False, description="Opens only with a magnetic card.")
    size: Literal["small", "large"] = Field(description="small: 1 square; large: 2 squares.")
    defence: int | None = Field(
        default=None, ge=1, le=10, description="Defensive value; none: indestructible."
    )
    mp_cost: MpCost = Field(default_factory=MpCost, description="Door MP icon ([20.1]).")
    markers: int = Field(
        default=0, ge=0, le=20, description="Markers of it in the builders' stock."
    )

    @property
    def width(self) -> int:
        return 2 if self.size == "large" else 1

    @property
    def grid_kind(self) -> str:
        """The word a ``rules.grid`` door carries: ``sliding`` or ``wooden``, with
        ``-magnetic`` after it for a magnetic door."""
        return f"{self.kind}-magnetic" if self.magnetic else self.kind


class WallRun(ContentModel):
    """``length`` wall sections along the ``side`` of ``start`` and the squares after it
    (east for a north or south side, south for an east or west side)."""

    start: SquareName = Field(description="Tile-local square name, such as A1.")
    side: Facing
    length: int = Field(default=1, ge=1, le=20)
    kind: Literal["single", "double"] = "single"


class TileDoor(ContentModel):
    door: Ident = Field(description="The door's id (a door definition).")
    at: SquareName = Field(description="The tile square it borders (the first of two).")
    side: Facing


class FacingIcon(ContentModel):
    at: SquareName
    facing: Facing


class TileElement(ContentModel):
    """A floor element printed on a tile ([05.3], [07.2], [11])."""

    id: Ident
    name: Name
    squares: tuple[SquareName, ...] = Field(min_length=1, max_length=12)
    blocks_movement: bool = Field(default=False, description="Yellow dotted outline.")
    blocks_sight: bool = Field(default=False, description="The blocking-LoS icon.")
    defence: int | None = Field(
        default=None, ge=1, le=10, description="Defensive value; none: indestructible."
    )
    needs_power: bool = Field(default=False, description="Works only while powered ([11.6]).")
    starts_on: bool | None = Field(default=None, description="ON/OFF state, if any.")
    facing_icons: tuple[FacingIcon, ...] = Field(default=(), max_length=4)
    cadavers: int = Field(default=0, ge=0, le=6, description="Skull icons: bodies to raise.")
    ips: tuple[IpsLine, ...] = Field(default=(), max_length=3)
    interrupt_power: bool = Field(
        default=False, description="Destroying it cuts the power of the whole building."
    )


class MpIcon(ContentModel):
    """A tile MP icon ([20.2]): the constructor gains or loses, the opponents lose, or the
    constructor chooses who gains."""

    who: Literal["constructor_gains", "constructor_loses", "opponents_lose", "constructor_chooses"]
    amount: int = Field(ge=1, le=3)


class TileDef(ContentModel):
    id: Ident
    name: Name
    description: Text = ""
    group: int | None = Field(
        default=None, ge=1, le=11, description="Construction-zone group; none for stairs."
    )
    terrain: Terrain
    columns: int = Field(ge=1, le=10)
    rows: int = Field(ge=1, le=10)
    rooms: tuple[RoomType, ...] = Field(
        default=(), max_length=3, description="Room-type icons (searchable tiles only)."
    )
    search_bonus: int = Field(default=0, ge=0, le=3, description="Extra black search dice.")
    powered: bool = Field(default=False, description="On the building's power grid.")
    walls: tuple[WallRun, ...] = Field(default=(), max_length=40)
    doors: tuple[TileDoor, ...] = Field(default=(), max_length=6)
    elements: tuple[TileElement, ...] = Field(default=(), max_length=12)
    ips: tuple[IpsLine, ...] = Field(
        default=(), max_length=3, description="Room lines usable anywhere in the room."
    )
    mp_icon: MpIcon | None = None
    no_doors_on_walls: bool = Field(
        default=False, description="Its walls may not take door markers (a safe room)."
    )
    torture_dice: int = Field(default=0, ge=0, le=4, description="Black dice for torturing.")

    @property
    def size(self) -> BoardSize:
        return BoardSize(columns=self.columns, rows=self.rows)

    @property
    def searchable(self) -> bool:
        return bool(self.rooms)

    def square(self, name: SquareName) -> Square:
        """The tile-local square ``name``; ``ValueError`` if it is not on the tile."""
        found = read_square(name, self.size)
        if isinstance(found, Square):
            return found
        raise ValueError(found.message)

    def run_fits(self, first: Square, side: Facing, length: int) -> bool:
        """Whether a run of ``length`` squares from ``first`` along ``side`` (continuing as
        :func:`run_step` says) stays on the tile."""
        dx, dy = run_step(side)
        return self.size.contains(first.shifted(dx * (length - 1), dy * (length - 1)))

    def wall_sections(self) -> Iterator[tuple[Square, Facing, Literal["single", "double"]]]:
        for run in self.walls:
            first = self.square(run.start)
            dx, dy = run_step(run.side)
            for step in range(run.length):
                yield first.shifted(dx * step, dy * step), run.side, run.kind

    @model_validator(mode="after")
    def _layout(self) -> TileDef:
        if (self.terrain == "borer") != (self.group == BORER_GROUP):
            raise ValueError(f"borers, and only borers, make up group {BORER_GROUP}")
        if (self.group is None) != self.terrain.startswith("stairs"):
            raise ValueError("stair tiles, and only they, belong to no construction group")
        if self.terrain in UNSEARCHABLE and self.rooms:
            raise ValueError(f"no search on a '{self.terrain}' tile: leave out its room icons")
        narrow = min(self.columns, self.rows) == 1
        if self.terrain == "indoor" and narrow and "corridor" not in self.rooms:
            raise ValueError("a one-square-wide indoor tile is a corridor: give it that icon")
        for index, run in enumerate(self.walls):
            first = self._where(run.start, f"walls[{index}].start")
            if not self.run_fits(first, run.side, run.length):
                raise ValueError(f"walls[{index}] runs {run.length} squares, off the tile")
        walls = {(square, side): kind for square, side, kind in self.wall_sections()}
        for index, door in enumerate(self.doors):
            first = self._where(door.at, f"doors[{index}].at")
            if walls.get((first, door.side)) == "double":
                raise ValueError(f"doors[{index}] covers a double wall at {door.at}")
        for element in self.elements:
            for name in element.squares:
                self._where(name, f"element '{element.id}'")
            for icon in element.facing_icons:
                self._where(icon.at, f"element '{element.id}' facing icon")
        ids = [e.id for e in self.elements]
        if len(set(ids)) != len(ids):
            raise ValueError("two floor elements share an id on one tile")
        return self

    def _where(self, name: SquareName, what: str) -> Square:
        try:
            return self.square(name)
        except ValueError as problem:
            raise ValueError(f"{what}: {problem}") from None
