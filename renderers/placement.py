"""Finding a free spot for each label so that it covers neither markers nor other labels."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from renderers.lettering import bbox

Point = tuple[float, float]
Rect = tuple[float, float, float, float]

# Where a label may go around a thing, as (direction x, direction y, anchor).
SPOTS = {
    "below": (0.0, 1.0, "mt"),
    "above": (0.0, -1.0, "mb"),
    "right": (1.0, 0.0, "lm"),
    "left": (-1.0, 0.0, "rm"),
    "below-right": (0.72, 0.72, "lt"),
    "below-left": (-0.72, 0.72, "rt"),
    "above-right": (0.72, -0.72, "lb"),
    "above-left": (-0.72, -0.72, "rb"),
}
ORDER = tuple(SPOTS)

# How bad it is for a label to touch each kind of obstacle.
OUTSIDE, ON_DISC, ON_LABEL, ON_LINE = 100, 3, 2, 1


@dataclass(frozen=True)
class Spot:
    """Where a label goes; ``far`` when it had to move past the first reach, so that a
    leader line should tie it to its thing."""

    xy: Point
    anchor: str
    box: Rect
    far: bool = False


def text_box(text: str, size: int, xy: Point, anchor: str, margin: float) -> Rect:
    left, top, right, bottom = bbox(text, size, anchor)
    x, y = xy
    return (x + left - margin, y + top - margin, x + right + margin, y + bottom + margin)


def preferred(dx: float, dy: float) -> tuple[str, ...]:
    """The spots ordered so that the one facing (dx, dy) comes first."""

    def turn(name: str) -> float:
        sx, sy, _ = SPOTS[name]
        return -(sx * dx + sy * dy) / (math.hypot(sx, sy) * (math.hypot(dx, dy) or 1.0))

    return tuple(sorted(ORDER, key=turn))


@dataclass(frozen=True)
class _Disc:
    x: float
    y: float
    r: float

    def hits(self, box: Rect) -> bool:
        nx, ny = min(max(self.x, box[0]), box[2]), min(max(self.y, box[1]), box[3])
        return (nx - self.x) ** 2 + (ny - self.y) ** 2 < self.r * self.r


@dataclass(frozen=True)
class _Box:
    box: Rect

    def hits(self, box: Rect) -> bool:
        other = self.box
        return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]


@dataclass(frozen=True)
class _Segment:
    start: Point
    end: Point
    half: float

    def hits(self, box: Rect) -> bool:
        """Whether the thick segment crosses the rectangle (Liang-Barsky clipping)."""
        x0, y0 = self.start
        dx, dy = self.end[0] - x0, self.end[1] - y0
        low, high = 0.0, 1.0
        for p, q in (
            (-dx, x0 - (box[0] - self.half)),
            (dx, box[2] + self.half - x0),
            (-dy, y0 - (box[1] - self.half)),
            (dy, box[3] + self.half - y0),
        ):
            if p == 0:
                if q < 0:
                    return False
                continue
            t = q / p
            if p < 0:
                low = max(low, t)
            else:
                high = min(high, t)
            if low > high:
                return False
        return True


_Obstacle = _Disc | _Box | _Segment
_WEIGHT = {_Disc: ON_DISC, _Box: ON_LABEL, _Segment: ON_LINE}


def nearest_edge(box: Rect, point: Point) -> Point:
    """The point of ``box`` nearest ``point`` (where a leader line meets its label)."""
    return min(max(point[0], box[0]), box[2]), min(max(point[1], box[1]), box[3])


def leader_line(centre: Point, rim: float, box: Rect) -> tuple[Point, Point]:
    """A leader line from the rim (radius ``rim``) of a thing at ``centre`` to the
    nearest edge of its label's ``box``."""
    end = nearest_edge(box, centre)
    dx, dy = end[0] - centre[0], end[1] - centre[1]
    length = math.hypot(dx, dy)
    if length <= rim:
        return end, end
    return (centre[0] + dx / length * rim, centre[1] + dy / length * rim), end


def _crosses(segment: _Segment, obstacle: _Disc | _Box) -> bool:
    """Whether a thin line crosses a disc or a box."""
    if isinstance(obstacle, _Box):
        return segment.hits(obstacle.box)
    (x0, y0), (x1, y1) = segment.start, segment.end
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((obstacle.x - x0) * dx + (obstacle.y - y0) * dy) / length))
    )
    nx, ny = x0 + t * dx, y0 + t * dy
    return (nx - obstacle.x) ** 2 + (ny - obstacle.y) ** 2 < obstacle.r * obstacle.r


