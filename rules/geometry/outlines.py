"""Quick tests of straight segments against outlines (bases, unit footprints, terrain).

A shapely call costs microseconds, and a sight check between two units draws hundreds of
lines. Here the same questions are answered with array arithmetic on the outlines' edges,
but only when the answer is clear by a wide margin (:data:`MARGIN`, far above rounding
error): a segment that reaches ``MARGIN`` deep into a polygon certainly crosses it along
some length, one that stays ``MARGIN`` away from it certainly misses it. Everything closer
than that (a line grazing a corner, running along an edge) is :data:`UNSURE`, and the caller
settles it with shapely itself, so every answer is shapely's own.

Polygons are split into convex pieces: the polygon itself when it is convex, else the
triangles of its constrained Delaunay triangulation, which use only its own corners.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import shapely
from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Flags = npt.NDArray[np.bool_]
States = npt.NDArray[np.int8]

MARGIN = 1e-4  # hundredths of an inch
HIT, CLEAR, UNSURE = 1, 0, -1
POLYGON, SEGMENT, OTHER = 0, 1, 2
FEW = 8  # edges: pieces with no more are tested together, without padding


@dataclass(frozen=True)
class Segments:
    """Line segments from (``x0``, ``y0``) to (``x1``, ``y1``)."""

    x0: Floats
    y0: Floats
    x1: Floats
    y1: Floats

    def __len__(self) -> int:
        return len(self.x0)

    def take(self, at: Ints) -> Segments:
        return Segments(self.x0[at], self.y0[at], self.x1[at], self.y1[at])

    def line(self, i: int) -> LineString:
        """Segment ``i`` as a shapely LineString (exactly these coordinates)."""
        return LineString(
            [(float(self.x0[i]), float(self.y0[i])), (float(self.x1[i]), float(self.y1[i]))]
        )


def _ring(polygon: BaseGeometry) -> list[tuple[float, float]] | None:
    """The corners of a hole-free polygon, counter-clockwise, repeats dropped."""
    if not isinstance(polygon, Polygon) or polygon.is_empty or len(polygon.interiors):
        return None
    corners: list[tuple[float, float]] = []
    for x, y in polygon.exterior.coords[:-1]:
        if not corners or corners[-1] != (x, y):
            corners.append((x, y))
    while len(corners) > 1 and corners[0] == corners[-1]:
        corners.pop()
    if len(corners) < 3:
        return None
    twice_area = sum(
        x0 * y1 - x1 * y0
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True)
    )
    if twice_area == 0:
        return None
    return corners if twice_area > 0 else corners[::-1]


def _convex(corners: list[tuple[float, float]]) -> bool:
    """Whether every turn of a counter-clockwise outline is clearly to the left."""
    n = len(corners)
    for i in range(n):
        (x0, y0), (x1, y1), (x2, y2) = corners[i - 1], corners[i], corners[(i + 1) % n]
        ax, ay, bx, by = x1 - x0, y1 - y0, x2 - x1, y2 - y1
        if ax * by - ay * bx <= 1e-9 * (abs(ax) + abs(ay)) * (abs(bx) + abs(by)):
            return False
    return True


def _pieces(shape: BaseGeometry) -> tuple[int, list[list[tuple[float, float]]]]:
    """The kind of ``shape`` and its convex pieces (the two ends for a segment)."""
    if shape.geom_type == "LineString":
        ends = list(dict.fromkeys((float(x), float(y)) for x, y in shape.coords))
        if len(shape.coords) == 2 and len(ends) == 2:
            return SEGMENT, [ends]
        return OTHER, []
    corners = _ring(shape)
    if corners is None:
        return OTHER, []
    if _convex(corners):
        return POLYGON, [corners]
    pieces = []
    for triangle in shapely.get_parts(shapely.constrained_delaunay_triangles(shape)):
        piece = _ring(triangle)
        if piece is None or not _convex(piece):
            return OTHER, []
        pieces.append(piece)
    return POLYGON, pieces


@dataclass(frozen=True)
class Outlines:
    """Shapes as arrays of convex pieces: per piece a centre, the radius of a circle about
    it that lies inside the piece (``inner``) and of one holding it (``outer``), and its
    edges as outward unit normals with offsets (``nx * x + ny * y <= off`` inside); for a
    segment, its two ends in the first two columns of ``nx`` (x) and ``ny`` (y)."""

    kinds: Ints  # per shape
    first: Ints  # per shape: its first piece
    count: Ints  # per shape: how many pieces
    whole: Flags  # per shape: a segment, or a convex polygon (a single piece)
    bounds: Floats  # per shape: minx, miny, maxx, maxy
    cx: Floats  # per piece from here on
    cy: Floats
    inner: Floats
    outer: Floats
    edges: Ints
    nx: Floats  # pieces x edges (short pieces repeat their first edge)
    ny: Floats
    off: Floats

    @classmethod
    def of(cls, shapes: Sequence[BaseGeometry]) -> Outlines:
        geometries = np.empty(len(shapes), dtype=object)
        geometries[:] = list(shapes)
        kinds = np.full(len(shapes), OTHER, dtype=np.int64)
        count = np.zeros(len(shapes), dtype=np.int64)
        types = shapely.get_type_id(geometries)
        simple = np.flatnonzero(
            (types == 3)
            & (shapely.get_num_interior_rings(geometries) == 0)
            & ~shapely.is_empty(geometries)
        )
        fast = _Corners.of(shapely.get_exterior_ring(geometries[simple]))
        convex = fast.convex()
        kinds[simple[convex]] = POLYGON
        count[simple[convex]] = 1
        blocks = [fast.pieces(convex)]
        segments = np.flatnonzero((types == 1) & (shapely.get_num_coordinates(geometries) == 2))
        ends = shapely.get_coordinates(geometries[segments]).reshape(-1, 4)
        distinct = (ends[:, 0] != ends[:, 2]) | (ends[:, 1] != ends[:, 3])
        kinds[segments[distinct]] = SEGMENT
        count[segments[distinct]] = 1
        blocks.append(_segment_pieces(ends[distinct]))
        # polygons that are not convex (or not clean): split them one by one
        for i in simple[~convex].tolist():
            kind, pieces = _pieces(shapes[i])
            kinds[i], count[i] = kind, len(pieces)
            if pieces:
                corners = _Corners.of(
                    shapely.get_exterior_ring(shapely.polygons([list(p) for p in pieces]))
                )
                blocks.append(corners.pieces(np.ones(len(pieces), dtype=np.bool_)))
        order = np.concatenate(
            [
                simple[convex],
                segments[distinct],
                *[np.repeat(i, count[i]) for i in simple[~convex].tolist() if count[i]],
            ]
        ).astype(np.int64)
        merged = _merge(blocks)
        # pieces are stored shape by shape
        arrange = np.argsort(order, kind="stable")
        first = np.cumsum(count) - count
        bounds = shapely.bounds(geometries).reshape(-1, 4)
        return cls(
            kinds=kinds,
            first=first,
            count=count,
            whole=(kinds == SEGMENT) | ((kinds == POLYGON) & (count == 1)),
            bounds=np.nan_to_num(bounds, nan=np.inf),
            cx=merged.cx[arrange],
            cy=merged.cy[arrange],
            inner=merged.inner[arrange],
            outer=merged.outer[arrange],
            edges=merged.edges[arrange],
            nx=merged.nx[arrange],
            ny=merged.ny[arrange],
            off=merged.off[arrange],
        )

    @classmethod
    def joined(cls, parts: Sequence[Outlines]) -> Outlines:
        """The shapes of ``parts`` end to end, as :meth:`of` would give for all of them."""
        if len(parts) == 1:
            return parts[0]
        pieces = np.array([len(p.cx) for p in parts], dtype=np.int64)
        offset = np.cumsum(pieces) - pieces
        merged = _merge(
            [_Block(p.cx, p.cy, p.inner, p.outer, p.edges, p.nx, p.ny, p.off) for p in parts]
        )
        return cls(
            kinds=np.concatenate([p.kinds for p in parts]),
            first=np.concatenate(
                [p.first + o for p, o in zip(parts, offset.tolist(), strict=True)]
            ),
            count=np.concatenate([p.count for p in parts]),
            whole=np.concatenate([p.whole for p in parts]),
            bounds=np.concatenate([p.bounds for p in parts]),
            cx=merged.cx,
            cy=merged.cy,
            inner=merged.inner,
            outer=merged.outer,
            edges=merged.edges,
            nx=merged.nx,
            ny=merged.ny,
            off=merged.off,
        )

    def part(self, start: int, stop: int) -> Outlines:
        """The outlines of shapes ``start`` to ``stop`` (excluded) alone."""
        low = int(self.first[start]) if stop > start else 0
        high = int(self.first[stop - 1] + self.count[stop - 1]) if stop > start else 0
        return Outlines(
            kinds=self.kinds[start:stop],
            first=self.first[start:stop] - low,
            count=self.count[start:stop],
            whole=self.whole[start:stop],
            bounds=self.bounds[start:stop],
            cx=self.cx[low:high],
            cy=self.cy[low:high],
            inner=self.inner[low:high],
            outer=self.outer[low:high],
            edges=self.edges[low:high],
            nx=self.nx[low:high],
            ny=self.ny[low:high],
            off=self.off[low:high],
        )

    def overlapping(self, box: tuple[float, float, float, float]) -> Flags:
        """Which shapes' bounding boxes meet ``box`` (minx, miny, maxx, maxy)."""
        b = self.bounds
        hit: Flags = (
            (b[:, 0] <= box[2]) & (b[:, 2] >= box[0]) & (b[:, 1] <= box[3]) & (b[:, 3] >= box[1])
        )
        return hit

    def crossing(self, lines: Segments, line_at: Ints, shape_at: Ints) -> States:
        """For each (line, shape) pair: HIT when the line crosses the polygon along some
        length (meets the segment, for a segment), CLEAR when it misses it, else UNSURE."""
        states = np.full(len(line_at), UNSURE, dtype=np.int8)
        if not len(line_at):
            return states
        kinds = self.kinds[shape_at]
        for kind, judge in ((POLYGON, self._polygons), (SEGMENT, self._segments)):
            mine = np.flatnonzero(kinds == kind)
            if not len(mine):
                continue
            counts = self.count[shape_at[mine]]
            pair = np.repeat(mine, counts)
            starts = np.repeat(self.first[shape_at[mine]], counts)
            piece = starts + ranks(counts)
            found = judge(lines.take(line_at[pair]), piece)
            # a shape is hit when a piece is, clear when every piece is
            hit = np.zeros(len(line_at), dtype=np.bool_)
            hit[pair[found == HIT]] = True
            unsure = np.zeros(len(line_at), dtype=np.bool_)
            unsure[pair[found == UNSURE]] = True
            states[mine] = np.where(hit[mine], HIT, np.where(unsure[mine], UNSURE, CLEAR))
        return states

    def containing(self, x: Floats, y: Floats, shape_at: Ints) -> States:
        """For each (point, shape) pair: HIT when the point is inside the polygon, CLEAR
        when it is outside, UNSURE when it is (about) on its outline."""
        states = np.full(len(shape_at), UNSURE, dtype=np.int8)
        mine = np.flatnonzero(self.kinds[shape_at] == POLYGON)
        if not len(mine):
            return states
        counts = self.count[shape_at[mine]]
        pair = np.repeat(mine, counts)
        piece = np.repeat(self.first[shape_at[mine]], counts) + ranks(counts)
        px, py = x[pair][:, None], y[pair][:, None]
        beyond = (self.nx[piece] * px + self.ny[piece] * py - self.off[piece]).max(axis=1)
        inside = np.zeros(len(shape_at), dtype=np.bool_)
        inside[pair[beyond <= -MARGIN]] = True
        near = np.zeros(len(shape_at), dtype=np.bool_)
        near[pair[beyond <= MARGIN]] = True
        states[mine] = np.where(inside[mine], HIT, np.where(near[mine], UNSURE, CLEAR))
        return states

    def seals(self, shape_at: Ints, a: Floats, b: Floats, tangents: Tangents) -> Flags:
        """For each (shape, disc ``a``, disc ``b``) — discs as rows x, y, radius, with their
        :func:`tangents`: whether, certainly, the shape is a convex polygon clear of both
        discs (by ``MARGIN``) that every segment from a point of one disc to a point of the
        other passes ``2 * MARGIN`` deep into.

        The two outer tangents of the discs bound the union of those segments (the discs'
        convex hull); when both reach that deep into the polygon, the chord between those
        two deep points lies inside it, runs from one side of the hull to the other and
        misses both discs, so every segment from one disc to the other meets the chord."""
        ok = (self.kinds[shape_at] == POLYGON) & (self.count[shape_at] == 1) & tangents.ok
        ax, ay, ar = a[0], a[1], a[2] * (1 + 1e-9) + 1e-6
        bx, by, br = b[0], b[1], b[2] * (1 + 1e-9) + 1e-6
        piece = self.first[shape_at]
        cx, cy, inner, outer = self.cx[piece], self.cy[piece], self.inner[piece], self.outer[piece]
        # the piece's circles settle most: a piece too far from a disc's centre to touch
        # the disc, with both tangents passing well inside its inner circle, seals; one
        # whose outer circle misses a tangent does not
        sure = (np.hypot(cx - ax, cy - ay) > outer + ar + MARGIN) & (
            np.hypot(cx - bx, cy - by) > outer + br + MARGIN
        )
        for tangent in tangents.sides:
            gap = distance_to(tangent, cx, cy)
            ok &= gap <= outer + MARGIN
            sure &= gap <= inner - 3 * MARGIN
        found: Flags = ok & sure
        rest = np.flatnonzero(ok & ~sure)
        if not len(rest):
            return found
        p = piece[rest]
        width = int(self.edges[p].max())
        nx, ny, off = self.nx[p, :width], self.ny[p, :width], self.off[p, :width]
        # a disc is clear of the polygon when its centre lies beyond one edge's line by
        # more than its radius
        good = np.ones(len(rest), dtype=np.bool_)
        for x, y, r in ((ax, ay, ar), (bx, by, br)):
            good &= (nx * x[rest, None] + ny * y[rest, None] - off).max(axis=1) > r[rest] + MARGIN
        for tangent in tangents.sides:
            t = tangent.take(rest)
            start = nx * t.x0[:, None] + ny * t.y0[:, None] - off
            slope = nx * (t.x1 - t.x0)[:, None] + ny * (t.y1 - t.y0)[:, None]
            good &= _reaches(start, slope, -2 * MARGIN)
        found[rest[good]] = True
        return found

    def _polygons(self, lines: Segments, piece: Ints) -> States:
        px, py = lines.x0, lines.y0
        dx, dy = lines.x1 - px, lines.y1 - py
        long = dx * dx + dy * dy > MARGIN * MARGIN
        states = np.full(len(piece), UNSURE, dtype=np.int8)
        # the line's distance from the piece's centre settles most pieces: those it passes
        # far from, and bases (nearly circles) it goes through
        gap = distance_to(lines, self.cx[piece], self.cy[piece])
        states[gap > self.outer[piece] + MARGIN] = CLEAR
        states[long & (gap <= self.inner[piece] - MARGIN)] = HIT
        # the rest edge by edge, pieces with few edges apart from those with many
        rest = np.flatnonzero(states == UNSURE)
        few = self.edges[piece[rest]] <= FEW
        for part in (rest[few], rest[~few]):
            if not len(part):
                continue
            p = piece[part]
            width = int(self.edges[p].max())
            nx, ny = self.nx[p, :width], self.ny[p, :width]
            start = nx * px[part, None] + ny * py[part, None] - self.off[p, :width]
            slope = nx * dx[part, None] + ny * dy[part, None]
            deep = long[part] & _reaches(start, slope, -MARGIN)
            near = _reaches(start, slope, MARGIN)
            states[part] = np.where(deep, HIT, np.where(near, UNSURE, CLEAR))
        return states

    def _segments(self, lines: Segments, piece: Ints) -> States:
        px, py, qx, qy = lines.x0, lines.y0, lines.x1, lines.y1
        ax, bx = self.nx[piece, 0], self.nx[piece, 1]
        ay, by = self.ny[piece, 0], self.ny[piece, 1]
        dx, dy, ex, ey = qx - px, qy - py, bx - ax, by - ay
        d, e = np.hypot(dx, dy), np.hypot(ex, ey)
        states = np.full(len(piece), UNSURE, dtype=np.int8)
        usable = (d > MARGIN) & (e > MARGIN)
        with np.errstate(divide="ignore", invalid="ignore"):
            # signed distances of each segment's ends from the other's line
            a_side = (dx * (ay - py) - dy * (ax - px)) / d
            b_side = (dx * (by - py) - dy * (bx - px)) / d
            p_side = (ex * (py - ay) - ey * (px - ax)) / e
            q_side = (ex * (qy - ay) - ey * (qx - ax)) / e
        apart = _split(a_side, b_side, same=True) | _split(p_side, q_side, same=True)
        across = _split(a_side, b_side, same=False) & _split(p_side, q_side, same=False)
        states[usable & apart] = CLEAR
        states[usable & across] = HIT
        return states


