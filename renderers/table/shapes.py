"""Plane geometry of the drawing: where to put a polygon's label, points along a line."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from shapely import Polygon, box
from shapely.geometry.polygon import orient

Point = tuple[float, float]


def visible(points: Sequence[Point], size: tuple[float, float]) -> list[Point] | None:
    """The part of the polygon on a canvas of ``size`` (its largest piece when the edge
    cuts it in several), None when none of it is; the polygon itself when it lies wholly
    on the canvas, as every shape on a whole board does."""
    width, height = size
    if all(0 <= x <= width and 0 <= y <= height for x, y in points):
        return list(points)
    shape = Polygon(points)
    if not shape.is_valid:
        shape = shape.buffer(0)
    part = shape.intersection(box(0, 0, width, height))
    pieces = [g for g in getattr(part, "geoms", [part]) if isinstance(g, Polygon)]
    pieces = [g for g in pieces if g.area > 0]
    if not pieces:
        return None
    largest = orient(max(pieces, key=lambda g: g.area))
    return [(float(x), float(y)) for x, y in largest.exterior.coords[:-1]]


def centroid(points: Sequence[Point]) -> Point:
    """The centre of mass of a polygon (the mean of its corners if it has no area)."""
    twice_area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise((*points, points[0])):
        cross = x0 * y1 - x1 * y0
        twice_area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(twice_area) < 1e-9:
        return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
    return cx / (3 * twice_area), cy / (3 * twice_area)


def contains(points: Sequence[Point], xy: Point) -> bool:
    """Whether ``xy`` lies inside the polygon (even-odd rule)."""
    x, y = xy
    inside = False
    for (x0, y0), (x1, y1) in itertools.pairwise((*points, points[0])):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _crossings(points: Sequence[Point], y: float) -> list[float]:
    xs = []
    for (x0, y0), (x1, y1) in itertools.pairwise((*points, points[0])):
        if (y0 > y) != (y1 > y):
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    return sorted(xs)


def inside_point(points: Sequence[Point]) -> Point:
    """A point well inside the polygon for its label: the centroid when it is inside,
    else the middle of the widest stretch across the polygon at the centroid's height."""
    middle = centroid(points)
    if contains(points, middle):
        return middle
    ys = sorted(p[1] for p in points)
    best: tuple[float, Point] | None = None
    for y in (middle[1], (ys[0] + ys[-1]) / 2):
        xs = _crossings(points, y)
        for left, right in zip(xs[::2], xs[1::2], strict=False):
            if best is None or right - left > best[0]:
                best = (right - left, ((left + right) / 2, y))
    return best[1] if best is not None else middle


def spots_inside(points: Sequence[Point], step: float) -> list[Point]:
    """Points inside the polygon for a label, the best first: :func:`inside_point`, then
    points of a grid ``step`` apart, nearest to it first."""
    first = inside_point(points)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    grid = [
        (x0 + i * step, y0 + j * step)
        for x0, y0 in ((min(xs) + step / 2, min(ys) + step / 2),)
        for i in range(max(1, math.ceil((max(xs) - min(xs)) / step)))
        for j in range(max(1, math.ceil((max(ys) - min(ys)) / step)))
    ]
    inside = [p for p in grid if contains(points, p)]
    inside.sort(key=lambda p: (math.dist(p, first), p))
    return [first, *inside]


def spots_around(points: Sequence[Point], step: float, reach: float) -> list[Point]:
    """Points outside the polygon within about ``reach`` of it, ``step`` apart, nearest
    its middle first: where its label goes (with a leader line) when no spot inside is
    free."""
    first = inside_point(points)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = min(xs) - reach, min(ys) - reach
    across = math.ceil((max(xs) - min(xs) + 2 * reach) / step) + 1
    down = math.ceil((max(ys) - min(ys) + 2 * reach) / step) + 1
    grid = [(left + i * step, top + j * step) for i in range(across) for j in range(down)]
    outside = [p for p in grid if not contains(points, p)]
    outside.sort(key=lambda p: (math.dist(p, first), p))
    return outside


def nearest_on_outline(points: Sequence[Point], xy: Point) -> Point:
    """The point of the polygon's outline nearest ``xy``."""
    best: tuple[float, Point] | None = None
    for (x0, y0), (x1, y1) in itertools.pairwise((*points, points[0])):
        dx, dy = x1 - x0, y1 - y0
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else ((xy[0] - x0) * dx + (xy[1] - y0) * dy) / length
        t = max(0.0, min(1.0, t))
        near = (x0 + t * dx, y0 + t * dy)
        distance = math.dist(near, xy)
        if best is None or distance < best[0]:
            best = (distance, near)
    assert best is not None
    return best[1]


def along(points: Sequence[Point], fraction: float) -> tuple[Point, Point]:
    """The point ``fraction`` of the way along a polyline, and the unit direction there."""
    lengths = [math.dist(a, b) for a, b in itertools.pairwise(points)]
    target = sum(lengths) * fraction
    last = max((i for i, length in enumerate(lengths) if length > 0), default=-1)
    for index, ((a, b), length) in enumerate(zip(itertools.pairwise(points), lengths, strict=True)):
        if length > 0 and (target <= length or index == last):
            t = min(1.0, target / length)
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), (ux, uy)
        target -= length
    end = points[-1]
    return end, (1.0, 0.0)