@dataclass
class Placer:
    """Obstacles in a picture, bucketed in a coarse grid for quick look-ups."""

    bounds: Rect
    cell: float
    _obstacles: list[_Obstacle] = field(default_factory=list)
    _owners: list[str | None] = field(default_factory=list)
    _grid: dict[tuple[int, int], list[int]] = field(default_factory=dict)

    def _cells(self, box: Rect) -> Iterable[tuple[int, int]]:
        x0, y0, x1, y1 = box
        for gx in range(math.floor(x0 / self.cell), math.floor(x1 / self.cell) + 1):
            for gy in range(math.floor(y0 / self.cell), math.floor(y1 / self.cell) + 1):
                yield gx, gy

    def _add(self, obstacle: _Obstacle, box: Rect, owner: str | None) -> None:
        index = len(self._obstacles)
        self._obstacles.append(obstacle)
        self._owners.append(owner)
        for key in self._cells(box):
            self._grid.setdefault(key, []).append(index)

    def disc(self, centre: Point, radius: float, owner: str | None = None) -> None:
        """A round obstacle; ``owner`` names what it is part of (see :meth:`clashes`)."""
        x, y = centre
        box = (x - radius, y - radius, x + radius, y + radius)
        self._add(_Disc(x, y, radius), box, owner)

    def rect(self, box: Rect, owner: str | None = None) -> None:
        self._add(_Box(box), box, owner)

    def segment(
        self, start: Point, end: Point, half_width: float, owner: str | None = None
    ) -> None:
        box = (
            min(start[0], end[0]) - half_width,
            min(start[1], end[1]) - half_width,
            max(start[0], end[0]) + half_width,
            max(start[1], end[1]) + half_width,
        )
        self._add(_Segment(start, end, half_width), box, owner)

    def clashes(self, box: Rect, owner: str | None = None) -> int:
        """How badly ``box`` is placed: covering a disc or another label is worse than
        crossing a line, and leaving the bounds is worst of all. Obstacles of ``owner``
        do not count (a badge may touch its own circle)."""
        bx0, by0, bx1, by1 = self.bounds
        inside = box[0] >= bx0 and box[1] >= by0 and box[2] <= bx1 and box[3] <= by1
        score = 0 if inside else OUTSIDE
        seen: set[int] = set()
        for key in self._cells(box):
            for index in self._grid.get(key, ()):
                if index not in seen:
                    seen.add(index)
                    if owner is not None and self._owners[index] == owner:
                        continue
                    obstacle = self._obstacles[index]
                    if obstacle.hits(box):
                        score += _WEIGHT[type(obstacle)]
        return score

    def place(
        self,
        text: str,
        size: int,
        centre: Point,
        reach: float,
        order: tuple[str, ...] = ORDER,
        margin: float = 0.0,
        farther: tuple[float, ...] = (),
    ) -> Spot:
        """The first free spot around ``centre`` at distance ``reach``, then at each of the
        ``farther`` distances (or the least crowded spot), which then becomes an obstacle
        itself."""
        best, _ = self.find(text, size, centre, (reach, *farther), order, margin)
        self.rect(best.box)
        return best

    def crossings(self, start: Point, end: Point, owner: str | None = None) -> int:
        """How many discs and labels (not of ``owner``) a leader line from ``start`` to
        ``end`` would cross."""
        segment = _Segment(start, end, 0.0)
        box = (
            min(start[0], end[0]),
            min(start[1], end[1]),
            max(start[0], end[0]),
            max(start[1], end[1]),
        )
        crossed: set[int] = set()
        for key in self._cells(box):
            for index in self._grid.get(key, ()):
                obstacle = self._obstacles[index]
                if index in crossed or isinstance(obstacle, _Segment):
                    continue
                if owner is not None and self._owners[index] == owner:
                    continue
                if _crosses(segment, obstacle):
                    crossed.add(index)
        return len(crossed)

    def find(
        self,
        text: str,
        size: int,
        centre: Point,
        reaches: tuple[float, ...],
        order: tuple[str, ...] = ORDER,
        margin: float = 0.0,
        leader: tuple[float, str | None] | None = None,
    ) -> tuple[Spot, float]:
        """The first free spot around ``centre``, nearest reach first, or the least
        crowded one, with how crowded it is; nothing becomes an obstacle. ``leader``
        (the thing's rim radius and owner) counts what a leader line from a spot beyond
        the first reach would cross."""
        best: Spot | None = None
        best_score = math.inf
        for step, reach in enumerate(reaches):
            for name in order:
                dx, dy, anchor = SPOTS[name]
                xy = (centre[0] + dx * reach, centre[1] + dy * reach)
                box = text_box(text, size, xy, anchor, margin)
                score = self.clashes(box)
                if step > 0 and leader is not None and score < best_score:
                    start, end = leader_line(centre, leader[0], box)
                    score += ON_DISC * self.crossings(start, end, leader[1])
                if score < best_score:
                    best, best_score = Spot(xy, anchor, box, far=step > 0), score
                    if score == 0:
                        return best, 0
        assert best is not None
        return best, best_score
