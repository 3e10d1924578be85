"""The scenario generator's map construction ([20.1] steps 03-11, [20.2], [21.1]), played
out automatically: every choice a builder makes comes from ``random.Random(seed)``, so a
seed (the digits of :data:`LAYOUT_DICE` recorded D10s) always builds the same map.

Readings (each a candidate ``/rules`` entry):

1. **Set-aside and groups.** Stair tiles are removed; the rest are sorted into the 11
   construction groups. 2 players: the attacker takes all five borers. 3/4 players: a
   borer walled on every side is removed (if several, the first by id; if none, one at
   random), each seat draws one of the rest at random, and the others are removed.
2. **Door stocks.** 2 players: one common stock of every door marker; a constructor who
   places one pays its MP icon for the constructor's own side (each player's "-1 MP" and
   "-0 MP" stacks are that stock seen from their side), when ``door_mp_costs``.
   3/4 players: each seat draws ``door_draw`` large and small markers at random from the
   bag (fewer if the bag runs out); the rest are removed and door MP icons are ignored.
3. **Turn order.** The first constructor is drawn at random; 2 players alternate, 3/4
   players go on clockwise (the order of ``seats``).
4. **A step.** The constructor picks a group and one of its tiles and lays it, turned as
   it likes, inside the frame, overlapping nothing and sharing a side with the map built so
   far (the first tile goes near the middle of the frame). A borer is laid only by its
   owner, on one of the owner's steps.
5. **Access.** The map stays one connected whole: a tile (not a borer) laid so that no
   side it shares with the other tiles (borers aside) is open or holds a door must get a
   door marker from its constructor on one shared single wall. Doors never cover a double
   wall, nor a wall of a tile whose walls take no door markers. A constructor who cannot
   place a needed door (no legal wall, or no marker left) loses ``missing_door_mp`` MP.
   Borers need no door, and give no other tile its access ([20.2]); their open side bores
   through a single wall it meets (see ``rules.orders.layout``).
6. **Tile MP icons.** ``printed``: as printed (``constructor_chooses`` is read as the
   constructor gaining); ``constructor_plus_one``: any tile with an MP icon gives the
   constructor +1 and every other seat -1. MP may fall below zero.
7. **Full enough.** Indoor tiles are laid until the indoor squares reach
   :data:`INDOOR_SHARE` of the frame; outdoor tiles and borers are laid while they fit.
   Construction ends when no seat can lay anything. A tile that fits nowhere any more is
   set aside (the map only grows, so it never will).
8. **An upper floor** (our option; the generators play without [19]): the third tile laid
   is the *Stairs up*, where the constructor whose step it is likes, reached like any
   other tile. When the ground floor is done, the same constructor lays the *Stairs down*
   on level 1 straight above it, and the builders go on building level 1 from the indoor
   tiles the ground floor left unused, by the same steps (doors, MP icons and penalties
   included), until none fits. Each square of the stairs up joins the square above it.
9. **How builders choose** (the source leaves it to the players): a compact complex
   in the middle of the frame, indoor tiles against indoor tiles, outdoor ground on the
   outside toward the frame's edges, borers boring into the complex; direct openings are
   preferred to doors, and doors costing the constructor nothing to the others.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.grid.facing import Facing
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.orders.content.catalog import Catalog
from rules.orders.content.placement import TURNS, Footprint
from rules.orders.content.scenarios import GeneratorDef
from rules.orders.content.terms import Side
from rules.orders.content.tiles import BORER_GROUP, DoorDef, TileDef
from rules.orders.layout import DoorMarker, MapLayout, PlacedTile

LAYOUT_DICE = 6
"""D10s rolled for a generated map: their last digits, in order, are its seed."""
INDOOR_SHARE = 0.45
"""The share of the frame's squares indoor tiles fill before the builders stop adding them."""