@dataclass(frozen=True)
class _Block:
    """Some pieces' arrays, before they are put together."""

    cx: Floats
    cy: Floats
    inner: Floats
    outer: Floats
    edges: Ints
    nx: Floats
    ny: Floats
    off: Floats


def _merge(blocks: list[_Block]) -> _Block:
    edges = max([2, *(b.nx.shape[1] for b in blocks)])

    def widen(a: Floats) -> Floats:
        # short pieces repeat their first edge (the same limit twice changes nothing)
        return np.concatenate([a, np.repeat(a[:, :1], edges - a.shape[1], axis=1)], axis=1)

    return _Block(
        cx=np.concatenate([b.cx for b in blocks]),
        cy=np.concatenate([b.cy for b in blocks]),
        inner=np.concatenate([b.inner for b in blocks]),
        outer=np.concatenate([b.outer for b in blocks]),
        edges=np.concatenate([b.edges for b in blocks]),
        nx=np.concatenate([widen(b.nx) for b in blocks]),
        ny=np.concatenate([widen(b.ny) for b in blocks]),
        off=np.concatenate([widen(b.off) for b in blocks]),
    )


def _segment_pieces(ends: Floats) -> _Block:
    x, y = ends[:, 0::2], ends[:, 1::2]
    cx, cy = x.mean(axis=1), y.mean(axis=1)
    outer = np.hypot(x[:, 0] - cx, y[:, 0] - cy)
    inner = np.full(len(ends), -np.inf)
    edges = np.full(len(ends), 2, dtype=np.int64)
    return _Block(cx, cy, inner, outer, edges, x, y, np.zeros_like(x))


