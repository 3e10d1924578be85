"""Marker shapes shared by the board and its key: badges, crates, bags, stars and ticks."""

from __future__ import annotations

import math

from PIL import ImageDraw

from renderers.badges import BadgeStyle, draw_badge
from renderers.badges import badge_size as shared_badge_size
from renderers.circle_map.palette import (
    BAG,
    CRATE,
    CRATE_DARK,
    DONE,
    HINDERS,
    INK,
    OVERWATCH,
    RUBBLE,
    SMOKE_DARK,
    WHITE,
)
from renderers.colour import Colour
from renderers.lettering import label

Point = tuple[float, float]

STYLE = BadgeStyle(height=1.15, padding=0.75, rounding=2.6, stroke=9, lift=0.02)


def badge_size(text: str, size: int) -> tuple[float, float]:
    return shared_badge_size(text, size, STYLE)


def badge(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    text: str,
    size: int,
    fill: Colour,
    ink: Colour = WHITE,
    outline: Colour = INK,
) -> None:
    """A rounded label: ``text`` in bold on ``fill``."""
    draw_badge(draw, centre, text, size, fill, ink, outline, STYLE)


PIP = 0.5  # a health pip's diameter per font size
PIP_GAP = 0.2
PIP_PADDING = 0.35


def pips_size(total: int, size: int) -> tuple[float, float]:
    """Width and height of a health badge of ``total`` pips."""
    width = total * size * PIP + (total - 1) * size * PIP_GAP + 2 * size * PIP_PADDING
    return width, size * STYLE.height


