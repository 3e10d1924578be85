"""Walls and doors on the edges between squares.

A single wall is a thick dark line and a double wall a thicker one with a light core; a
broken wall keeps only stubs at its ends. A door stands between two short jambs: closed
it is a solid bar, open a pale one, destroyed a red cross in the empty doorway. A door's
kind shows as a letter on the bar, which the key explains.
"""

from __future__ import annotations

from PIL import ImageDraw

from renderers.colour import Colour
from renderers.grid.layout import Layout, Point
from renderers.grid.marks import badge
from renderers.grid.palette import (
    BROKEN_WALL,
    DESTROYED,
    DOOR,
    DOOR_OPEN,
    FLOOR,
    WALL,
    ink_on,
)
from renderers.grid.strokes import cross
from rules.grid.scene import GridDoor, GridScene

WALL_WIDTH = 0.09  # of a square's side
DOUBLE_WIDTH = 0.2
JAMB = 0.14  # of the edge's length, at each end of a doorway
DOOR_WIDTH = 0.2

Edge = tuple[tuple[int, int], tuple[int, int]]


def edge_points(lay: Layout, level: int, between: Edge) -> tuple[Point, Point]:
    """The ends of the edge between two squares that share a side."""
    (ac, ar), (bc, br) = between
    x0, y0 = lay.origins[level]
    if ar == br:  # side by side: an upright edge
        x = x0 + max(ac, bc) * lay.side
        y = y0 + ar * lay.side
        return (x, y), (x, y + lay.side)
    y = y0 + max(ar, br) * lay.side
    x = x0 + ac * lay.side
    return (x, y), (x + lay.side, y)


def door_tags(scene: GridScene) -> dict[str, str]:
    """A short tag for each kind of door in the scene: its initial, or more letters when
    another kind has the same initial."""
    tags: dict[str, str] = {}
    for door in scene.doors:
        kind = door.kind.strip()
        if not kind or kind in tags:
            continue
        for length in range(1, len(kind) + 1):
            tag = kind[:length].capitalize()
            if tag not in tags.values():
                break
        tags[kind] = tag
    return tags


def draw_walls(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    for wall in scene.walls:
        start, end = edge_points(lay, wall.level, wall.between)
        wall_line(draw, lay.side, start, end, double=wall.kind == "double", broken=wall.destroyed)


def draw_doors(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    tags = door_tags(scene)
    for door in scene.doors:
        start, end = edge_points(lay, door.level, door.between)
        door_mark(draw, lay.side, start, end, door, tags.get(door.kind.strip(), ""))


def _along(start: Point, end: Point, t: float) -> Point:
    return start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t


def _bar(
    draw: ImageDraw.ImageDraw,
    start: Point,
    end: Point,
    thick: float,
    fill: Colour,
    outline: Colour | None = None,
    width: int = 1,
) -> None:
    """A rectangle ``thick`` wide centred on the line from ``start`` to ``end``."""
    half = thick / 2
    x0, x1 = sorted((start[0], end[0]))
    y0, y1 = sorted((start[1], end[1]))
    box = (x0 - half, y0 - half, x1 + half, y1 + half)
    draw.rectangle(box, fill=fill, outline=outline, width=width)


def wall_line(
    draw: ImageDraw.ImageDraw,
    side: float,
    start: Point,
    end: Point,
    *,
    double: bool = False,
    broken: bool = False,
) -> None:
    """A wall on an edge of a square ``side`` long."""
    thick = side * (DOUBLE_WIDTH if double else WALL_WIDTH)
    colour = BROKEN_WALL if broken else WALL
    pieces = ((0.0, 0.3), (0.7, 1.0)) if broken else ((0.0, 1.0),)
    for a, b in pieces:
        _bar(draw, _along(start, end, a), _along(start, end, b), thick, fill=colour)
        if double:
            core = max(1.0, thick * 0.36)
            _bar(draw, _along(start, end, a), _along(start, end, b), core, fill=FLOOR)


def door_mark(
    draw: ImageDraw.ImageDraw, side: float, start: Point, end: Point, door: GridDoor, tag: str
) -> None:
    """A doorway on an edge of a square ``side`` long, with the door as it stands."""
    thick = side * WALL_WIDTH
    _bar(draw, start, _along(start, end, JAMB), thick, fill=WALL)
    _bar(draw, _along(start, end, 1 - JAMB), end, thick, fill=WALL)
    middle = _along(start, end, 0.5)
    if door.state == "destroyed":
        cross(draw, middle, side * 0.12, DESTROYED, max(1, round(side * 0.05)))
        return
    fill = DOOR if door.state == "closed" else DOOR_OPEN
    leaf_start, leaf_end = _along(start, end, JAMB), _along(start, end, 1 - JAMB)
    outline = max(1, round(side * 0.03))
    _bar(
        draw,
        leaf_start,
        leaf_end,
        side * DOOR_WIDTH,
        fill=fill,
        outline=DOOR if fill != DOOR else WALL,
        width=outline,
    )
    if tag:
        badge(draw, middle, tag, side, fill, ink_on(fill), WALL)