@dataclass(frozen=True)
class _Corners:
    """The corners of many rings, end to end (the closing repeat left out)."""

    x: Floats
    y: Floats
    ring: Ints  # per corner
    start: Ints  # per ring
    size: Ints  # per ring

    @classmethod
    def of(cls, rings: npt.NDArray[Any]) -> _Corners:
        coords, ring = shapely.get_coordinates(rings, return_index=True)
        size = np.bincount(ring, minlength=len(rings)).astype(np.int64)
        keep = np.ones(len(coords), dtype=np.bool_)
        keep[np.cumsum(size)[size > 0] - 1] = False
        size = np.maximum(size - 1, 0)
        return cls(
            x=coords[keep, 0],
            y=coords[keep, 1],
            ring=ring[keep].astype(np.int64),
            start=np.cumsum(size) - size,
            size=size,
        )

    def _next(self) -> Ints:
        i = np.arange(len(self.x), dtype=np.int64)
        last = self.start[self.ring] + self.size[self.ring] - 1
        following: Ints = np.where(i == last, self.start[self.ring], i + 1)
        return following

    def convex(self) -> Flags:
        """Which rings are clean convex outlines (three corners or more, no repeated
        corner, every turn clearly the same way)."""
        ok = self.size >= 3
        if not len(self.x):
            return ok
        after = self._next()
        ex, ey = self.x[after] - self.x, self.y[after] - self.y
        turn_x, turn_y = ex[after], ey[after]
        cross = ex * turn_y - ey * turn_x
        scale = (np.abs(ex) + np.abs(ey)) * (np.abs(turn_x) + np.abs(turn_y))
        area = np.bincount(self.ring, self.x * self.y[after] - self.x[after] * self.y, len(ok))
        sign = np.sign(area)[self.ring]
        clean = (cross * sign > 1e-9 * scale) & (scale > 0)
        bad = np.bincount(self.ring, (~clean).astype(np.float64), len(ok)) > 0
        # turning once around, not twice (a star whose edges cross turns the same way too)
        turning = np.bincount(self.ring, np.arctan2(cross, ex * turn_x + ey * turn_y), len(ok))
        once = np.abs(np.abs(turning) - 2 * np.pi) < 1e-6
        flat: Flags = ok & ~bad & (area != 0) & once
        return flat

    def pieces(self, chosen: Flags) -> _Block:
        """The arrays of the ``chosen`` rings (which must be convex)."""
        rings = np.flatnonzero(chosen)
        if not len(rings):
            empty = np.zeros(0)
            flat = np.zeros((0, 2))
            return _Block(empty, empty, empty, empty, np.zeros(0, np.int64), flat, flat, flat)
        corner = np.flatnonzero(chosen[self.ring])
        size = self.size[rings]
        starts = np.cumsum(size) - size
        ring = np.repeat(np.arange(len(rings), dtype=np.int64), size)
        edges = int(size.max())
        following = self._next()
        after = following[corner]
        x, y = self.x[corner], self.y[corner]
        ex, ey = self.x[after] - x, self.y[after] - y
        area = np.add.reduceat(x * self.y[after] - self.x[after] * y, starts)
        sign = np.sign(area)[ring]
        length = np.hypot(ex, ey)
        ux, uy = sign * ey / length, -sign * ex / length
        offsets = ux * x + uy * y
        cx = np.add.reduceat(x, starts) / size
        cy = np.add.reduceat(y, starts) / size
        outer = np.maximum.reduceat(np.hypot(x - cx[ring], y - cy[ring]), starts)
        inner = np.minimum.reduceat(offsets - ux * cx[ring] - uy * cy[ring], starts)
        inner[inner <= 0] = -np.inf
        column = np.arange(len(corner), dtype=np.int64) - starts[ring]
        nx, ny, off = (np.zeros((len(rings), edges)) for _ in range(3))
        nx[ring, column], ny[ring, column], off[ring, column] = ux, uy, offsets
        short = np.arange(edges)[None, :] >= size[:, None]
        nx, ny, off = (np.where(short, a[:, :1], a) for a in (nx, ny, off))
        return _Block(cx, cy, inner, outer, size, nx, ny, off)


