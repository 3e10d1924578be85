"""Random battlefields for any measured-table system, following the set-up guidance of
Wasteland Tactics (004 Step 3), which suits skirmish tables generally.

Every one-foot (12 by 12 inch) square of the table gets at least one large piece that blocks
line of sight (a building, a tall ruin giving cover, or a tall impassable rock or tank).
Pieces are mostly 4 to 8 inches across with one or two larger ones, and the rest of the table
gets a mix of difficult, dangerous, impassable, concealing and covering pieces. Pieces never
overlap each other (a gap of at least an inch is left so models can pass between them) nor
any ``keep_clear`` zone, such as the centre where missions put their objectives.

The same seed always gives the same battlefield: all randomness comes from one
``random.Random(seed)``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from shapely import Polygon, box, make_valid
from shapely.affinity import rotate
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from rules.geometry.battlefields import AreaDef, BattlefieldDef
from rules.geometry.pieces import Height, Terrain

SQUARE = 12  # inches: the guidance asks for a sight blocker in every square foot
GAP = 1.0  # inches left between two pieces
KEEP_CLEAR_GAP = 0.25  # inches left between a piece and a keep-clear zone
MIN_COVER = 1.0  # square inches of a square a blocker must cover to count for it
MAX_AREAS = 80  # BattlefieldDef's limit
ATTEMPTS = 60  # placements tried per square or per filler piece
LARGE = 9.0  # inches across: the one or two pieces larger than the usual 4 to 8

Point = tuple[float, float]
Outline = Sequence[Point]

SIGHT_BLOCKING = frozenset({Terrain.BUILDING, Terrain.IMPASSABLE, Terrain.COVER})


def blocks_sight(area: AreaDef) -> bool:
    """A large line-of-sight blocking piece: tall or higher, and a building, impassable or
    cover (one area of cover blocks sight to what is behind it; concealment needs two)."""
    return area.height >= Height.TALL and bool(SIGHT_BLOCKING & set(area.classes))


@dataclass(frozen=True)
class _Kind:
    name: str
    slug: str
    classes: tuple[Terrain, ...]
    height: Height
    shape: str  # rect, round, blob, ell or strip
    dangerous: int | None = None


_BUILDING = (Terrain.BUILDING,)
_RUIN = (Terrain.RUINS, Terrain.COVER)
_BLOCKERS: tuple[_Kind, ...] = (
    _Kind("Ruined block", "ruined-block", _RUIN, Height.TALL, "ell"),
    _Kind("Gutted building", "building", _BUILDING, Height.TALL, "rect"),
    _Kind("Rock stack", "rock-stack", (Terrain.IMPASSABLE,), Height.TALL, "blob"),
    _Kind("Tenement", "tenement", _BUILDING, Height.TOWERING, "rect"),
    _Kind("Wrecked hulk", "hulk", _RUIN, Height.TALL, "rect"),
    _Kind("Storage tank", "tank", (Terrain.IMPASSABLE,), Height.TOWERING, "round"),
)
# the first three blockers are one of each family, so every class appears
_BLOCKER_FAMILIES = ((0, 4), (1, 3), (2, 5))

_SCRUB = _Kind("Scrub", "scrub", (Terrain.DIFFICULT, Terrain.CONCEALMENT), Height.MAN, "blob")
_CRATERS = _Kind(
    "Crater field", "craters", (Terrain.DIFFICULT, Terrain.COVER), Height.FLAT, "round"
)
_SINKHOLE = _Kind(
    "Sinkhole", "sinkhole", (Terrain.DANGEROUS, Terrain.DIFFICULT), Height.FLAT, "blob", 9
)
_MINEFIELD = _Kind("Minefield", "minefield", (Terrain.DANGEROUS,), Height.FLAT, "rect", 9)
_RUBBLE = _Kind("Rubble", "rubble", (Terrain.DIFFICULT,), Height.LOW, "blob")
_SLAG = _Kind("Slag pool", "slag-pool", (Terrain.IMPASSABLE,), Height.FLAT, "blob")
_BARRICADE = _Kind("Barricade", "barricade", (Terrain.COVER,), Height.LOW, "strip")
_SCRAP = _Kind("Scrap pile", "scrap-pile", (Terrain.CONCEALMENT,), Height.LOW, "blob")
_SHACKS = _Kind(
    "Timber ruins", "timber-ruins", (Terrain.RUINS, Terrain.CONCEALMENT), Height.MAN, "ell"
)
_FILLERS: tuple[_Kind, ...] = (
    _SCRUB,
    _CRATERS,
    _SINKHOLE,
    _MINEFIELD,
    _RUBBLE,
    _SLAG,
    _BARRICADE,
    _SCRAP,
    _SHACKS,
)
# placed first, so a table always has every class the guidance mixes
_REQUIRED_FILLERS = (_SCRUB, _CRATERS, _SINKHOLE, _BARRICADE, _SLAG)


def mission_keep_clear(width: int = 72, depth: int = 48) -> tuple[tuple[Point, ...], ...]:
    """Zones missions need open: a 10 inch circle at the centre and the middle 12 inches of
    each 10 inch deep deployment strip along the long edges."""
    cx, cy = width / 2, depth / 2
    circle = tuple(
        (
            round(cx + 5 * math.cos(2 * math.pi * i / 24), 2),
            round(cy + 5 * math.sin(2 * math.pi * i / 24), 2),
        )
        for i in range(24)
    )
    near: tuple[Point, ...] = ((cx - 6, 0.0), (cx + 6, 0.0), (cx + 6, 10.0), (cx - 6, 10.0))
    far_y = float(depth)
    far: tuple[Point, ...] = (
        (cx - 6, far_y - 10),
        (cx + 6, far_y - 10),
        (cx + 6, far_y),
        (cx - 6, far_y),
    )
    return circle, near, far


GENERATED = "generated"
"""The battlefield option that asks for a generated battlefield."""

LAYOUT_DICE = 4
"""D10s rolled for a generated battlefield: their last digits, in order, are its seed."""


def from_layout_dice(dice: Sequence[int]) -> BattlefieldDef:
    """The battlefield the layout dice (:data:`LAYOUT_DICE` D10s) give."""
    return generate_battlefield(int("".join(str(d % 10) for d in dice)))


def generate_battlefield(
    seed: int,
    *,
    width: int = 72,
    depth: int = 48,
    keep_clear: Sequence[Sequence[tuple[float, float]]] = (),
) -> BattlefieldDef:
    """A random battlefield for ``seed`` (identical for identical arguments).

    ``keep_clear`` outlines (inches from the top-left corner) are left free of terrain; a
    square foot they fill completely cannot get its sight blocker.
    """
    if not (24 <= width <= 120 and 24 <= depth <= 120):
        raise ValueError("a battlefield is 24 to 120 inches wide and deep")
    rng = random.Random(seed)
    builder = _Builder(rng, width, depth, _zones(keep_clear))
    builder.place_blockers()
    builder.place_fillers()
    tag = seed % 10**12
    return BattlefieldDef(
        id=f"generated-{tag}",
        name=f"Generated wasteland {tag}",
        description=f"Random terrain from seed {tag}.",
        width=width,
        depth=depth,
        areas=tuple(builder.areas),
    )


def _zones(keep_clear: Sequence[Sequence[tuple[float, float]]]) -> BaseGeometry | None:
    shapes: list[BaseGeometry] = []
    for outline in keep_clear:
        if len(outline) < 3:
            raise ValueError("a keep-clear zone needs at least three points")
        shapes.append(make_valid(Polygon([(float(x), float(y)) for x, y in outline])))
    if not shapes:
        return None
    return unary_union(shapes).buffer(KEEP_CLEAR_GAP)


class _Builder:
    def __init__(
        self, rng: random.Random, width: int, depth: int, clear: BaseGeometry | None
    ) -> None:
        self.rng = rng
        self.width = width
        self.depth = depth
        self.table = box(0, 0, width, depth)
        self.clear = clear
        self.areas: list[AreaDef] = []
        self.shapes: list[Polygon] = []
        self.counts: dict[str, int] = {}
        self.squares = [
            box(x, y, min(x + SQUARE, width), min(y + SQUARE, depth))
            for y in range(0, depth, SQUARE)
            for x in range(0, width, SQUARE)
        ]

    # -- the sight blockers -------------------------------------------------------------

    def place_blockers(self) -> None:
        rng = self.rng
        families = [list(f) for f in _BLOCKER_FAMILIES]
        rng.shuffle(families)
        # one of each family first (retried until placed), then any kind
        pending = [_BLOCKERS[rng.choice(f)] for f in families]
        large_left = rng.choice((1, 2))
        # the squares keep-clear zones leave least room in go first, the rest in random order
        room = [self._free(square).area for square in self.squares]
        ties = [rng.random() for _ in self.squares]
        order = sorted(range(len(self.squares)), key=lambda i: (round(room[i] / 12), ties[i]))
        for index in order:
            square = self.squares[index]
            if self._covered(square):
                continue
            for attempt in range(ATTEMPTS):
                if len(self.areas) >= MAX_AREAS:
                    return
                kind = pending[0] if pending else rng.choice(_BLOCKERS)
                large = large_left > 0 and attempt < ATTEMPTS // 4
                size = self._blocker_size(attempt, large)
                shape = self._shape(kind, self._anchor(square, attempt), size)
                if shape is None or shape.intersection(square).area < MIN_COVER:
                    continue
                if large and _across(shape) < LARGE:
                    continue  # clipped by the table edge: try again for a truly large piece
                self._add(kind, shape)
                if pending:
                    pending.pop(0)
                if large:
                    large_left -= 1
                break

    def _covered(self, square: Polygon) -> bool:
        return any(
            blocks_sight(area) and shape.intersection(square).area >= MIN_COVER
            for area, shape in zip(self.areas, self.shapes, strict=True)
        )

    def _blocker_size(self, attempt: int, large: bool) -> float:
        if large:
            return self.rng.uniform(LARGE + 0.5, 12.0)
        if attempt < ATTEMPTS // 2:
            return self.rng.uniform(4.5, 8.0)
        if attempt < 2 * ATTEMPTS // 3:
            return self.rng.uniform(3.0, 5.0)
        return self.rng.uniform(2.5, 4.0)

    def _free(self, square: Polygon) -> BaseGeometry:
        """The part of ``square`` no piece or keep-clear zone claims."""
        taken: list[BaseGeometry] = [shape.buffer(GAP) for shape in self.shapes]
        if self.clear is not None:
            taken.append(self.clear)
        return square.difference(unary_union(taken)) if taken else square

    def _anchor(self, square: Polygon, attempt: int) -> Point:
        """Where to centre a blocker: often on a corner the square shares with others (one
        piece then serves up to four squares), otherwise anywhere in it; late attempts aim
        at the part of the square still free."""
        x0, y0, x1, y1 = square.bounds
        rng = self.rng
        if attempt >= 2 * ATTEMPTS // 3:
            free = self._free(square)
            if not free.is_empty:
                fx0, fy0, fx1, fy1 = free.bounds
                for _ in range(20):
                    x, y = rng.uniform(fx0, fx1), rng.uniform(fy0, fy1)
                    if free.contains(ShapelyPoint(x, y)):
                        return x, y
        corners = [
            (x, y) for x in (x0, x1) for y in (y0, y1) if 0 < x < self.width and 0 < y < self.depth
        ]
        if corners and attempt < ATTEMPTS // 2 and rng.random() < 0.7:
            x, y = rng.choice(corners)
            return x + rng.uniform(-2.0, 2.0), y + rng.uniform(-2.0, 2.0)
        return rng.uniform(x0, x1), rng.uniform(y0, y1)

    # -- the rest of the terrain ----------------------------------------------------------

    def place_fillers(self) -> None:
        rng = self.rng
        scale = (self.width * self.depth) / (72 * 48)
        wanted = max(4, round(rng.randint(9, 13) * scale))
        plan = [*_REQUIRED_FILLERS, *(rng.choice(_FILLERS) for _ in range(wanted))]
        for kind in plan[: max(wanted, len(_REQUIRED_FILLERS))]:
            if len(self.areas) >= MAX_AREAS:
                return
            for attempt in range(ATTEMPTS):
                size = rng.uniform(4.0, 8.0) if attempt < ATTEMPTS // 2 else rng.uniform(3, 5)
                centre = (rng.uniform(0, self.width), rng.uniform(0, self.depth))
                shape = self._shape(kind, centre, size)
                if shape is not None:
                    self._add(kind, shape)
                    break

    # -- shapes ---------------------------------------------------------------------------

    def _shape(self, kind: _Kind, centre: Point, size: float) -> Polygon | None:
        """A piece of ``kind`` about ``size`` inches across at ``centre``, clipped to the
        table and rounded to hundredths, or None if it does not fit."""
        raw = _outline(self.rng, kind.shape, centre, size)
        clipped = raw.intersection(self.table)
        if not isinstance(clipped, Polygon) or clipped.is_empty:
            return None
        points = _rounded(clipped)
        if len(points) < 3 or len(points) > 64:
            return None
        shape = Polygon(points)
        if not shape.is_valid or shape.area < 2.0:
            return None
        if self.clear is not None and shape.intersects(self.clear):
            return None
        if any(shape.distance(other) < GAP for other in self.shapes):
            return None
        return shape

    def _add(self, kind: _Kind, shape: Polygon) -> None:
        number = self.counts.get(kind.slug, 0) + 1
        self.counts[kind.slug] = number
        self.areas.append(
            AreaDef(
                id=f"{kind.slug}-{number}",
                name=kind.name,
                points=tuple((float(x), float(y)) for x, y in shape.exterior.coords[:-1]),
                classes=kind.classes,
                height=kind.height,
                dangerous=kind.dangerous,
            )
        )
        self.shapes.append(shape)


def _outline(rng: random.Random, shape: str, centre: Point, size: float) -> Polygon:
    cx, cy = centre
    angle = rng.choice((0.0, 0.0, rng.uniform(-35.0, 35.0)))
    if shape == "round":
        sides = rng.randint(12, 16)
        return Polygon(_ring(cx, cy, size / 2, [1.0] * sides, 0.0))
    if shape == "blob":
        factors = [rng.uniform(0.72, 1.0) for _ in range(rng.randint(6, 10))]
        return Polygon(_ring(cx, cy, size / 2, factors, rng.uniform(0, 360)))
    if shape == "strip":
        length, thick = min(size, 7.0), rng.uniform(1.0, 1.6)
        body = box(cx - length / 2, cy - thick / 2, cx + length / 2, cy + thick / 2)
        return _turned(body, rng.uniform(-60.0, 60.0), centre)
    w, h = size, size * rng.uniform(0.55, 1.0)
    if rng.random() < 0.5:
        w, h = h, w
    x0, y0 = cx - w / 2, cy - h / 2
    if shape == "ell":
        t = min(w, h) * rng.uniform(0.3, 0.45)
        return _turned(Polygon(_ell(x0, y0, w, h, t, rng.randrange(4))), angle, centre)
    return _turned(box(x0, y0, x0 + w, y0 + h), angle, centre)


def _across(shape: Polygon) -> float:
    """The longest side of the smallest rectangle around ``shape``, in inches."""
    rectangle = shape.minimum_rotated_rectangle
    if not isinstance(rectangle, Polygon):
        return 0.0
    corners = list(rectangle.exterior.coords)
    return max(math.dist(corners[0], corners[1]), math.dist(corners[1], corners[2]))


def _turned(shape: Polygon, angle: float, centre: Point) -> Polygon:
    if not angle:
        return shape
    turned = rotate(shape, angle, origin=centre)
    assert isinstance(turned, Polygon)
    return turned


def _ring(cx: float, cy: float, r: float, factors: list[float], turn: float) -> list[Point]:
    n = len(factors)
    start = math.radians(turn)
    return [
        (
            cx + r * f * math.cos(start + 2 * math.pi * i / n),
            cy + r * f * math.sin(start + 2 * math.pi * i / n),
        )
        for i, f in enumerate(factors)
    ]


def _ell(x: float, y: float, w: float, h: float, t: float, corner: int) -> list[Point]:
    """An L filling the box (x, y, w, h) along two sides meeting at ``corner``."""
    points = [(0.0, 0.0), (w, 0.0), (w, t), (t, t), (t, h), (0.0, h)]
    flipped = [
        (w - px if corner in (1, 3) else px, h - py if corner in (2, 3) else py)
        for px, py in points
    ]
    return [(x + px, y + py) for px, py in flipped]


def _rounded(shape: Polygon) -> list[Point]:
    """The outline in hundredths of an inch, without repeated points."""
    points: list[Point] = []
    for x, y in shape.exterior.coords[:-1]:
        point = (round(x, 2) + 0.0, round(y, 2) + 0.0)
        if not points or points[-1] != point:
            points.append(point)
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    return points
