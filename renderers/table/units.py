"""Units on the table: every model's base a disc in its seat's colour with a dark rim,
the acting unit's bases ringed, activated units paled, a tethered unit's bases joined."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.colour import Colour
from renderers.table import marks
from renderers.table.layout import Layout, Point
from renderers.table.palette import (
    DIMMED,
    HIGHLIGHT,
    INK,
    SMOKE_EDGE,
    SMOKE_HAZE,
    SOFT_INK,
    WHITE,
    dimmed,
    readable,
    seat_colour,
)
from renderers.table.stamps import FACTOR, quantised, stamp
from rules.geometry.pieces import Height
from rules.geometry.scene import SceneUnit, TableScene

MIN_BASE = 3.0
HAZE = 1.5  # a smoke puff's radius against its base's


def bases(lay: Layout, unit: SceneUnit) -> list[tuple[Point, float]]:
    """Each model's centre and drawn radius (drawing units)."""
    least = lay.u(MIN_BASE)
    return [(lay.at(m.x, m.y), max(lay.length(m.radius), least)) for m in unit.models]


def drawing_order(scene: TableScene) -> list[SceneUnit]:
    """The units in scene order with the one acting now last, so that nothing covers it."""
    return sorted(scene.units, key=lambda unit: unit.active)


def unit_colour(scene: TableScene, unit: SceneUnit) -> Colour:
    seat = scene.seat(unit.seat)
    return seat_colour(seat.colour if seat else None)


def tether(centres: list[Point]) -> list[tuple[Point, Point]]:
    """The shortest lines that join every base of a unit (a minimum spanning tree)."""
    if len(centres) < 2:
        return []
    joined = [centres[0]]
    left = centres[1:]
    lines: list[tuple[Point, Point]] = []
    nearest = {i: (math.dist(c, joined[0]), 0) for i, c in enumerate(left)}
    while nearest:
        index = min(nearest, key=lambda i: nearest[i][0])
        _, to = nearest.pop(index)
        lines.append((joined[to], left[index]))
        joined.append(left[index])
        for i in nearest:
            gap = math.dist(left[i], left[index])
            if gap < nearest[i][0]:
                nearest[i] = (gap, len(joined) - 1)
    return lines


def haze(draw: ImageDraw.ImageDraw, lay: Layout, discs: list[tuple[Point, float]]) -> None:
    """A cloud of smoke round the bases: one puff a base, outlined as one cloud."""
    grown = [(centre, r * HAZE + lay.u(4)) for centre, r in discs]
    for reach in (lay.u(1.5), 0.0):
        fill = SMOKE_EDGE if reach else SMOKE_HAZE
        for (x, y), r in grown:
            draw.ellipse((x - r - reach, y - r - reach, x + r + reach, y + r + reach), fill=fill)


def draw_tethers(draw: ImageDraw.ImageDraw, lay: Layout, scene: TableScene) -> None:
    """The lines joining each tethered unit's bases, under every base."""
    for unit in scene.units:
        if not unit.tether:
            continue
        colour = readable(unit_colour(scene, unit))
        for start, end in tether([centre for centre, _ in bases(lay, unit)]):
            draw.line((*start, *end), fill=WHITE, width=lay.w(4))
            draw.line((*start, *end), fill=colour, width=lay.w(2))


def draw_bases(image: Image.Image, lay: Layout, scene: TableScene) -> None:
    """Every base, the acting unit's rings under all of them."""
    units = drawing_order(scene)
    draw = ImageDraw.Draw(image)
    for unit in units:
        if unit.smoke:
            haze(draw, lay, bases(lay, unit))
    draw_tethers(draw, lay, scene)
    for unit in units:
        if unit.active:
            for centre, r in bases(lay, unit):
                ring(image, lay, centre, r)
    for unit in units:
        colour = unit_colour(scene, unit)
        for model, (centre, r) in zip(unit.models, bases(lay, unit), strict=True):
            tall = model.height >= Height.TALL
            base(image, lay, centre, r, colour, spent=unit.activated, tall=tall, facing=unit.facing)


def ring(image: Image.Image, lay: Layout, centre: Point, r: float) -> None:
    """The highlight round a base of the unit acting now."""
    size = quantised(r)

    def paint(draw: ImageDraw.ImageDraw, fine: Layout, at: Point) -> None:
        x, y = at
        outer = size * FACTOR + fine.u(5.5)
        draw.ellipse((x - outer, y - outer, x + outer, y + outer), fill=INK)
        glow = outer - fine.u(1.5)
        draw.ellipse((x - glow, y - glow, x + glow, y + glow), fill=HIGHLIGHT)

    reach = size + lay.u(5.5)
    stamp(image, lay, centre, (reach, reach), ("ring", size), paint)


def base(
    image: Image.Image,
    lay: Layout,
    centre: Point,
    r: float,
    colour: Colour,
    *,
    spent: bool = False,
    tall: bool = False,
    facing: int | None = None,
) -> None:
    """A model's base in its seat's colour, with a dark rim.

    A ``spent`` (activated) model is paler with a pale centre; a ``tall`` one has a
    second, inner rim; ``facing`` adds a notch on the rim pointing the way it faces.
    """
    size = quantised(r)
    angle = None if facing is None else facing % 360

    def paint(draw: ImageDraw.ImageDraw, fine: Layout, at: Point) -> None:
        x, y = at
        big = size * FACTOR
        fill = dimmed(colour) if spent else colour
        edge = SOFT_INK if spent else INK
        box = (x - big, y - big, x + big, y + big)
        draw.ellipse(box, fill=fill, outline=edge, width=fine.w(1.5))
        if spent:
            hole = big * 0.45
            draw.ellipse((x - hole, y - hole, x + hole, y + hole), fill=DIMMED)
        if tall and big > fine.u(7):
            inner = big - fine.u(3.5)
            draw.ellipse(
                (x - inner, y - inner, x + inner, y + inner), outline=WHITE, width=fine.w(1)
            )
        if angle is not None:
            _front(draw, fine, at, big, angle, edge)

    reach = size + (lay.u(7) if facing is not None else lay.u(1))
    key = ("base", size, colour, spent, tall, angle)
    stamp(image, lay, centre, (reach, reach), key, paint)


def _front(
    draw: ImageDraw.ImageDraw, lay: Layout, centre: Point, r: float, facing: int, colour: Colour
) -> None:
    """A notch on the rim pointing the way the model faces (0 degrees is up the table)."""
    angle = math.radians(facing)
    ux, uy = math.sin(angle), -math.cos(angle)
    x, y = centre
    tip = (x + ux * (r + lay.u(6)), y + uy * (r + lay.u(6)))
    back = (x + ux * (r - lay.u(3)), y + uy * (r - lay.u(3)))
    half = lay.u(4.5)
    marks.outlined(
        draw,
        [
            tip,
            (back[0] - uy * half, back[1] + ux * half),
            (back[0] + uy * half, back[1] - ux * half),
        ],
        colour,
        WHITE,
        lay.w(1),
    )