def distance_to(lines: Segments, x: Floats, y: Floats) -> Floats:
    """How far each point (x, y) lies from the matching segment."""
    px, py = lines.x0, lines.y0
    dx, dy = lines.x1 - px, lines.y1 - py
    squared = dx * dx + dy * dy
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(squared > 0, ((x - px) * dx + (y - py) * dy) / squared, 0.0)
    t = np.clip(t, 0.0, 1.0)
    found: Floats = np.hypot(px + t * dx - x, py + t * dy - y)
    return found


@dataclass(frozen=True)
class Tangents:
    """The two outer tangents of pairs of discs, each from its touching point on the first
    disc to the one on the second; ``ok`` where they exist (neither disc holds the other)."""

    sides: tuple[Segments, Segments]
    ok: Flags

    def take(self, at: Ints) -> Tangents:
        return Tangents((self.sides[0].take(at), self.sides[1].take(at)), self.ok[at])


def tangents(a: Floats, b: Floats) -> Tangents:
    """The outer tangents of discs ``a`` and ``b`` (rows x, y, radius), each radius grown a
    little beyond rounding error (see :meth:`Outlines.seals`)."""
    ax, ay, ar = a[0], a[1], a[2] * (1 + 1e-9) + 1e-6
    bx, by, br = b[0], b[1], b[2] * (1 + 1e-9) + 1e-6
    dx, dy = bx - ax, by - ay
    length = np.hypot(dx, dy)
    ok = length > np.abs(ar - br) + MARGIN
    sides = []
    with np.errstate(divide="ignore", invalid="ignore"):
        ux, uy = dx / length, dy / length
        k = (ar - br) / length
        s = np.sqrt(np.clip(1 - k * k, 0.0, 1.0))
        for sign in (1.0, -1.0):
            # the tangent's outward normal: n . centre + radius is the same for both
            tx, ty = k * ux - sign * s * uy, k * uy + sign * s * ux
            side = Segments(ax + ar * tx, ay + ar * ty, bx + br * tx, by + br * ty)
            ok &= np.isfinite(side.x0 + side.y0 + side.x1 + side.y1)
            sides.append(side)
    return Tangents((sides[0], sides[1]), ok)