def health_pips(draw: ImageDraw.ImageDraw, centre: Point, size: int, left: int, total: int) -> None:
    """A white badge of ``total`` pips, one per health row: the ``left`` rows a character
    still has are filled, the rows its wounds took are hollow."""
    width, height = pips_size(total, size)
    x, y = centre
    box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
    stroke = max(1, size // STYLE.stroke)
    draw.rounded_rectangle(
        box, radius=height / STYLE.rounding, fill=WHITE, outline=INK, width=stroke
    )
    r = size * PIP / 2
    first = x - width / 2 + size * PIP_PADDING + r
    for index in range(total):
        cx = first + index * size * (PIP + PIP_GAP)
        filled = index < left
        draw.ellipse(
            (cx - r, y - r, cx + r, y + r),
            fill=HINDERS if filled else WHITE,
            outline=INK,
            width=max(1, stroke // 2 + (0 if filled else 1)),
        )


def rubble_badge(draw: ImageDraw.ImageDraw, centre: Point, size: int) -> tuple[float, float]:
    """A brown badge with a cross: the circle is rubble. Returns its width and height."""
    height = size * 1.15
    width = height * 1.5
    x, y = centre
    draw.rounded_rectangle(
        (x - width / 2, y - height / 2, x + width / 2, y + height / 2),
        radius=height / 2.6,
        fill=RUBBLE,
        outline=INK,
        width=max(1, size // 9),
    )
    arm = height * 0.28
    line = max(2, size // 6)
    draw.line((x - arm, y - arm, x + arm, y + arm), fill=WHITE, width=line)
    draw.line((x - arm, y + arm, x + arm, y - arm), fill=WHITE, width=line)
    return width, height


def hatch(draw: ImageDraw.ImageDraw, centre: Point, radius: float, colour: Colour) -> None:
    """Diagonal strokes filling a disc (rubble)."""
    x, y = centre
    step = max(4.0, radius / 2.6)
    line = max(2, round(radius / 7))
    offset = -radius + step / 2
    diagonal = math.sqrt(0.5)
    while offset < radius:
        half = math.sqrt(max(0.0, radius * radius - offset * offset))
        # Chord of the disc along direction (1, -1), shifted by offset along (1, 1).
        cx, cy = x + offset * diagonal, y + offset * diagonal
        dx, dy = half * diagonal, -half * diagonal
        draw.line((cx - dx, cy - dy, cx + dx, cy + dy), fill=colour, width=line)
        offset += step


def crate(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """A face-down crate: a braced wooden box, identical for every crate."""
    x, y = centre
    half = size / 2
    line = max(2, round(size / 9))
    box = (x - half, y - half, x + half, y + half)
    draw.rectangle(box, fill=CRATE, outline=CRATE_DARK, width=line)
    inset = half - line
    draw.line((x - inset, y - inset, x + inset, y + inset), fill=CRATE_DARK, width=line)
    draw.line((x - inset, y + inset, x + inset, y - inset), fill=CRATE_DARK, width=line)
    draw.rectangle(box, outline=INK, width=max(1, line // 2))


def bag(draw: ImageDraw.ImageDraw, centre: Point, size: float, count: int | None) -> None:
    """A sack of dropped equipment with the number of items on it."""
    x, y = centre
    body = size * 0.5
    line = max(1, round(size / 12))
    neck_top = y - body * 1.25
    draw.polygon(
        [
            (x - body * 0.32, y - body * 0.75),
            (x - body * 0.55, neck_top),
            (x + body * 0.55, neck_top),
            (x + body * 0.32, y - body * 0.75),
        ],
        fill=BAG,
        outline=INK,
    )
    draw.ellipse((x - body, y - body * 0.85, x + body, y + body), fill=BAG, outline=INK, width=line)
    draw.line(
        (x - body * 0.4, y - body * 0.78, x + body * 0.4, y - body * 0.78), fill=INK, width=line
    )
    if count is not None:
        label(draw, (x, y + body * 0.1), str(count), round(size * 0.62), WHITE, bold=True)


def star(
    draw: ImageDraw.ImageDraw, centre: Point, radius: float, fill: Colour, outline: Colour
) -> None:
    x, y = centre
    points = []
    for index in range(10):
        reach = radius if index % 2 == 0 else radius * 0.45
        angle = math.radians(-90 + 36 * index)
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    draw.polygon(points, fill=fill, outline=outline, width=max(1, round(radius / 8)))


def diamond(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    fill: Colour,
    outline: Colour,
    width: int,
) -> None:
    x, y = centre
    points = [(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)]
    draw.polygon(points, fill=fill, outline=outline, width=width)


def gear(draw: ImageDraw.ImageDraw, centre: Point, radius: float, colour: Colour) -> None:
    """A small cog: something to operate (Action circles)."""
    x, y = centre
    points = []
    for index in range(16):
        reach = radius if index % 4 in (0, 1) else radius * 0.7
        angle = math.radians(360 * index / 16 - 11.25)
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    draw.polygon(points, fill=colour)
    hole = radius * 0.32
    draw.ellipse((x - hole, y - hole, x + hole, y + hole), fill=WHITE)


def crosshair(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    """Overwatch: a sight on a dark disc."""
    x, y = centre
    line = max(2, round(radius / 5))
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius), fill=OVERWATCH, outline=WHITE, width=line
    )
    inner = radius * 0.55
    draw.ellipse((x - inner, y - inner, x + inner, y + inner), outline=WHITE, width=line)
    reach = radius * 0.85
    draw.line((x - reach, y, x + reach, y), fill=WHITE, width=line)
    draw.line((x, y - reach, x, y + reach), fill=WHITE, width=line)


def tick(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    """Activated this turn: a check mark on a green disc."""
    x, y = centre
    line = max(2, round(radius / 3.5))
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=DONE,
        outline=WHITE,
        width=max(1, line // 2),
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


def cloud(draw: ImageDraw.ImageDraw, centre: Point, radius: float, fill: Colour) -> None:
    """A puff of smoke made of overlapping discs."""
    x, y = centre
    for dx, dy, scale in (
        (0.0, 0.0, 0.78),
        (-0.52, 0.18, 0.56),
        (0.52, 0.18, 0.56),
        (-0.3, -0.38, 0.55),
        (0.32, -0.4, 0.52),
        (0.0, 0.45, 0.55),
    ):
        r = radius * scale
        cx, cy = x + dx * radius, y + dy * radius
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


def smoke_badge(draw: ImageDraw.ImageDraw, centre: Point, size: int, turns: int) -> None:
    """A grey badge with the turns a smoke cloud has left."""
    badge(draw, centre, f"{turns}t", size, SMOKE_DARK)


def dashed(
    draw: ImageDraw.ImageDraw,
    start: Point,
    end: Point,
    colour: Colour,
    width: int,
    dash: float,
) -> None:
    """A dashed straight line."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    position = 0.0
    while position < length:
        stop = min(length, position + dash)
        draw.line(
            (x0 + ux * position, y0 + uy * position, x0 + ux * stop, y0 + uy * stop),
            fill=colour,
            width=width,
        )
        position += dash * 1.8
