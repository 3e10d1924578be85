"""Many sight lines at once: the arithmetic behind :mod:`rules.geometry.sight`.

One viewing group of models is judged against several target groups (*parties*) in one go.
For each party only the units and areas that could stand in the way are looked at: those
inside the box around both groups' bases and within the band that holds every line between
them. Each line is then tested against those units' footprints (the gaps between their
models), then against their bases, then against the terrain, each step with array
arithmetic (:mod:`rules.geometry.outlines`); shapely settles the few lines that come too
close to an outline to tell. The answers are those of ``Blockers.blocks`` and
``terrain_blocks`` line by line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from rules.core.by_identity import ByIdentity
from rules.geometry import compiled
from rules.geometry.outlines import (
    HIT,
    MARGIN,
    UNSURE,
    Outlines,
    Segments,
    distance_to,
    ranks,
    tangents,
)
from rules.geometry.pieces import Area, Height, Model, Table, Terrain

Numbers = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Flags = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Party:
    """Target models, and the units whose models never block lines to them."""

    models: Sequence[Model]
    ignore: frozenset[str]


@dataclass(frozen=True)
class _Reach:
    """Per unit or area: its box (minx, miny, maxx, maxy), the box's middle and half its
    diagonal (a circle holding it)."""

    bounds: Floats
    middle: Floats
    size: Floats

    @classmethod
    def of(cls, bounds: Floats) -> _Reach:
        middle = (bounds[:, :2] + bounds[:, 2:]) / 2
        size = np.hypot(bounds[:, 2] - bounds[:, 0], bounds[:, 3] - bounds[:, 1]) / 2
        return cls(bounds=bounds, middle=middle, size=size)


@dataclass(frozen=True)
class _Shapes:
    """Some of the blocking shapes, unit by unit (their numbers among all of them)."""

    index: Numbers
    first: Numbers  # per unit: where its shapes start in ``index``
    count: Numbers  # per unit

    @classmethod
    def of(cls, owner: Numbers, chosen: Flags, units: int) -> _Shapes:
        index = np.flatnonzero(chosen)
        index = index[np.argsort(owner[index], kind="stable")]
        count = np.bincount(owner[index], minlength=units).astype(np.int64)
        return cls(index=index, first=np.cumsum(count) - count, count=count)


@dataclass(frozen=True)
class Crowd:
    """Blocking shapes (bases and the gaps between a unit's models) as arrays. A unit's
    plain shapes (its footprint) are tried first, its many-sided bases only against the
    lines the footprint has not stopped."""

    shapes: Sequence[BaseGeometry]
    outlines: Outlines
    heights: Numbers  # per shape
    thin: Flags  # per shape: a segment or a point
    code: dict[str, int]  # unit id -> its number
    reach: _Reach  # per unit
    tallest: Numbers  # per unit
    groups: tuple[_Shapes, _Shapes]

    @classmethod
    def of(
        cls,
        shapes: Sequence[BaseGeometry],
        heights: Sequence[int],
        owners: Sequence[str],
        outlines: Outlines | None = None,
    ) -> Crowd:
        """``outlines`` are those of ``shapes`` when they are known already."""
        code = {unit: i for i, unit in enumerate(dict.fromkeys(owners))}
        owner = np.array([code[o] for o in owners], dtype=np.int64)
        tall = np.array([int(h) for h in heights], dtype=np.int64)
        geometries = np.empty(len(shapes), dtype=object)
        geometries[:] = list(shapes)
        types = shapely.get_type_id(geometries)
        # a model's base is a many-sided polygon; the gap between models is not
        round_ = (types == 3) & (shapely.get_num_coordinates(geometries) > 17)
        if outlines is None:
            outlines = Outlines.of(shapes)
        units = len(code)
        bounds = np.tile(np.array([np.inf, np.inf, -np.inf, -np.inf]), (units, 1))
        tallest = np.full(units, -1, dtype=np.int64)
        np.minimum.at(bounds[:, 0], owner, outlines.bounds[:, 0])
        np.minimum.at(bounds[:, 1], owner, outlines.bounds[:, 1])
        np.maximum.at(bounds[:, 2], owner, outlines.bounds[:, 2])
        np.maximum.at(bounds[:, 3], owner, outlines.bounds[:, 3])
        np.maximum.at(tallest, owner, tall)
        return cls(
            shapes=shapes,
            outlines=outlines,
            heights=tall,
            thin=(types == 0) | (types == 1),
            code=code,
            reach=_Reach.of(bounds),
            tallest=tallest,
            groups=(_Shapes.of(owner, ~round_, units), _Shapes.of(owner, round_, units)),
        )

    def blocking(
        self, lines: Segments, low: Numbers, line_at: Numbers, unit_at: Numbers
    ) -> tuple[Flags, Numbers]:
        """Which lines a shape of the paired unit blocks, for (line, unit) pairs; and the
        (line, shape) pairs, as two rows, where a convex shape stops the line well inside."""
        hit = np.zeros(len(lines), dtype=np.bool_)
        stops: list[Numbers] = [np.zeros((2, 0), dtype=np.int64)]
        middle = self.reach.middle[unit_at]
        close = distance_to(lines.take(line_at), middle[:, 0], middle[:, 1]) <= (
            self.reach.size[unit_at] + MARGIN
        )
        line_at, unit_at = line_at[close], unit_at[close]
        for group in self.groups:
            if not len(line_at):
                break
            self._block(group, lines, low, line_at, unit_at, hit, stops)
            keep = ~hit[line_at]
            line_at, unit_at = line_at[keep], unit_at[keep]
        return hit, np.concatenate(stops, axis=1)

    def _block(
        self,
        group: _Shapes,
        lines: Segments,
        low: Numbers,
        line_at: Numbers,
        unit_at: Numbers,
        hit: Flags,
        stops: list[Numbers],
    ) -> None:
        """Mark in ``hit`` each line that one of the group's shapes of the paired unit
        blocks: tall enough, crossing it along some length (touching it, for a gap that is
        a segment or a point). Add to ``stops`` the (line, shape) pairs where a convex shape
        stops the line well inside it."""
        counts = group.count[unit_at]
        line_at = np.repeat(line_at, counts)
        shape_at = group.index[np.repeat(group.first[unit_at], counts) + ranks(counts)]
        tall = self.heights[shape_at] >= low[line_at]
        line_at, shape_at = line_at[tall], shape_at[tall]
        states = self.outlines.crossing(lines, line_at, shape_at)
        hit[line_at[states == HIT]] = True
        whole = (states == HIT) & self.outlines.whole[shape_at]
        stops.append(np.stack([line_at[whole], shape_at[whole]]))
        for k in np.flatnonzero(states == UNSURE).tolist():
            i, s = int(line_at[k]), int(shape_at[k])
            if hit[i]:
                continue
            line, shape = lines.line(i), self.shapes[s]
            # the tree query of Blockers.blocks tests a prepared line (a line of no length
            # lying on a segment meets it only then)
            shapely.prepare(line)
            if line.intersects(shape) and (self.thin[s] or line.intersection(shape).length > 0):
                hit[i] = True


@dataclass(frozen=True)
class Ground:
    """A table's areas as arrays."""

    areas: tuple[Area, ...]
    outlines: Outlines
    reach: _Reach
    heights: Numbers
    walls: Flags  # buildings and impassable ground with some height
    cover: Flags
    concealment: Flags  # concealment or ruins

    @classmethod
    def of(cls, table: Table) -> Ground:
        areas = table.areas
        outlines = Outlines.of([a.polygon for a in areas])
        return cls(
            areas=areas,
            outlines=outlines,
            reach=_Reach.of(outlines.bounds),
            heights=np.array([int(a.height) for a in areas], dtype=np.int64),
            walls=np.array(
                [a.blocks_movement and a.height > Height.FLAT for a in areas], dtype=np.bool_
            ),
            cover=np.array([a.has(Terrain.COVER) for a in areas], dtype=np.bool_),
            concealment=np.array(
                [a.has(Terrain.CONCEALMENT) or a.has(Terrain.RUINS) for a in areas],
                dtype=np.bool_,
            ),
        )

    def blocking(
        self,
        lines: Segments,
        low: Numbers,
        line_at: Numbers,
        area_at: Numbers,
        ends: tuple[Numbers, Numbers],
        centres: Floats,
    ) -> tuple[Flags, Numbers]:
        """``terrain_blocks`` for each line, counting only the paired areas. ``ends`` holds,
        per line, the rows of its shooter's and its target's centre in ``centres``. Also
        the (line, area) pairs, as two rows, where a convex area that blocks on its own (a
        wall or cover neither end stands in) stops the line well inside it."""
        count = len(lines)
        tall = self.heights[area_at] >= low[line_at]
        line_at, area_at = line_at[tall], area_at[tall]
        states = self.outlines.crossing(lines, line_at, area_at)
        deep = (states == HIT) & self.outlines.whole[area_at]
        for k in np.flatnonzero(states == UNSURE).tolist():
            polygon = self.areas[int(area_at[k])].polygon
            length = lines.line(int(line_at[k])).intersection(polygon).length
            states[k] = HIT if length > 0 else 0
        crossed = states == HIT
        line_at, area_at, deep = line_at[crossed], area_at[crossed], deep[crossed]
        hit = np.zeros(count, dtype=np.bool_)
        if not len(line_at):
            return hit, np.zeros((2, 0), dtype=np.int64)
        standing = self._inside(
            np.concatenate([ends[0][line_at], ends[1][line_at]]), area_at, centres
        )
        outside = ~(standing[: len(line_at)] | standing[len(line_at) :])
        alone = outside & (self.walls[area_at] | self.cover[area_at])
        hit[line_at[alone]] = True
        screens = np.bincount(line_at[outside & self.concealment[area_at]], minlength=count)
        found: Flags = hit | (screens >= 2)
        stops = np.stack([line_at[alone & deep], area_at[alone & deep]])
        return found, stops

    def _inside(self, model_at: Numbers, area_at: Numbers, centres: Floats) -> Flags:
        """Whether each model's centre lies inside the matching area (``area_at`` is
        repeated for the second half of ``model_at``)."""
        area_at = np.concatenate([area_at, area_at])
        key = model_at * len(self.areas) + area_at
        unique, back = np.unique(key, return_inverse=True)
        model, area = unique // len(self.areas), unique % len(self.areas)
        x, y = centres[model, 0], centres[model, 1]
        states = self.outlines.containing(x, y, area)
        for k in np.flatnonzero(states == UNSURE).tolist():
            point = ShapelyPoint(float(x[k]), float(y[k]))
            states[k] = HIT if self.areas[int(area[k])].polygon.contains(point) else 0
        inside: Flags = (states == HIT)[back.reshape(-1)]
        return inside


_GROUNDS: ByIdentity[Table, Ground] = ByIdentity(16)


def ground(table: Table) -> Ground:
    """The areas of ``table`` as arrays: looked up by the table object, then by its content
    (a position read back from storage brings an equal table, not the same object)."""
    if not table.areas:
        return _BARE
    known = _GROUNDS.get(table)
    return known if known is not None else _GROUNDS.put(table, _ground_of(table))


@lru_cache(maxsize=16)
def _ground_of(table: Table) -> Ground:
    return Ground.of(table)


_BARE = Ground.of(Table())


def _columns(models: Sequence[Model]) -> Numbers:
    """x, y, radius and height of each model, as four rows."""
    rows = [(m.x, m.y, m.radius, int(m.height)) for m in models]
    return np.array(rows, dtype=np.int64).reshape(-1, 4).T


def _ends(a: Numbers, b: Numbers, kinds: Sequence[int]) -> Floats:
    """The ends (x0, y0, x1, y1) of lines ``kinds`` of each pair (viewer ``a[:, i]``, target
    ``b[:, i]``), as ``sight_lines`` draws them: the same arithmetic in the same order."""
    ax, ay, ar, bx, by, br = a[0], a[1], a[2], b[0], b[1], b[2]
    dx, dy = bx - ax, by - ay
    length = _hypot(dx, dy)
    nxa, nya = -dy / length * ar * 0.95, dx / length * ar * 0.95  # _sides(a, b)
    nxb, nyb = dy / length * br * 0.95, -dx / length * br * 0.95  # _sides(b, a)
    xa, ya, xb, yb = (v.astype(np.float64) for v in (ax, ay, bx, by))
    left_a, right_a = (xa + nxa, ya + nya), (xa - nxa, ya - nya)
    right_b, left_b = (xb + nxb, yb + nyb), (xb - nxb, yb - nyb)
    starts = ((xa, ya), left_a, right_a, left_a, right_a)
    stops = ((xb, yb), left_b, right_b, right_b, left_b)
    ends = np.empty((len(dx), len(kinds), 4), dtype=np.float64)
    for column, k in enumerate(kinds):
        ends[:, column, 0], ends[:, column, 1] = starts[k]
        ends[:, column, 2], ends[:, column, 3] = stops[k]
    return ends


EXACT = 7200  # |dx|, |dy| up to this: sqrt(dx² + dy²) is exactly math.hypot(dx, dy)


def _hypot(dx: Numbers, dy: Numbers) -> Floats:
    """``math.hypot(dx, dy) or 1.0`` for each pair of whole numbers. Within ``EXACT`` the
    sum of squares is exact and its correctly rounded root is what ``math.hypot`` gives
    (checked for every pair in that range); farther pairs ask ``math.hypot`` itself."""
    length: Floats = np.sqrt((dx * dx + dy * dy).astype(np.float64))
    far = np.flatnonzero((np.abs(dx) > EXACT) | (np.abs(dy) > EXACT))
    for k in far.tolist():
        length[k] = math.hypot(int(dx[k]), int(dy[k]))
    length[length == 0] = 1.0
    return length


def _within(bounds: Floats, boxes: Floats) -> Flags:
    """[party, item]: whether the item's box meets the party's box."""
    return (
        (bounds[None, :, 0] <= boxes[:, None, 2])
        & (bounds[None, :, 2] >= boxes[:, None, 0])
        & (bounds[None, :, 1] <= boxes[:, None, 3])
        & (bounds[None, :, 3] >= boxes[:, None, 1])
    )


def _near(reach: _Reach, boxes: Floats, middles: Segments, band: Floats) -> Flags:
    """[party, item]: whether the item could hold part of a line between the party and the
    viewers: its box meets theirs, and its circle meets the band along ``middles``."""
    parties, items = len(boxes), len(reach.size)
    row = np.repeat(np.arange(parties, dtype=np.int64), items)
    item = np.tile(np.arange(items, dtype=np.int64), parties)
    gap = distance_to(middles.take(row), reach.middle[item, 0], reach.middle[item, 1])
    close = (gap <= reach.size[item] + band[row] + MARGIN).reshape(parties, items)
    found: Flags = close & _within(reach.bounds, boxes)
    return found


def _gather(groups: Sequence[Sequence[Model]]) -> tuple[Numbers, Numbers]:
    """The models of all groups end to end (x, y, radius, height rows), and each one's group."""
    sizes = [len(g) for g in groups]
    rows = np.concatenate([_group_columns(g) for g in groups], axis=1) if groups else _columns([])
    return rows, np.repeat(np.arange(len(groups), dtype=np.int64), sizes)


_COLUMNS: ByIdentity[Sequence[Model], Numbers] = ByIdentity(4096)


def _group_columns(models: Sequence[Model]) -> Numbers:
    """``_columns(models)``, worked out once per group (a unit's models are an immutable
    tuple: the same tuple found again holds the same models)."""
    if not isinstance(models, tuple):
        return _columns(models)
    known = _COLUMNS.get(models)
    return known if known is not None else _COLUMNS.put(models, _columns(models))


def _spread(
    rows: Numbers, group: Numbers, count: int
) -> tuple[Floats, Floats, Floats, Numbers, Numbers]:
    """Per group of models: the middle of their centres, how far the farthest base reaches
    from it, the box around the bases, the lowest height and the highest."""
    size = np.bincount(group, minlength=count).astype(np.float64)
    x, y, r = rows[0], rows[1], rows[2]
    middle = np.stack(
        [np.bincount(group, x, count) / size, np.bincount(group, y, count) / size], axis=1
    )
    reach = np.hypot(x - middle[group, 0], y - middle[group, 1]) + r
    band = np.full(count, -np.inf)
    np.maximum.at(band, group, reach)
    box = np.tile(np.array([np.inf, np.inf, -np.inf, -np.inf]), (count, 1))
    np.minimum.at(box[:, 0], group, (x - r).astype(np.float64))
    np.minimum.at(box[:, 1], group, (y - r).astype(np.float64))
    np.maximum.at(box[:, 2], group, (x + r).astype(np.float64))
    np.maximum.at(box[:, 3], group, (y + r).astype(np.float64))
    low = np.full(count, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(low, group, rows[3])
    high = np.full(count, np.iinfo(np.int64).min, dtype=np.int64)
    np.maximum.at(high, group, rows[3])
    return middle, band, box, low, high


REST = (0, 3, 4)  # the lines tried after the side lines 1 and 2 (see _View.sealed)


@dataclass(frozen=True)
class _View:
    """Viewing groups against parties (each party seen by one of the groups): what could
    stand in each party's way."""

    a: Numbers  # viewers, group by group: x, y, radius, height rows
    grouped: Numbers  # per viewer: its group
    b: Numbers  # targets, party by party
    party: Numbers  # per target
    units: Flags  # [party, unit]: the unit could block lines to the party
    areas: Flags  # [party, area]
    crowd: Crowd | None
    terrain: Ground
    pairs: tuple[Numbers, Numbers]  # (viewer, target) with something possibly in the way
    look: Numbers  # per party: its viewing group
    reach: tuple[Floats, Floats]  # per group, per party: a disc (x, y, radius rows) holding it
    high: tuple[Numbers, Numbers]  # per group, per party: its tallest model

    @classmethod
    def of(
        cls,
        groups: Sequence[Sequence[Model]],
        parties: Sequence[Party],
        eyes: Sequence[int],
        table: Table,
        crowd: Crowd | None,
    ) -> _View:
        """``eyes[i]`` is the group that looks at ``parties[i]`` (every group has models)."""
        a, grouped = _gather(groups)
        b, party = _gather([p.models for p in parties])
        look = np.array(eyes, dtype=np.int64)
        # each party's corridor: the box around both groups' bases, and a band along the
        # segment between their middles holding every base
        g_mid, g_band, g_box, g_low, g_high = _spread(a, grouped, len(groups))
        p_mid, p_band, p_box, p_low, p_high = _spread(b, party, len(parties))
        band = np.maximum(p_band, g_band[look])
        boxes = np.concatenate(
            [np.minimum(p_box[:, :2], g_box[look, :2]), np.maximum(p_box[:, 2:], g_box[look, 2:])],
            axis=1,
        )
        lowest = np.minimum(p_low, g_low[look])
        middles = Segments(g_mid[look, 0], g_mid[look, 1], p_mid[:, 0], p_mid[:, 1])
        count = len(parties)
        units = np.zeros((count, 0), dtype=np.bool_)
        if crowd is not None and crowd.code:
            units = _near(crowd.reach, boxes, middles, band) & (
                crowd.tallest[None, :] >= lowest[:, None]
            )
            rows, codes = [], []
            for row, p in enumerate(parties):
                for u in p.ignore:
                    if u in crowd.code:
                        rows.append(row)
                        codes.append(crowd.code[u])
            units[rows, codes] = False
        terrain = ground(table)
        areas = np.zeros((count, 0), dtype=np.bool_)
        if terrain.areas:
            areas = _near(terrain.reach, boxes, middles, band) & (
                terrain.heights[None, :] >= lowest[:, None]
            )
        busy = np.flatnonzero(np.logical_or(units.any(axis=1), areas.any(axis=1)))
        # every (viewer, target) pair of the busy parties, viewer by viewer
        g_size = np.bincount(grouped, minlength=len(groups)).astype(np.int64)
        p_size = np.bincount(party, minlength=count).astype(np.int64)
        seeing, seen = g_size[look[busy]], p_size[busy]
        counts = seeing * seen
        rank = ranks(counts)
        width = np.repeat(seen, counts)
        viewer = np.repeat((np.cumsum(g_size) - g_size)[look[busy]], counts) + rank // width
        target = np.repeat((np.cumsum(p_size) - p_size)[busy], counts) + rank % width
        reach = (np.vstack([g_mid.T, g_band]), np.vstack([p_mid.T, p_band]))
        return cls(
            a,
            grouped,
            b,
            party,
            units,
            areas,
            crowd,
            terrain,
            (viewer, target),
            look,
            reach,
            (g_high, p_high),
        )

    def hidden(self, party_at: Numbers, eyes: Floats, target: Floats, need: Numbers) -> Flags:
        """For each (party, disc ``eyes[:, i]`` holding some of its viewers' lines' ends,
        disc ``target[:, i]`` holding some of its models' lines' ends, the height ``need``
        of the tallest of those lines' shorter ends): whether one shape that blocks on its
        own, tall enough, seals one disc off from the other: every line between them
        passes deep through it (a base or footprint of a unit in the way, or a wall or
        cover area neither end stands in)."""
        found = np.zeros(len(party_at), dtype=np.bool_)
        sides = tangents(eyes, target)
        if self.crowd is not None and self.units.shape[1]:
            crowd = self.crowd
            row, unit = np.nonzero(self.units[party_at] & sides.ok[:, None])
            # only units reaching both tangents can hold a shape that seals
            middle, size = crowd.reach.middle[unit], crowd.reach.size[unit] + MARGIN
            for side in sides.sides:
                near = distance_to(side.take(row), middle[:, 0], middle[:, 1]) <= size
                row, unit, middle, size = row[near], unit[near], middle[near], size[near]
            for group in crowd.groups:
                counts = group.count[unit]
                at = np.repeat(row, counts)
                shape = group.index[np.repeat(group.first[unit], counts) + ranks(counts)]
                keep = crowd.outlines.whole[shape] & (crowd.heights[shape] >= need[at])
                keep &= ~found[at]
                at, shape = at[keep], shape[keep]
                sealed = crowd.outlines.seals(shape, eyes[:, at], target[:, at], sides.take(at))
                found[at[sealed]] = True
        terrain = self.terrain
        if self.areas.shape[1]:
            row, area = np.nonzero(self.areas[party_at] & sides.ok[:, None])
            alone = terrain.walls[area] | terrain.cover[area]
            keep = alone & (terrain.heights[area] >= need[row]) & ~found[row]
            row, area = row[keep], area[keep]
            # a disc clear of the area holds no centre inside it
            sealed = terrain.outlines.seals(area, eyes[:, row], target[:, row], sides.take(row))
            found[row[sealed]] = True
        return found

    def clear(self, at: Numbers, kinds: Sequence[int]) -> tuple[Flags, Numbers]:
        """For the pairs ``at`` (of :attr:`pairs`), whether each of lines ``kinds`` is clear;
        and the (pair, shape) keys, pair * shapes + shape, where a convex shape stops one of
        those lines well inside it."""
        viewer_at, target_at = self.pairs[0][at], self.pairs[1][at]
        per = len(kinds)
        ends = _ends(self.a[:, viewer_at], self.b[:, target_at], kinds).reshape(-1, 4)
        lines = Segments(ends[:, 0], ends[:, 1], ends[:, 2], ends[:, 3])
        pair = np.arange(len(lines), dtype=np.int64) // per
        viewer_of, target_of = viewer_at[pair], target_at[pair]
        low = np.minimum(self.a[3][viewer_of], self.b[3][target_of])
        party = self.party[target_of]
        clear = np.ones(len(lines), dtype=np.bool_)
        found = [np.zeros(0, dtype=np.int64)]
        settled = np.zeros(len(lines), dtype=np.bool_)
        # shapes are numbered bases and gaps first, then areas (see :meth:`sealed`)
        shapes = len(self.crowd.shapes) if self.crowd is not None else 0
        if self.areas.shape[1]:
            line_at, area_at = np.nonzero(self.areas[party])
            if len(line_at):
                centres = np.concatenate([self.a[:2].T, self.b[:2].T]).astype(np.float64)
                ends_at = (viewer_of, self.a.shape[1] + target_of)
                hit, stops = self.terrain.blocking(
                    lines, low, line_at.astype(np.int64), area_at.astype(np.int64), ends_at, centres
                )
                clear &= ~hit
                found.append(at[pair[stops[0]]] * self._shapes + shapes + stops[1])
                settled[stops[0]] = True
        if self.units.shape[1] and self.crowd is not None:
            # units are still tried on lines the terrain blocks, unless an area could seal
            # the pair on its own: a unit may seal it instead
            line_at, unit_at = np.nonzero(self.units[party] & ~settled[:, None])
            if len(line_at):
                hit, stops = self.crowd.blocking(
                    lines, low, line_at.astype(np.int64), unit_at.astype(np.int64)
                )
                clear &= ~hit
                found.append(at[pair[stops[0]]] * self._shapes + stops[1])
        stopped = np.concatenate(found)
        return clear.reshape(-1, per), stopped

    def sealed(self, first: Numbers, second: Numbers) -> Numbers:
        """The pairs where one convex shape stops both side lines (keys from :meth:`clear`
        for lines 1 and 2): every other line of the pair then crosses it from side to side
        (they all run between the two), so it stops them all."""
        found: Numbers = np.intersect1d(first, second) // self._shapes
        return found

    @property
    def _shapes(self) -> int:
        """How many shapes (bases, gaps and areas) can stop a line."""
        return (len(self.crowd.shapes) if self.crowd is not None else 0) + len(self.terrain.areas)


FEW = 32  # pairs: so few left after line 1 that their other lines are all drawn at once


def judge(
    viewers: Sequence[Model], parties: Sequence[Party], table: Table, crowd: Crowd | None
) -> Flags:
    """[viewer, target]: whether one of the five lines between them is clear, the targets
    being the parties' models end to end: line 1 of every pair first, then line 2, then
    the other lines of the pairs still unseen that no one shape seals."""
    parties = [p for p in parties if p.models]
    seen = np.ones((len(viewers), sum(len(p.models) for p in parties)), dtype=np.bool_)
    if not seen.size:
        return seen
    if compiled.AVAILABLE:
        found = compiled.judge(
            _gather([viewers])[0],
            [len(viewers)],
            _gather([p.models for p in parties])[0],
            parties,
            [0] * len(parties),
            crowd,
            ground(table),
            every=True,
        )[1]
        if not (found == compiled.DOUBT).any():
            # party by party, viewer by viewer
            blocks, at = [], 0
            for p in parties:
                size = len(viewers) * len(p.models)
                blocks.append(found[at : at + size].reshape(len(viewers), len(p.models)))
                at += size
            visible: Flags = np.concatenate(blocks, axis=1) == compiled.VISIBLE
            return visible
        # a line too close to an outline for the kernel: the array code settles them all
    view = _View.of([viewers], parties, [0] * len(parties), table, crowd)
    ok = np.zeros(len(view.pairs[0]), dtype=np.bool_)
    todo = np.arange(len(ok), dtype=np.int64)
    if len(todo):
        clear, first = view.clear(todo, (1,))
        ok[todo] = clear[:, 0]
        todo = todo[~ok[todo]]
    kinds: tuple[int, ...] = (2, *REST)
    if len(todo) > FEW:
        clear, second = view.clear(todo, (2,))
        ok[todo] = clear[:, 0]
        sealed = np.zeros(len(ok), dtype=np.bool_)
        sealed[view.sealed(first, second)] = True
        todo, kinds = todo[~ok[todo] & ~sealed[todo]], REST
    if len(todo):
        ok[todo] = view.clear(todo, kinds)[0].any(axis=1)
    seen[view.pairs] = ok
    return seen


def _unsealed(view: _View, todo: Numbers) -> Numbers:
    """The pairs ``todo`` less those one shape seals off: first whole parties from their
    viewing group, then single viewers from a party."""
    if not len(todo):
        return todo
    party = view.party[view.pairs[1][todo]]
    rest = np.unique(party)
    group = view.look[rest]
    need = np.minimum(view.high[0][group], view.high[1][rest])
    shut = np.zeros(len(view.look), dtype=np.bool_)
    shut[rest[view.hidden(rest, view.reach[0][:, group], view.reach[1][:, rest], need)]] = True
    keep = ~shut[party]
    todo, party = todo[keep], party[keep]
    # then each viewer against its party, and each target against its viewing group
    for side in (0, 1):
        if not len(todo):
            break
        model = view.pairs[side][todo]
        key, back = np.unique(model * len(view.look) + party, return_inverse=True)
        one, rest = key // len(view.look), key % len(view.look)
        if side == 0:
            need = np.minimum(view.a[3][one], view.high[1][rest])
            eyes, target = view.a[:3, one].astype(np.float64), view.reach[1][:, rest]
        else:
            need = np.minimum(view.high[0][view.look[rest]], view.b[3][one])
            eyes, target = view.reach[0][:, view.look[rest]], view.b[:3, one].astype(np.float64)
        keep = ~view.hidden(rest, eyes, target, need)[back.reshape(-1)]
        todo, party = todo[keep], party[keep]
    return todo


def judge_any(
    viewers: Sequence[Model], parties: Sequence[Party], table: Table, crowd: Crowd | None
) -> list[bool]:
    """Whether any viewer sees any model of each party."""
    return judge_each([viewers], parties, [0] * len(parties), table, crowd)


def judge_each(
    groups: Sequence[Sequence[Model]],
    parties: Sequence[Party],
    eyes: Sequence[int],
    table: Table,
    crowd: Crowd | None,
) -> list[bool]:
    """Whether any model of group ``eyes[i]`` sees any model of ``parties[i]``, for each
    party: line 1 of every pair first, then line 2, then the other lines, each only for the
    parties still unseen."""
    live = [i for i, p in enumerate(parties) if p.models and groups[eyes[i]]]
    found = [False] * len(parties)
    if not live:
        return found
    used = sorted({eyes[i] for i in live})
    renumber = {g: k for k, g in enumerate(used)}
    chosen = [groups[g] for g in used]
    looks = [renumber[eyes[i]] for i in live]
    targets = [parties[i] for i in live]
    if not compiled.AVAILABLE:
        seen = _settle(_View.of(chosen, targets, looks, table, crowd))
    else:
        viewers = _gather(chosen)[0]
        models = _gather([p.models for p in targets])[0]
        sizes = [len(g) for g in chosen]
        verdicts = compiled.judge(viewers, sizes, models, targets, looks, crowd, ground(table))[0]
        seen = verdicts == compiled.VISIBLE
        doubt = np.flatnonzero(verdicts == compiled.DOUBT)
        if len(doubt):
            # lines too close to an outline for the kernel: the array code settles them
            rows = doubt.tolist()
            view = _View.of(
                chosen, [targets[r] for r in rows], [looks[r] for r in rows], table, crowd
            )
            seen[doubt] = _settle(view)
    for row, i in enumerate(live):
        found[i] = bool(seen[row])
    return found


def _settle(view: _View) -> Flags:
    """Whether each party of ``view`` is seen, with array arithmetic: line 1 of every pair
    first, then line 2, then the other lines, each only for the parties still unseen."""
    party = view.party[view.pairs[1]]
    seen = np.ones(len(view.look), dtype=np.bool_)
    seen[party] = False  # only parties with something in the way may be hidden
    todo = np.arange(len(party), dtype=np.int64)
    if len(todo) > FEW:
        # first the closest pair of each party: most parties in plain sight show it there
        viewer_at, target_at = view.pairs
        gap = np.hypot(*(view.a[:2, viewer_at] - view.b[:2, target_at]).astype(np.float64))
        order = np.lexsort((gap, party))
        leading = order[np.flatnonzero(np.diff(party[order], prepend=-1))]
        clear = view.clear(leading, (1, 0, 2))[0]
        seen[party[leading[clear.any(axis=1)]]] = True
        todo = todo[~seen[party]]
    todo = _unsealed(view, todo)
    if len(todo):
        clear, first = view.clear(todo, (1,))
        seen[party[todo[clear[:, 0]]]] = True
        todo = todo[~seen[party[todo]]]
    kinds: tuple[int, ...] = (2, *REST)
    if len(todo) > FEW:
        clear, second = view.clear(todo, (2,))
        seen[party[todo[clear[:, 0]]]] = True
        sealed = np.zeros(len(party), dtype=np.bool_)
        sealed[view.sealed(first, second)] = True
        todo, kinds = todo[~seen[party[todo]] & ~sealed[todo]], REST
    if len(todo):
        clear = view.clear(todo, kinds)[0]
        seen[party[todo[clear.any(axis=1)]]] = True
    return seen
