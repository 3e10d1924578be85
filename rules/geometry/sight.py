"""Sight lines across a measured table.

A model sees another when at least one of five lines between their bases (centre to centre
and the four lines between the sides facing each other) is unblocked:

* other units' models, and the gaps between them (a unit's footprint is the convex hull of
  its bases), block when they are at least as tall as the shorter end of the line (sight is
  mutual, so a tall vehicle does not see a figure it could not be seen by);
* a cover area blocks models behind it (not inside it) up to the area's height;
* concealment areas block only two deep: a target behind a second concealment area (not
  inside it) is hidden; an area the shooter stands in does not count;
* buildings and impassable areas block as solid walls up to their height.

Two units see each other when any model of one sees any model of the other.

:func:`model_sees`, :func:`visible_among`, :func:`any_visible` and :func:`sightings_each` judge
all the lines between groups of models at once (:mod:`rules.geometry.seeing`); the answers
are exactly those of :meth:`Blockers.blocks` and :func:`terrain_blocks` line by line.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import LineString, STRtree
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from rules.core.by_identity import ByIdentity
from rules.geometry.outlines import Outlines
from rules.geometry.pieces import Area, Height, Model, Table, Terrain, Unit
from rules.geometry.seeing import Crowd, Party, judge, judge_any, judge_each


def length_through(start: tuple[int, int], end: tuple[int, int], area: Area) -> float:
    """How many hundredths of the straight line from ``start`` to ``end`` lie in ``area``."""
    return float(LineString([start, end]).intersection(area.polygon).length)


def inside(area: Area, models: Sequence[Model]) -> list[bool]:
    """For each model: whether its centre lies inside ``area``."""
    points = shapely.points(np.array([m.centre for m in models], dtype=np.float64))
    found = np.asarray(shapely.contains(area.polygon, points), dtype=np.bool_)
    return [bool(x) for x in found.tolist()]


def behind(area: Area, eyes: Sequence[Model], models: Sequence[Model]) -> list[bool]:
    """For each model: whether a straight line from the centre of one of ``eyes`` to its
    centre runs through ``area`` (:func:`length_through` above nothing)."""
    ends = np.array([(e.centre, m.centre) for m in models for e in eyes], dtype=np.float64)
    lengths = shapely.length(shapely.intersection(shapely.linestrings(ends), area.polygon))
    through = np.asarray(lengths, dtype=np.float64).reshape(len(models), len(eyes)) > 0
    return [bool(row.any()) for row in through]


def areas_crossed(
    start: tuple[int, int], end: tuple[int, int], table: Table
) -> list[tuple[Area, float]]:
    """Every area the line touches, with the length inside it, nearest first."""
    low_x, high_x = sorted((start[0], end[0]))
    low_y, high_y = sorted((start[1], end[1]))
    found = []
    line = origin = None  # made only when the line comes near an area
    for area, (minx, miny, maxx, maxy) in _bounded(table):
        if minx > high_x or maxx < low_x or miny > high_y or maxy < low_y:
            continue  # a line outside the area's box cannot touch it
        if line is None or origin is None:
            line, origin = LineString([start, end]), ShapelyPoint(start)
        inside = line.intersection(area.polygon)
        if inside.is_empty:
            continue
        found.append((origin.distance(inside), area.id, area, float(inside.length)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [(area, length) for _, _, area, length in found]


Bounds = tuple[float, float, float, float]
_BOUNDS: ByIdentity[Table, tuple[tuple[Area, Bounds], ...]] = ByIdentity(64)


def _bounded(table: Table) -> tuple[tuple[Area, Bounds], ...]:
    """The table's areas with their bounding boxes (remembered per table object)."""
    known = _BOUNDS.get(table)
    if known is None:
        known = _BOUNDS.put(table, tuple((a, a.polygon.bounds) for a in table.areas))
    return known


def _sides(a: Model, b: Model) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two points of ``a``'s base at right angles to the line towards ``b``."""
    dx, dy = b.x - a.x, b.y - a.y
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * a.radius * 0.95, dx / length * a.radius * 0.95
    return (a.x + nx, a.y + ny), (a.x - nx, a.y - ny)


def sight_lines(a: Model, b: Model) -> list[LineString]:
    left_a, right_a = _sides(a, b)
    right_b, left_b = _sides(b, a)  # seen from b the sides swap
    return [
        LineString([a.centre, b.centre]),
        LineString([left_a, left_b]),
        LineString([right_a, right_b]),
        LineString([left_a, right_b]),
        LineString([right_a, left_b]),
    ]


@dataclass(frozen=True)
class _UnitShapes:
    """One unit's blocking shapes (its bases, then the gap between its models when it has
    more than one) with their heights, and their outlines as arrays."""

    shapes: tuple[BaseGeometry, ...]
    heights: tuple[Height, ...]
    outlines: Outlines


_UNIT_SHAPES: ByIdentity[Unit, _UnitShapes] = ByIdentity(4096)


def _units_shapes(units: Sequence[Unit]) -> list[_UnitShapes]:
    """Each unit's shapes. They are worked out once per unit (a unit is immutable: the same
    object found again is the same unit, so a unit that has not moved keeps its outlines),
    the outlines of all the new ones in one go."""
    found = [_UNIT_SHAPES.get(unit) for unit in units]
    missing = [i for i, known in enumerate(found) if known is None]
    if missing:
        made: list[tuple[list[BaseGeometry], list[Height]]] = []
        for i in missing:
            models = units[i].models
            shapes: list[BaseGeometry] = [model.shape() for model in models]
            heights = [model.height for model in models]
            if len(models) > 1:
                shapes.append(shapely.MultiPoint([m.centre for m in models]).convex_hull)
                heights.append(units[i].height)
            made.append((shapes, heights))
        outlines = Outlines.of([shape for shapes, _ in made for shape in shapes])
        at = 0
        for i, (shapes, heights) in zip(missing, made, strict=True):
            mine = _UnitShapes(tuple(shapes), tuple(heights), outlines.part(at, at + len(shapes)))
            at += len(shapes)
            found[i] = _UNIT_SHAPES.put(units[i], mine)
    return [known for known in found if known is not None]


