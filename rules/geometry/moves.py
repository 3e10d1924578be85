"""Moving units in chat: by destination, by vector, or towards another unit, keeping the
formation; and checking a move before it happens.

Each model travels in a straight line from where it stands to where it ends. The plan
reports each model's distance and the terrain its path crosses (so a system can apply its
own penalties) and every problem that makes the move impossible in any system: leaving the
table, passing through impassable terrain or buildings, through other units' models or the
gaps between an enemy unit's models, or ending on top of another model.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from shapely import LineString, MultiPoint, Polygon
from shapely.geometry.base import BaseGeometry

from rules.core.by_identity import ByIdentity
from rules.geometry.formations import centroid
from rules.geometry.measure import (
    CONTACT_SLACK,
    boxes_near,
    extent,
    in_contact,
    overlaps,
    unit_gap,
)
from rules.geometry.pieces import Model, Table, Terrain, Unit
from rules.geometry.sight import areas_crossed


def shifted(unit: Unit, dx: int, dy: int) -> Unit:
    return unit.model_copy(update={"models": tuple(m.at(m.x + dx, m.y + dy) for m in unit.models)})


def moved_to(unit: Unit, x: int, y: int) -> Unit:
    """The unit moved so its centre lands on (x, y), formation kept."""
    cx, cy = centroid(unit.models)
    return shifted(unit, x - cx, y - cy)


def toward(unit: Unit, target: Unit, distance: int) -> Unit:
    """The unit moved up to ``distance`` straight towards the closest model of ``target``,
    never further than the gap between the two units (so no base ends on another)."""
    distance = min(distance, math.floor(unit_gap(unit, target)))
    if distance <= 0:
        return unit
    cx, cy = centroid(unit.models)
    goal = min(target.models, key=lambda m: ((m.x - cx) ** 2 + (m.y - cy) ** 2, m.id))
    dx, dy = goal.x - cx, goal.y - cy
    length = math.hypot(dx, dy)
    if length == 0:
        return unit
    scale = distance / length
    return shifted(unit, round(dx * scale), round(dy * scale))


@dataclass
class Leg:
    model: str
    start: tuple[int, int]
    end: tuple[int, int]
    length: float
    terrain: list[tuple[str, tuple[Terrain, ...], float]] = field(default_factory=list)
    # the base's path, kept to work out its footprint only when a rule asks for it (a
    # placement checked at hundreds of spots never does)
    path: tuple[Model, Model, Table] | None = field(default=None, repr=False, compare=False)

    @cached_property
    def footprint(self) -> list[tuple[str, tuple[Terrain, ...], float]]:
        """What the base itself meets on the way: (area, classes, square hundredths
        covered; 0 when the base only comes into contact with the area)."""
        return footprint(*self.path) if self.path is not None else []


@dataclass
class MovePlan:
    legs: list[Leg]
    problems: list[str]
    contacts: list[tuple[str, str]]  # (own model, other model) in base contact at the end

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def longest(self) -> float:
        return max((leg.length for leg in self.legs), default=0.0)

    def crosses(self, kind: Terrain) -> bool:
        return any(kind in classes for leg in self.legs for _, classes, _ in leg.terrain)


def plan(before: Unit, after: Unit, table: Table, others: Sequence[Unit]) -> MovePlan:
    """Check moving ``before`` to ``after``; ``others`` are every other unit on the table."""
    legs: list[Leg] = []
    problems: list[str] = []
    contacts: list[tuple[str, str]] = []
    start = {m.id: m for m in before.models}
    # what lies beyond every path's reach is passed over whole: first for the unit as a
    # whole, then for each base
    bx0, by0, bx1, by1, br = extent(before)
    ax0, ay0, ax1, ay1, ar = extent(after)
    x0, y0 = min(bx0, ax0), min(by0, ay0)
    x1, y1 = max(bx1, ax1), max(by1, ay1)
    widest = max(br, ar)
    boxes = [(unit, extent(unit)) for unit in others]
    boxes = [
        (unit, box) for unit, box in boxes if boxes_near(box, x0, y0, x1, y1, widest + box[4] + 3)
    ]
    enemy_gaps = [  # among the units near (a wider margin): the enemies the unit could pass
        gaps(unit)
        for unit, box in boxes
        if unit.side != before.side and len(unit.models) > 1 and boxes_near(box, x0, y0, x1, y1, 0)
    ]
    for model in after.models:
        origin = start[model.id]
        # as shapely measures a straight path (exact squares, one correctly rounded root);
        # the path's shapes are made only when something stands near it
        travel = math.sqrt((model.x - origin.x) ** 2 + (model.y - origin.y) ** 2)
        swept = None
        leg = Leg(model.id, origin.centre, model.centre, travel, path=(origin, model, table))
        x0, x1 = min(origin.x, model.x), max(origin.x, model.x)
        y0, y1 = min(origin.y, model.y), max(origin.y, model.y)
        for area, length in areas_crossed(origin.centre, model.centre, table):
            leg.terrain.append((area.id, area.classes, length))
            if area.blocks_movement:
                swept = swept or _swept(origin, model)
                if swept.intersection(area.polygon).area > 0:
                    problems.append(
                        f"{model.id} would pass through {area.id}, which cannot be crossed"
                    )
        legs.append(leg)
        if not table.contains(model):
            problems.append(f"{model.id} would leave the table")
        for unit, box in boxes:
            # a unit further off along x or y than the base could reach is passed by whole
            # (the margin of 1 keeps rounding in the exact test below from mattering)
            if not boxes_near(box, x0, y0, x1, y1, model.radius + box[4] + 3):
                continue
            for other in unit.models:
                gap = _segment_gap(origin.centre, model.centre, other.centre)
                if gap > model.radius + other.radius + 2:
                    continue  # far from the whole path: no overlap, crossing or contact
                if overlaps(model, other):
                    problems.append(f"{model.id} would end on top of {other.id}")
                elif (
                    travel
                    # the polygons lie inside the true shapes: bases whose true shapes
                    # do not meet cannot share any area, and deep in each other they
                    # surely do
                    and gap < model.radius + other.radius
                    and (
                        _deep(gap, model.radius, other.radius)
                        or (swept := swept or _swept(origin, model))
                        .intersection(other.shape())
                        .area
                        > 1
                    )
                ):
                    problems.append(f"{model.id} would pass through {other.id}")
                elif in_contact(model, other):
                    contacts.append((model.id, other.id))
        near = [
            hull
            for hull, (hx0, hy0, hx1, hy1) in enemy_gaps
            if not (hx0 > x1 or x0 > hx1 or hy0 > y1 or y0 > hy1)  # boxes apart: no crossing
        ]
        if travel and near:
            path = LineString([origin.centre, model.centre])
            if any(path.crosses(hull) for hull in near):
                problems.append(f"{model.id} would pass between the models of an enemy unit")
    for i, a in enumerate(after.models):
        for b in after.models[i + 1 :]:
            if overlaps(a, b):
                problems.append(f"{a.id} and {b.id} would overlap")
    return MovePlan(legs, sorted(set(problems)), contacts)


# The polygons shapely draws for a swept base (``buffer``, 16 segments a quarter circle)
# and for a base (``_disc``, 8) have their corners on the true circles, so they hold the
# true shapes shrunk to these fractions of their radii.
SWEPT_INSIDE = math.cos(math.pi / 64)
BASE_INSIDE = math.cos(math.pi / 32)


def _deep(gap: float, swept: int, base: int) -> bool:
    """Whether a base of radius ``base`` whose centre lies ``gap`` from a path swept by a
    base of radius ``swept`` surely shares more than 1 square hundredth with the swept
    polygon: the two discs that surely lie inside the polygons (one on the path's nearest
    point) overlap in a lens holding a quadrilateral of area depth x half-chord."""
    a, b = swept * SWEPT_INSIDE, base * BASE_INSIDE
    depth = a + b - gap
    if depth <= 0:
        return False
    if gap <= abs(a - b):  # one disc within the other
        return min(a, b) > 1
    across = (gap * gap + a * a - b * b) / (2 * gap)
    half_chord = math.sqrt(max(0.0, a * a - across * across))
    return depth * half_chord > 2  # twice the threshold, against rounding


def footprint(
    origin: Model, model: Model, table: Table
) -> list[tuple[str, tuple[Terrain, ...], float]]:
    """Every area the base meets moving from ``origin`` to ``model`` (its whole footprint
    along the way, not only its centre): the area, its classes and how much of it the
    swept base covers (0 when the base only touches it)."""
    reach = model.radius + CONTACT_SLACK
    x0, x1 = min(origin.x, model.x) - reach, max(origin.x, model.x) + reach
    y0, y1 = min(origin.y, model.y) - reach, max(origin.y, model.y) + reach
    found = []
    swept = None  # made only when an area comes near the path
    for area in table.areas:
        minx, miny, maxx, maxy = area.polygon.bounds
        if minx > x1 or maxx < x0 or miny > y1 or maxy < y0:
            continue
        swept = swept or _swept(origin, model)
        covered = float(swept.intersection(area.polygon).area)
        if covered > 0 or swept.distance(area.polygon) <= CONTACT_SLACK:
            found.append((area.id, area.classes, covered))
    return found


def _swept(origin: Model, model: Model) -> Polygon:
    """The ground a base covers along its path from ``origin``."""
    if origin.centre == model.centre:
        return model.shape()
    return LineString([origin.centre, model.centre]).buffer(model.radius)


_GAPS: ByIdentity[Unit, tuple[BaseGeometry, tuple[int, int, int, int]]] = ByIdentity(4096)


def gaps(unit: Unit) -> tuple[BaseGeometry, tuple[int, int, int, int]]:
    """The ground between the unit's models (the hull of their centres) and its bounds,
    remembered per unit object."""
    known = _GAPS.get(unit)
    if known is not None:
        return known
    hull = MultiPoint([m.centre for m in unit.models]).convex_hull
    x0, y0, x1, y1, _ = extent(unit)
    return _GAPS.put(unit, (hull, (x0, y0, x1, y1)))


def _segment_gap(a: tuple[int, int], b: tuple[int, int], p: tuple[int, int]) -> float:
    """Distance from point ``p`` to the segment ``a``-``b`` (plain arithmetic, to skip the
    exact shapely tests for models nowhere near a path)."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def place(unit: Unit, positions: dict[str, tuple[int, int]]) -> Unit:
    """Per-model placement: the listed models move to the given points, others stay."""
    models: list[Model] = [m.at(*positions[m.id]) if m.id in positions else m for m in unit.models]
    return unit.model_copy(update={"models": tuple(models)})
