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
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from shapely import LineString, MultiPoint, STRtree
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from rules.geometry.pieces import Area, Height, Model, Table, Terrain, Unit


def length_through(start: tuple[int, int], end: tuple[int, int], area: Area) -> float:
    """How many hundredths of the straight line from ``start`` to ``end`` lie in ``area``."""
    return float(LineString([start, end]).intersection(area.polygon).length)


def areas_crossed(
    start: tuple[int, int], end: tuple[int, int], table: Table
) -> list[tuple[Area, float]]:
    """Every area the line touches, with the length inside it, nearest first."""
    line = LineString([start, end])
    origin = ShapelyPoint(start)
    found = []
    for area in table.areas:
        inside = line.intersection(area.polygon)
        if inside.is_empty:
            continue
        found.append((origin.distance(inside), area.id, area, float(inside.length)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [(area, length) for _, _, area, length in found]


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


@dataclass
class Blockers:
    """Everything that can stand in the way, indexed for quick line queries."""

    shapes: list[BaseGeometry]
    heights: list[Height]
    owners: list[str]
    tree: STRtree = field(init=False)

    def __post_init__(self) -> None:
        self.tree = STRtree(self.shapes)

    @classmethod
    def of(cls, units: Iterable[Unit]) -> Blockers:
        shapes: list[BaseGeometry] = []
        heights: list[Height] = []
        owners: list[str] = []
        for unit in units:
            for model in unit.models:
                shapes.append(model.shape())
                heights.append(model.height)
                owners.append(unit.id)
            if len(unit.models) > 1:
                hull = MultiPoint([m.centre for m in unit.models]).convex_hull
                shapes.append(hull)
                heights.append(unit.height)
                owners.append(unit.id)
        return cls(shapes, heights, owners)

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
    low = min(shooter.height, target.height)
    for line in sight_lines(shooter, target):
        if blockers.blocks(line, low, ignore):
            continue
        if terrain_blocks(line, shooter, target, table):
            continue
        return True
    return False


def visible_pairs(
    viewer: Unit, target: Unit, table: Table, everyone: Sequence[Unit]
) -> list[tuple[Model, Model]]:
    """Every (viewer model, target model) pair that can see each other."""
    blockers = Blockers.of(u for u in everyone if u.id not in (viewer.id, target.id))
    ignore = frozenset({viewer.id, target.id})
    return [
        (a, b)
        for a in viewer.models
        for b in target.models
        if model_sees(a, b, table, blockers, ignore)
    ]


def units_see(viewer: Unit, target: Unit, table: Table, everyone: Sequence[Unit]) -> bool:
    return bool(visible_pairs(viewer, target, table, everyone))