@dataclass
class Blockers:
    """Everything that can stand in the way, indexed for quick line queries."""

    shapes: list[BaseGeometry]
    heights: list[Height]
    owners: list[str]
    outlines: Outlines | None = field(default=None, repr=False)
    _tree: STRtree | None = field(default=None, init=False, repr=False)
    _crowd: Crowd | None = field(default=None, init=False, repr=False)

    @classmethod
    def of(cls, units: Iterable[Unit]) -> Blockers:
        shapes: list[BaseGeometry] = []
        heights: list[Height] = []
        owners: list[str] = []
        parts: list[Outlines] = []
        chosen = list(units)
        for unit, mine in zip(chosen, _units_shapes(chosen), strict=True):
            shapes.extend(mine.shapes)
            heights.extend(mine.heights)
            owners.extend([unit.id] * len(mine.shapes))
            parts.append(mine.outlines)
        return cls(shapes, heights, owners, Outlines.joined(parts) if parts else None)

    @property
    def tree(self) -> STRtree:
        """The shapes in a search tree, for line-by-line queries (built on first use)."""
        if self._tree is None:
            self._tree = STRtree(self.shapes)
        return self._tree

    def blocks(self, line: LineString, target: Height, ignore: frozenset[str]) -> bool:
        for index in self.tree.query(line, predicate="intersects"):
            i = int(index)
            if self.owners[i] in ignore or self.heights[i] < target:
                continue
            shape = self.shapes[i]
            if shape.geom_type in ("LineString", "Point"):
                return True  # the line passes between two models of a unit
            if line.intersection(shape).length > 0:
                return True  # grazing a base edge does not block
        return False

    @property
    def crowd(self) -> Crowd:
        """The shapes as arrays, for many lines at once (built on first use)."""
        if self._crowd is None:
            self._crowd = Crowd.of(self.shapes, self.heights, self.owners, self.outlines)
        return self._crowd


def terrain_blocks(line: LineString, shooter: Model, target: Model, table: Table) -> bool:
    here, there = ShapelyPoint(shooter.centre), ShapelyPoint(target.centre)
    low = min(shooter.height, target.height)
    passed_concealment = 0
    for area in table.areas:
        if area.height < low:
            continue
        inside = line.intersection(area.polygon)
        if inside.is_empty or inside.length == 0:
            continue
        polygon = area.polygon
        shooter_in, target_in = polygon.contains(here), polygon.contains(there)
        if area.blocks_movement and area.height > Height.FLAT and not (shooter_in or target_in):
            return True
        if shooter_in or target_in:
            continue
        if area.has(Terrain.COVER):
            return True
        if area.has(Terrain.CONCEALMENT) or area.has(Terrain.RUINS):
            passed_concealment += 1
    return passed_concealment >= 2


def model_sees(
    shooter: Model, target: Model, table: Table, blockers: Blockers, ignore: frozenset[str]
) -> bool:
    """Whether ``shooter`` and ``target`` see each other; units in ``ignore`` never block.

    Sight is mutual: something blocks if it is at least as tall as the shorter of the two,
    so a tall vehicle and the short figure behind a hedge of troops hide from each other.
    """
    return bool(judge([shooter], [Party([target], ignore)], table, blockers.crowd)[0, 0])


def visible_among(
    viewers: Sequence[Model],
    targets: Sequence[Model],
    table: Table,
    blockers: Blockers,
    ignore: frozenset[str],
) -> list[tuple[Model, Model]]:
    """Every (viewer, target) pair that sees each other, viewer by viewer, in order."""
    seen = judge(viewers, [Party(targets, ignore)], table, blockers.crowd).tolist()
    return [
        (a, b)
        for a, row in zip(viewers, seen, strict=True)
        for b, visible in zip(targets, row, strict=True)
        if visible
    ]


def any_visible(
    viewers: Sequence[Model],
    targets: Sequence[Model],
    table: Table,
    blockers: Blockers,
    ignore: frozenset[str],
) -> bool:
    """Whether any viewer sees any target."""
    return judge_any(viewers, [Party(targets, ignore)], table, blockers.crowd)[0]


def sightings_each(
    groups: Sequence[Sequence[Model]],
    parties: Sequence[Party],
    eyes: Sequence[int],
    table: Table,
    blockers: Blockers,
) -> list[bool]:
    """Whether any model of ``groups[eyes[i]]`` sees any model of ``parties[i]``, for each
    party (its ``ignore`` units never block lines to it)."""
    return judge_each(groups, parties, eyes, table, blockers.crowd)


def visible_pairs(
    viewer: Unit, target: Unit, table: Table, everyone: Sequence[Unit]
) -> list[tuple[Model, Model]]:
    """Every (viewer model, target model) pair that can see each other."""
    blockers = Blockers.of(u for u in everyone if u.id not in (viewer.id, target.id))
    ignore = frozenset({viewer.id, target.id})
    return visible_among(viewer.models, target.models, table, blockers, ignore)


def units_see(viewer: Unit, target: Unit, table: Table, everyone: Sequence[Unit]) -> bool:
    blockers = Blockers.of(u for u in everyone if u.id not in (viewer.id, target.id))
    ignore = frozenset({viewer.id, target.id})
    return any_visible(viewer.models, target.models, table, blockers, ignore)