def _split(u: Floats, v: Floats, *, same: bool) -> Flags:
    """Whether ``u`` and ``v`` are clearly on the same side of zero (or clearly on
    opposite sides)."""
    pos_u, neg_u, pos_v, neg_v = u > MARGIN, u < -MARGIN, v > MARGIN, v < -MARGIN
    if same:
        found: Flags = (pos_u & pos_v) | (neg_u & neg_v)
    else:
        found = (pos_u & neg_v) | (neg_u & pos_v)
    return found


def _reaches(start: Floats, slope: Floats, level: float) -> Flags:
    """Whether some point of each segment (t in [0, 1]) is below ``level`` for every edge:
    ``start + t * slope <= level`` for all columns."""
    with np.errstate(divide="ignore", invalid="ignore"):
        bound = (level - start) / slope
    low = np.where(slope < 0, bound, -np.inf).max(axis=1, initial=0.0)
    high = np.where(slope > 0, bound, np.inf).min(axis=1, initial=1.0)
    flat_out = ((slope == 0) & (start > level)).any(axis=1)
    found: Flags = (low <= high) & ~flat_out
    return found


def ranks(counts: Ints) -> Ints:
    """0, 1, …, count - 1 for each count, end to end."""
    total = int(counts.sum())
    if not total:
        return np.zeros(0, dtype=np.int64)
    ends = np.cumsum(counts)
    return np.arange(total, dtype=np.int64) - np.repeat(ends - counts, counts)