class _Step(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: str = Field(description="The constructor.")
    mp: dict[str, int] = Field(default_factory=dict, description="MP change per seat.")


class TileLaid(_Step):
    """The constructor laid a floor tile (a borer included)."""

    kind: Literal["tile"] = "tile"
    tile: str
    at: Square
    turns: int = Field(ge=0, le=3)


class DoorLaid(_Step):
    """The constructor put a door marker on a wall, so the tile just laid can be reached."""

    kind: Literal["door"] = "door"
    door: str
    a: Square
    b: Square
    tile: str = Field(description="The tile the door gives access to.")


class DoorMissing(_Step):
    """The tile just laid needed a door the constructor could not place."""

    kind: Literal["missing_door"] = "missing_door"
    tile: str


ConstructionStep = Annotated[TileLaid | DoorLaid | DoorMissing, Field(discriminator="kind")]


class Construction(BaseModel):
    """The built map, where every seat's MP stand after it, and how it came about."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    layout: MapLayout
    first: str = Field(description="The first constructor.")
    mp: dict[str, int]
    log: tuple[ConstructionStep, ...]
    borers: dict[str, tuple[str, ...]] = Field(description="The borer tiles each seat owns.")


def from_layout_dice(
    catalog: Catalog,
    generator: GeneratorDef,
    seats: tuple[str, ...],
    sides: Mapping[str, Side | None],
    dice: Sequence[int],
    levels: int = 1,
) -> Construction:
    """The construction the layout dice (:data:`LAYOUT_DICE` D10s) give."""
    seed = int("".join(str(d % 10) for d in dice))
    return construct(catalog, generator, seats, sides, seed, levels)


def construct(
    catalog: Catalog,
    generator: GeneratorDef,
    seats: tuple[str, ...],
    sides: Mapping[str, Side | None],
    seed: int,
    levels: int = 1,
) -> Construction:
    """Build the generator's map for ``seats`` (clockwise order) with ``sides`` (2 players:
    one defender and one attacker; 3/4 players: none), on one level or with an upper
    floor (``levels`` 2, module notes). ``ValueError`` on seats or sides that do not fit
    the generator."""
    _check_seats(generator, seats, sides)
    if levels not in (1, 2):
        raise ValueError(f"a generated map has 1 or 2 levels, not {levels}")
    builder = _Builder(catalog, generator, seats, sides, random.Random(seed), levels)
    builder.run()
    if levels == 2:
        builder.build_upper_floor()
    return builder.result()


def _check_seats(
    generator: GeneratorDef, seats: tuple[str, ...], sides: Mapping[str, Side | None]
) -> None:
    if len(seats) != generator.players or len(set(seats)) != len(seats):
        raise ValueError(
            f"the {generator.players}-player generator needs {generator.players} different "
            f"seats, not {', '.join(seats) or 'none'}"
        )
    given = [sides.get(seat) for seat in seats]
    if generator.players == 2 and sorted(s or "" for s in given) != ["attacker", "defender"]:
        raise ValueError("a 2-player map needs one defender seat and one attacker seat")


_SIDES = tuple(Facing)
_OPPOSITE = {side: side.opposite for side in Facing}
_STEP = {side: side.step for side in Facing}
_Kind = Literal["single", "double", "door"] | None


@dataclass(frozen=True)
class _Shape:
    """A tile at one turn, laid at the frame's corner: its outline and what it prints on
    each outer side of its squares."""

    tile: TileDef
    turns: int
    columns: int
    rows: int
    perimeter: tuple[tuple[int, int, Facing, _Kind], ...]

    @classmethod
    def of(cls, tile: TileDef, turns: int, doors: Mapping[str, DoorDef]) -> _Shape:
        footprint = Footprint(tile=tile, at=Square(x=0, y=0), turns=turns)
        printed: dict[tuple[int, int, Facing], _Kind] = {}
        for square, side, kind in footprint.wall_sections():
            printed[(square.x, square.y, side)] = kind.value
        for _, _, square, side in footprint.door_sections(doors):
            printed[(square.x, square.y, side)] = "door"
        perimeter = []
        for y in range(footprint.rows):
            for x in range(footprint.columns):
                for side in _SIDES:
                    dx, dy = _STEP[side]
                    if 0 <= x + dx < footprint.columns and 0 <= y + dy < footprint.rows:
                        continue
                    perimeter.append((x, y, side, printed.get((x, y, side))))
        return cls(tile, turns, footprint.columns, footprint.rows, tuple(perimeter))


@lru_cache(maxsize=512)
def _shapes(tile: TileDef, printed: tuple[DoorDef, ...]) -> tuple[_Shape, ...]:
    """The tile at each of its four turns (kept: tiles and doors are immutable)."""
    doors = {door.id: door for door in printed}
    return tuple(_Shape.of(tile, turns, doors) for turns in range(TURNS))


def _merged(mine: _Kind, theirs: _Kind, my_borer: bool, their_borer: bool) -> str:
    """What the edge carries (open, single, double, door) once both tiles are down, or
    ``bad`` for a door against a double wall."""
    if mine == "door" or theirs == "door":
        return "bad" if "double" in (mine, theirs) else "door"
    if mine is None and theirs is None:
        return "open"
    if (mine is None and my_borer and theirs == "single") or (
        theirs is None and their_borer and mine == "single"
    ):
        return "open"
    return "double" if "double" in (mine, theirs) else "single"


@dataclass
class _Candidate:
    shape: _Shape
    x: int
    y: int
    score: float
    connected: bool
    doorable: list[tuple[Square, Square, Facing]]


class _Builder:
    def __init__(
        self,
        catalog: Catalog,
        generator: GeneratorDef,
        seats: tuple[str, ...],
        sides: Mapping[str, Side | None],
        rng: random.Random,
        levels: int = 1,
    ) -> None:
        self.catalog = catalog
        self.generator = generator
        self.seats = seats
        self.sides = sides
        self.rng = rng
        self.width = generator.columns
        self.height = generator.rows
        self.level = 0
        self.owner: list[list[int]] = [[-1] * self.width for _ in range(self.height)]
        self.occupied = [0] * self.height
        self.near = [0] * self.height
        self.printed: dict[tuple[int, int, Facing], _Kind] = {}
        self.placed: list[_Candidate] = []
        self.laid: list[tuple[int, _Candidate]] = []
        self.markers: list[DoorMarker] = []
        self.log: list[TileLaid | DoorLaid | DoorMissing] = []
        self.mp = {seat: generator.starting_mp for seat in seats}
        self.indoor_squares = 0
        self.shapes: dict[str, tuple[_Shape, ...]] = {}
        groups: dict[int, list[str]] = {}
        self.stairs: dict[str, str] = {}
        for tile in sorted(catalog.tiles.values(), key=lambda t: t.id):
            printed = tuple(catalog.doors[door.door] for door in tile.doors)
            self.shapes[tile.id] = _shapes(tile, printed)
            if tile.group is None:
                self.stairs.setdefault(tile.terrain, tile.id)
                continue  # stairs are removed ([20.1] step 03), or laid by their own rule
            groups.setdefault(tile.group, []).append(tile.id)
        self.upper_floor = levels == 2 and {"stairs_up", "stairs_down"} <= set(self.stairs)
        self.stairs_up: tuple[str, _Candidate] | None = None
        borers = groups.pop(BORER_GROUP, [])
        self.groups = groups
        self.borers = self._deal_borers(borers)
        self.unplaced_borers = {seat: list(owned) for seat, owned in self.borers.items()}
        self.door_stock = self._door_stocks()
        self.first = rng.choice(seats)

    # ---------------------------------------------------------------- set-up

    def _deal_borers(self, borers: list[str]) -> dict[str, tuple[str, ...]]:
        if self.generator.borers == "attacker_takes_all":
            attacker = next(s for s in self.seats if self.sides.get(s) == "attacker")
            return {seat: tuple(borers) if seat == attacker else () for seat in self.seats}
        sealed = [b for b in borers if self._sealed(self.shapes[b][0])]
        removed = sealed[0] if sealed else self.rng.choice(borers)
        rest = [b for b in borers if b != removed]
        self.rng.shuffle(rest)
        return {seat: tuple(rest[i : i + 1]) for i, seat in enumerate(self.seats)}

    @staticmethod
    def _sealed(shape: _Shape) -> bool:
        """Solid walls on every outer side of every square."""
        return all(kind in ("single", "double") for *_, kind in shape.perimeter)

    def _door_stocks(self) -> dict[str, list[str]]:
        markers = [
            door.id
            for door in sorted(self.catalog.doors.values(), key=lambda d: d.id)
            for _ in range(door.markers)
        ]
        draw = self.generator.door_draw
        if draw is None:
            return {"": markers}  # one common stock
        large = [d for d in markers if self.catalog.doors[d].width == 2]
        small = [d for d in markers if self.catalog.doors[d].width == 1]
        self.rng.shuffle(large)
        self.rng.shuffle(small)
        stocks: dict[str, list[str]] = {}
        for seat in self.seats:
            stocks[seat] = large[: draw.large] + small[: draw.small]
            del large[: draw.large], small[: draw.small]
        return stocks

    def _stock(self, seat: str) -> list[str]:
        return self.door_stock[""] if "" in self.door_stock else self.door_stock[seat]

    # ---------------------------------------------------------------- the loop

    def run(self) -> None:
        turn = self.seats.index(self.first)
        passes = 0
        while passes < len(self.seats):
            seat = self.seats[turn]
            passes = 0 if self._step(seat) else passes + 1
            turn = (turn + 1) % len(self.seats)

    def _indoor_full(self) -> bool:
        return self.indoor_squares >= INDOOR_SHARE * self.width * self.height

    def _wanted(self, tile_id: str) -> bool:
        """Indoor tiles until the complex is full enough (so the first tile is indoor),
        outdoor ground from the third tile on."""
        if self.catalog.tiles[tile_id].terrain == "indoor":
            return not self._indoor_full()
        return len(self.placed) >= 2

    def _choices(self, seat: str) -> list[list[str]]:
        """The tiles of each group the constructor may pick from now; its own borers from
        the fifth tile on; only the stairs up as the third tile of a map with an upper
        floor."""
        if self.upper_floor and self.stairs_up is None and len(self.placed) == 2:
            return [[self.stairs["stairs_up"]]]
        choices: list[list[str]] = []
        for _, tiles in sorted(self.groups.items()):
            wanted = [tile_id for tile_id in tiles if self._wanted(tile_id)]
            if wanted:
                choices.append(wanted)
        if self.unplaced_borers[seat] and len(self.placed) >= 4:
            choices.append(list(self.unplaced_borers[seat]))
        return choices

    def _set_aside(self, tile_id: str, seat: str) -> None:
        """The tile leaves the constructor's choices: laid, or fitting nowhere."""
        group = self.catalog.tiles[tile_id].group
        if group == BORER_GROUP:
            self.unplaced_borers[seat].remove(tile_id)
        elif group is not None:
            self.groups[group].remove(tile_id)

    def _step(self, seat: str) -> bool:
        """One constructor's step; False when it could lay nothing."""
        choices = self._choices(seat)
        fallback: _Candidate | None = None  # a tile needing a door that cannot be placed
        while choices:
            tiles = choices.pop(self.rng.randrange(len(choices)))
            self.rng.shuffle(tiles)
            for tile_id in tiles:
                best = self._best(tile_id, seat)
                if best is None:
                    if not self._room_for(tile_id):
                        self._set_aside(tile_id, seat)  # the map only grows: it never will
                    continue
                if best.connected or not self.placed:
                    self._lay(best, seat, None)
                    return True
                door = self._door_for(best, seat)
                if door is not None:
                    self._lay(best, seat, door)
                    return True
                if fallback is None:
                    fallback = best
        if fallback is not None:
            self._lay(fallback, seat, None)
            return True
        return False

    # ---------------------------------------------------------------- candidates

    def _best(self, tile_id: str, seat: str) -> _Candidate | None:
        best: _Candidate | None = None
        for shape in self.shapes[tile_id]:
            for x, y in self._positions(shape.columns, shape.rows):
                candidate = self._judge(shape, x, y, seat)
                if candidate is not None and (best is None or candidate.score > best.score):
                    best = candidate
        return best

    def _room_for(self, tile_id: str) -> bool:
        """Whether the tile's outline still fits on free squares anywhere on the frame."""
        return any(
            self._positions(shape.columns, shape.rows, touching=False)
            for shape in self.shapes[tile_id][:2]
        )

    def _positions(self, columns: int, rows: int, touching: bool = True) -> list[tuple[int, int]]:
        """Where an outline of ``columns`` x ``rows`` fits on free squares touching the map
        (anywhere on the frame for the first tile)."""
        found: list[tuple[int, int]] = []
        window = (1 << columns) - 1
        for y in range(self.height - rows + 1):
            taken = 0
            near = 0
            for row in range(y, y + rows):
                taken |= self.occupied[row]
                near |= self.near[row]
            for x in range(self.width - columns + 1):
                if (taken >> x) & window:
                    continue
                if touching and self.placed and not (near >> x) & window:
                    continue
                found.append((x, y))
        return found

    def _judge(self, shape: _Shape, x: int, y: int, seat: str) -> _Candidate | None:
        tile = shape.tile
        borer = tile.terrain == "borer"
        contact = contact_indoor = mouth = 0
        connected = False
        doorable: list[tuple[Square, Square, Facing]] = []
        for lx, ly, side, mine in shape.perimeter:
            dx, dy = _STEP[side]
            ox, oy = x + lx + dx, y + ly + dy
            if not (0 <= ox < self.width and 0 <= oy < self.height):
                continue
            number = self.owner[oy][ox]
            if number < 0:
                continue
            neighbour = self.placed[number].shape.tile
            their_borer = neighbour.terrain == "borer"
            theirs = self.printed.get((ox, oy, _OPPOSITE[side]))
            edge = _merged(mine, theirs, borer, their_borer)
            if edge == "bad":
                return None
            contact += 1
            contact_indoor += neighbour.terrain == "indoor"
            if borer:
                mouth += mine is None and edge == "open"
                continue
            if their_borer:
                continue
            if edge in ("open", "door"):
                connected = True
            elif (
                edge == "single" and not tile.no_doors_on_walls and not neighbour.no_doors_on_walls
            ):
                inside = Square(x=x + lx, y=y + ly, level=self.level)
                doorable.append((inside, Square(x=ox, y=oy, level=self.level), side))
        middle = abs(x + shape.columns / 2 - self.width / 2) + abs(
            y + shape.rows / 2 - self.height / 2
        )
        jitter = self.rng.random() * 2
        if not self.placed:
            score = -middle + jitter
        elif borer:
            score = contact + 3 * mouth + 0.3 * middle + jitter
        elif tile.terrain in ("indoor", "stairs_up"):
            score = 2 * contact_indoor + contact - 0.6 * middle + jitter
        else:
            edge_of_frame = (
                x == 0 or y == 0 or x + shape.columns == self.width or y + shape.rows == self.height
            )
            score = 2 * contact - contact_indoor + 0.5 * middle + 3 * edge_of_frame + jitter
        if self.placed and not borer:
            can_door = bool(doorable) and bool(self._stock(seat))
            score += 4 if connected else (0 if can_door else -30)
        return _Candidate(shape, x, y, score, connected, doorable)

    # ---------------------------------------------------------------- laying

    def _door_for(
        self, candidate: _Candidate, seat: str
    ) -> tuple[str, tuple[Square, Square, Facing]] | None:
        """The door marker and first edge the constructor would use to reach the tile."""
        stock = self._stock(seat)
        if not stock or not candidate.doorable:
            return None
        edges = {
            (inside.x, inside.y, side): (inside, out, side)
            for inside, out, side in candidate.doorable
        }
        pairs = []
        for inside, out, side in candidate.doorable:
            dx, dy = (1, 0) if side in (Facing.NORTH, Facing.SOUTH) else (0, 1)
            if (inside.x + dx, inside.y + dy, side) in edges:
                pairs.append((inside, out, side))
        options: list[tuple[int, float, str]] = []
        for door_id in sorted(set(stock)):
            door = self.catalog.doors[door_id]
            if door.width == 2 and not pairs:
                continue
            options.append((self._door_cost(door, seat), self.rng.random(), door_id))
        if not options:
            return None
        _, _, chosen = min(options)
        places = pairs if self.catalog.doors[chosen].width == 2 else candidate.doorable
        return chosen, places[self.rng.randrange(len(places))]

    def _door_cost(self, door: DoorDef, seat: str) -> int:
        side = self.sides.get(seat)
        if not self.generator.door_mp_costs or side is None:
            return 0
        return door.mp_cost.defender if side == "defender" else door.mp_cost.attacker

    def _lay(
        self,
        candidate: _Candidate,
        seat: str,
        door: tuple[str, tuple[Square, Square, Facing]] | None,
    ) -> None:
        """Lay the tile, and the door reaching it (a penalty when it needs one but has
        none)."""
        needs_door = bool(self.placed) and not candidate.connected
        shape = candidate.shape
        tile = shape.tile
        number = len(self.placed)
        self.placed.append(candidate)
        self.laid.append((self.level, candidate))
        if tile.terrain == "stairs_up":
            self.stairs_up = (seat, candidate)
        for row in range(candidate.y, candidate.y + shape.rows):
            for column in range(candidate.x, candidate.x + shape.columns):
                self.owner[row][column] = number
        window = ((1 << shape.columns) - 1) << candidate.x
        grown = window | (window << 1) | (window >> 1)
        limit = (1 << self.width) - 1
        for row in range(candidate.y, candidate.y + shape.rows):
            self.occupied[row] |= window
            self.near[row] |= grown & limit
        for row in (candidate.y - 1, candidate.y + shape.rows):
            if 0 <= row < self.height:
                self.near[row] |= window
        for lx, ly, side, kind in shape.perimeter:
            if kind is not None:
                self.printed[(candidate.x + lx, candidate.y + ly, side)] = kind
        if tile.terrain == "indoor":
            self.indoor_squares += shape.columns * shape.rows
        self._set_aside(tile.id, seat)
        at = Square(x=candidate.x, y=candidate.y, level=self.level)
        self._record(
            TileLaid(
                seat=seat, tile=tile.id, at=at, turns=shape.turns, mp=self._icon_mp(tile, seat)
            )
        )
        if not needs_door or tile.terrain == "borer":
            return
        if door is None:
            self._record(
                DoorMissing(seat=seat, tile=tile.id, mp={seat: -self.generator.missing_door_mp})
            )
        else:
            self._place_door(door, tile, seat)

    def _record(self, step: TileLaid | DoorLaid | DoorMissing) -> None:
        """Log a step and apply its MP changes."""
        self.log.append(step)
        for seat, change in step.mp.items():
            self.mp[seat] += change

    def _icon_mp(self, tile: TileDef, seat: str) -> dict[str, int]:
        """The MP changes a tile's MP icon makes when ``seat`` lays it."""
        icon = tile.mp_icon
        if icon is None:
            return {}
        others = [s for s in self.seats if s != seat]
        if self.generator.tile_icon_rule == "constructor_plus_one":
            return {seat: 1, **{s: -1 for s in others}}
        if icon.who in ("constructor_gains", "constructor_chooses"):
            return {seat: icon.amount}
        if icon.who == "constructor_loses":
            return {seat: -icon.amount}
        return {s: -icon.amount for s in others}

    def _place_door(
        self, door: tuple[str, tuple[Square, Square, Facing]], tile: TileDef, seat: str
    ) -> None:
        door_id, (inside, outside, _) = door
        self._stock(seat).remove(door_id)
        a, b = sorted((inside, outside), key=lambda s: s.order)
        self.markers.append(DoorMarker(door=door_id, a=a, b=b))
        cost = self._door_cost(self.catalog.doors[door_id], seat)
        self._record(
            DoorLaid(
                seat=seat, door=door_id, a=a, b=b, tile=tile.id, mp={seat: -cost} if cost else {}
            )
        )

    # ---------------------------------------------------------------- upper floor

    def build_upper_floor(self) -> None:
        """Level 1 (module notes, 8): the stairs down above the stairs up, then the indoor
        tiles the ground floor left unused."""
        if self.stairs_up is None:
            return  # the stairs up found no place: the map keeps one level
        seat, up = self.stairs_up
        used = {c.shape.tile.id for _, c in self.laid}
        self.groups = {}
        for tile in sorted(self.catalog.tiles.values(), key=lambda t: t.id):
            if tile.terrain == "indoor" and tile.group is not None and tile.id not in used:
                self.groups.setdefault(tile.group, []).append(tile.id)
        self.unplaced_borers = {s: [] for s in self.seats}
        self.level = 1
        self.owner = [[-1] * self.width for _ in range(self.height)]
        self.occupied = [0] * self.height
        self.near = [0] * self.height
        self.printed = {}
        self.placed = []
        self.indoor_squares = 0
        down = self.shapes[self.stairs["stairs_down"]][up.shape.turns]
        self._lay(_Candidate(down, up.x, up.y, 0.0, True, []), seat, None)
        self.run()

    def result(self) -> Construction:
        levels = 2 if any(level for level, _ in self.laid) else 1
        layout = MapLayout(
            size=BoardSize(columns=self.width, rows=self.height, levels=levels),
            tiles=tuple(
                PlacedTile(
                    tile=c.shape.tile.id,
                    at=Square(x=c.x, y=c.y, level=level),
                    turns=c.shape.turns,
                )
                for level, c in self.laid
            ),
            doors=tuple(self.markers),
        )
        return Construction(
            layout=layout,
            first=self.first,
            mp=dict(self.mp),
            log=tuple(self.log),
            borers=self.borers,
        )


BENCH_SEED = 314159
"""The fixed seed of :func:`bench_construction`."""


def bench_construction(catalog: Catalog) -> Construction:
    """A 2-player map from a fixed seed (what the benchmark times): the catalog's
    2-player generator, seats ``defender`` and ``attacker``."""
    generator = next(g for g in catalog.generators.values() if g.players == 2)
    sides: dict[str, Side | None] = {"defender": "defender", "attacker": "attacker"}
    return construct(catalog, generator, ("defender", "attacker"), sides, BENCH_SEED)
