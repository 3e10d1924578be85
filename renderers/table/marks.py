"""Small marks shared by the table and its key: badges, ticks, shields, pips, arrows.

Badges and icons are stamped (drawn smooth once, then pasted); lines are drawn directly.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from renderers.badges import BadgeStyle, draw_badge
from renderers.badges import badge_size as shared_badge_size
from renderers.colour import Colour
from renderers.table.layout import Layout
from renderers.table.palette import DEFENCE, DONE, HIGHLIGHT, INK, SMOKE, SUPPRESSION, WHITE
from renderers.table.stamps import FACTOR, TEXT_FACTOR, quantised, stamp

Point = tuple[float, float]


def outlined(
    draw: ImageDraw.ImageDraw, points: Sequence[Point], fill: Colour, edge: Colour, width: int
) -> None:
    """A filled polygon with a thick edge. (Pillow draws thick polygon edges through a mask
    the size of the whole canvas, which is slow on a large picture.)"""
    draw.polygon(points, fill=fill)
    draw.line([*points, points[0]], fill=edge, width=width, joint="curve")


STYLE = BadgeStyle(height=1.2, padding=0.7, rounding=2.8, stroke=10, lift=0.03)


def badge_size(text: str, size: int) -> tuple[float, float]:
    return shared_badge_size(text, size, STYLE)


def badge(
    image: Image.Image,
    lay: Layout,
    centre: Point,
    text: str,
    size: int,
    fill: Colour,
    ink: Colour = INK,
    outline: Colour = INK,
) -> None:
    """A rounded label: ``text`` in bold on ``fill`` (``size`` in drawing units)."""
    width, height = badge_size(text, size * TEXT_FACTOR)
    key = ("badge", text, size, fill, ink, outline)

    def paint(draw: ImageDraw.ImageDraw, fine: Layout, at: Point) -> None:
        draw_badge(draw, at, text, size * TEXT_FACTOR, fill, ink, outline, STYLE)

    reach = (width / TEXT_FACTOR / 2, height / TEXT_FACTOR / 2)
    stamp(image, lay, centre, reach, key, paint, TEXT_FACTOR)


def _icon(
    image: Image.Image,
    lay: Layout,
    centre: Point,
    radius: float,
    key: tuple[object, ...],
    draw_icon: Callable[[ImageDraw.ImageDraw, Point, float], None],
) -> None:
    r = quantised(radius)

    def paint(draw: ImageDraw.ImageDraw, fine: Layout, at: Point) -> None:
        draw_icon(draw, at, r * FACTOR)

    stamp(image, lay, centre, (r * 1.1, r * 1.1), (*key, r), paint)


def tick(image: Image.Image, lay: Layout, centre: Point, radius: float) -> None:
    """Activated: a check mark on a green disc."""
    _icon(image, lay, centre, radius, ("tick",), _tick)


def shield(image: Image.Image, lay: Layout, centre: Point, radius: float) -> None:
    """Defending: a small blue shield."""
    _icon(image, lay, centre, radius, ("shield",), _shield)


def warning(image: Image.Image, lay: Layout, centre: Point, radius: float) -> None:
    """Dangerous: a yellow warning triangle."""
    _icon(image, lay, centre, radius, ("warning",), _warning)


def smoke(image: Image.Image, lay: Layout, centre: Point, radius: float) -> None:
    """Smoke: a grey cloud of three puffs."""
    _icon(image, lay, centre, radius, ("smoke",), _smoke)


def pip(image: Image.Image, lay: Layout, centre: Point, radius: float) -> None:
    """One point of suppression."""
    _icon(image, lay, centre, radius, ("pip",), _pip)


def cross(image: Image.Image, lay: Layout, centre: Point, radius: float, colour: Colour) -> None:
    """A bold X on a light disc: where a sight line is blocked."""

    def draw_cross(draw: ImageDraw.ImageDraw, at: Point, r: float) -> None:
        _cross(draw, at, r, colour)

    _icon(image, lay, centre, radius, ("cross", colour), draw_cross)


def _tick(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    x, y = centre
    line = max(2, round(radius / 3.2))
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=DONE,
        outline=WHITE,
        width=max(1, round(radius / 6)),
    )
    draw.line(
        [
            (x - radius * 0.5, y + radius * 0.02),
            (x - radius * 0.12, y + radius * 0.4),
            (x + radius * 0.52, y - radius * 0.38),
        ],
        fill=WHITE,
        width=line,
        joint="curve",
    )


def _shield(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    x, y = centre
    r = radius
    outline = [
        (x - r * 0.85, y - r * 0.85),
        (x + r * 0.85, y - r * 0.85),
        (x + r * 0.8, y + r * 0.1),
        (x, y + r),
        (x - r * 0.8, y + r * 0.1),
    ]
    outlined(draw, outline, DEFENCE, WHITE, max(1, round(r / 6)))
    draw.line((x, y - r * 0.6, x, y + r * 0.65), fill=WHITE, width=max(1, round(r / 5)))


def _warning(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    x, y = centre
    points = [
        (x, y - radius),
        (x + radius * 1.05, y + radius * 0.8),
        (x - radius * 1.05, y + radius * 0.8),
    ]
    outlined(draw, points, HIGHLIGHT, INK, max(1, round(radius / 5)))
    line = max(1, round(radius / 4.5))
    draw.line((x, y - radius * 0.45, x, y + radius * 0.2), fill=INK, width=line)
    dot = line * 0.7
    draw.ellipse((x - dot, y + radius * 0.5 - dot, x + dot, y + radius * 0.5 + dot), fill=INK)


def _smoke(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    x, y = centre
    puffs = ((-0.48, 0.2, 0.5), (0.48, 0.2, 0.5), (0.0, -0.2, 0.62))
    rim = max(1, round(radius / 6))
    for dx, dy, size in puffs:
        r = radius * size + rim
        cx, cy = x + dx * radius, y + dy * radius
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
    for dx, dy, size in puffs:
        r = radius * size
        cx, cy = x + dx * radius, y + dy * radius
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SMOKE)


def _pip(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    x, y = centre
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=SUPPRESSION,
        outline=WHITE,
        width=max(1, round(radius / 3)),
    )


def _cross(draw: ImageDraw.ImageDraw, centre: Point, radius: float, colour: Colour) -> None:
    x, y = centre
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=WHITE,
        outline=colour,
        width=max(1, round(radius / 6)),
    )
    arm = radius * 0.55
    line = max(2, round(radius / 3.5))
    draw.line((x - arm, y - arm, x + arm, y + arm), fill=colour, width=line)
    draw.line((x - arm, y + arm, x + arm, y - arm), fill=colour, width=line)


def arrowhead(
    draw: ImageDraw.ImageDraw, tip: Point, direction: Point, size: float, colour: Colour
) -> None:
    """A filled arrow head at ``tip`` pointing along the unit vector ``direction``."""
    x, y = tip
    ux, uy = direction
    back = (x - ux * size, y - uy * size)
    side = (-uy * size * 0.55, ux * size * 0.55)
    draw.polygon(
        [(x, y), (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])],
        fill=colour,
    )


def dashed(
    draw: ImageDraw.ImageDraw,
    points: Sequence[Point],
    colour: Colour,
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A dashed polyline; the dashes run on round corners."""
    drawing = True
    left = dash
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        position = 0.0
        while position < length:
            stop = min(length, position + left)
            if drawing:
                draw.line(
                    (x0 + ux * position, y0 + uy * position, x0 + ux * stop, y0 + uy * stop),
                    fill=colour,
                    width=width,
                )
            left -= stop - position
            position = stop
            if left <= 1e-9:
                drawing = not drawing
                left = dash if drawing else gap
