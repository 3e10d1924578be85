"""Where things go: the picture's size, the map's scale and position, marker sizes.

The map spans the picture's width with the key and then the panel (turn, sides, paths)
under it: a phone shows a picture about 400 pixels wide, so a narrower, taller picture
keeps its lettering larger there than one with the panel beside the map (see
docs/architecture.md, "Pictures on a phone")."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from renderers.scaling import Scaled
from rules.pathmap.scene import SceneMap

IMAGE_WIDTH = 1040
MARGIN = 16
GAP = 14
MAX_MAP_HEIGHT = 1150
EMPTY_MAP_HEIGHT = 320
BANNER_HEIGHT = 70
KEY_COLUMNS = 4
KEY_ROW = 30
MIN_TOKEN_RADIUS = 16.0
MIN_SHARED_TOKEN_RADIUS = 13.0

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout(Scaled):
    """Geometry of one picture, in output pixels times the drawing factor ``ss``."""

    ss: int
    scale: float
    origin: Point
    radius: float
    token_radius: float
    map_box: tuple[float, float, float, float]
    key_box: tuple[float, float, float, float]
    legend_box: tuple[float, float, float, float]
    banner_box: tuple[float, float, float, float] | None
    size: tuple[int, int]

    def at(self, x: float, y: float) -> Point:
        """Map coordinates to drawing units."""
        return self.origin[0] + x * self.scale, self.origin[1] + y * self.scale


def _spacings(game_map: SceneMap) -> tuple[float, float]:
    """Median and smallest distance from a circle to its nearest neighbour (map units)."""
    points = sorted((c.x, c.y) for c in game_map.circles)
    nearest: list[float] = []
    for index, (x, y) in enumerate(points):
        best = math.inf
        # Sweep outwards in x order; stop once the x gap alone exceeds the best distance.
        for step in (-1, 1):
            other = index + step
            while 0 <= other < len(points) and abs(points[other][0] - x) < best:
                distance = math.hypot(points[other][0] - x, points[other][1] - y)
                if distance > 0:
                    best = min(best, distance)
                other += step
        nearest.append(best if math.isfinite(best) else 1.0)
    return statistics.median(nearest), min(nearest)


def _radius(spacing: tuple[float, float], scale: float) -> float:
    median, smallest = spacing
    radius = min(0.34 * median * scale, 0.46 * smallest * scale, 32.0)
    return max(radius, 13.0)


def _bounds(game_map: SceneMap) -> tuple[float, float, float, float]:
    """The box around everything drawn on the map (map units); empty margins are cut."""
    xs = [c.x for c in game_map.circles] + [f.x for f in game_map.features]
    ys = [c.y for c in game_map.circles] + [f.y for f in game_map.features]
    for wall in game_map.walls:
        xs.extend(x for x, _ in wall.points)
        ys.extend(y for _, y in wall.points)
    for door in game_map.doors:
        xs.extend((door.a[0], door.b[0]))
        ys.extend((door.a[1], door.b[1]))
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    return x0, y0, max(x1, x0 + 1.0), max(y1, y0 + 1.0)


def plan(
    game_map: SceneMap | None, legend_height: float, key_height: float, finished: bool, ss: int
) -> Layout:
    """The layout for a map (or none yet) with the key under it and the legend under the
    key; heights are in output pixels, the result in drawing units (``ss`` per pixel)."""
    top = MARGIN + (BANNER_HEIGHT + GAP if finished else 0)
    area_width = IMAGE_WIDTH - 2 * MARGIN
    if game_map is None:
        scale, radius, content = 1.0, 16.0, (0.0, 0.0, 0.0, 0.0)
        map_height = float(EMPTY_MAP_HEIGHT)
    else:
        content = _bounds(game_map)
        span_x, span_y = content[2] - content[0], content[3] - content[1]
        spacing = _spacings(game_map)
        scale = min(area_width / span_x, MAX_MAP_HEIGHT / span_y)
        radius = _radius(spacing, scale)
        pad = radius * 1.3 + 26
        scale = min((area_width - 2 * pad) / span_x, (MAX_MAP_HEIGHT - 2 * pad) / span_y)
        radius = _radius(spacing, scale)
        map_height = span_y * scale + 2 * pad
    floor = map_height
    key_top = top + floor + GAP
    legend_top = key_top + key_height + GAP
    height = math.ceil(legend_top + legend_height + MARGIN)
    drawn_width = (content[2] - content[0]) * scale
    drawn_height = (content[3] - content[1]) * scale
    origin = (
        MARGIN + (area_width - drawn_width) / 2 - content[0] * scale,
        top + (floor - drawn_height) / 2 - content[1] * scale,
    )
    banner = (
        (MARGIN * ss, MARGIN * ss, (IMAGE_WIDTH - MARGIN) * ss, (MARGIN + BANNER_HEIGHT) * ss)
        if finished
        else None
    )
    return Layout(
        ss=ss,
        scale=scale * ss,
        origin=(origin[0] * ss, origin[1] * ss),
        radius=radius * ss,
        token_radius=max(radius * 0.8, MIN_TOKEN_RADIUS) * ss,
        map_box=(MARGIN * ss, top * ss, (MARGIN + area_width) * ss, (top + floor) * ss),
        key_box=(
            MARGIN * ss,
            key_top * ss,
            (MARGIN + area_width) * ss,
            (key_top + key_height) * ss,
        ),
        legend_box=(
            MARGIN * ss,
            legend_top * ss,
            (MARGIN + area_width) * ss,
            (legend_top + legend_height) * ss,
        ),
        banner_box=banner,
        size=(IMAGE_WIDTH * ss, height * ss),
    )


def spread(count: int, token_radius: float, ss: int) -> tuple[float, list[Point]]:
    """Radius and offsets for ``count`` tokens sharing one circle, side by side."""
    if count <= 1:
        return token_radius, [(0.0, 0.0)]
    shrink = {2: 0.8, 3: 0.72, 4: 0.66}.get(count, 0.58)
    small = max(token_radius * shrink, MIN_SHARED_TOKEN_RADIUS * ss)
    ring = 1.08 * small / math.sin(math.pi / count)
    if count > 2:
        # Rows of tokens must also clear the health badges hanging under them.
        ring = max(ring, 1.66 * small)
    start = -90.0 - 180.0 / count if count % 2 == 0 else -90.0
    offsets = []
    for index in range(count):
        angle = math.radians(start + 360.0 * index / count)
        offsets.append((ring * math.cos(angle), ring * math.sin(angle)))
    return small, offsets
