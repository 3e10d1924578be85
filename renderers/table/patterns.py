"""Filling shapes with repeating patterns.

Patterns are tiles repeated from the canvas origin, so neighbouring areas with the same
pattern line up, and are painted through the shape's two-level mask in one step per
pattern (two-level masks paste several times faster than graded ones).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from renderers.colour import Colour

Point = tuple[float, float]
Box = tuple[int, int, int, int]

# Repeat (in output pixels) of each pattern; a tile holds a whole number of repeats.
PERIODS = {"dots": 8, "slash": 8, "backslash": 8, "bricks": 10, "stripes": 14, "cross": 9}
TILE = 192


def bounds(points: Sequence[Point], size: tuple[int, int]) -> Box | None:
    """The whole-unit box around ``points`` clipped to the canvas, or None when nothing
    of it is on the canvas."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0 = max(0, math.floor(min(xs)))
    y0 = max(0, math.floor(min(ys)))
    x1 = min(size[0], math.ceil(max(xs)) + 1)
    y1 = min(size[1], math.ceil(max(ys)) + 1)
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1


def polygon_mask(points: Sequence[Point], box: Box) -> Image.Image:
    """A two-level mask of ``box``'s size, set inside the polygon."""
    x0, y0, x1, y1 = box
    mask = Image.new("1", (x1 - x0, y1 - y0))
    ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in points], fill=255)
    return mask


@lru_cache(maxsize=64)
def _cell(kind: str, ss: int) -> Image.Image:
    """The smallest seamless piece of a pattern (set where inked): two periods square,
    as dots and bricks shift every other row. Drawn three times over and the middle kept,
    so that strokes crossing its edges wrap round."""
    period = PERIODS[kind] * ss
    size = 2 * period
    span = 3 * size
    big = Image.new("1", (span, span))
    draw = ImageDraw.Draw(big)
    line = max(1, round(1.2 * ss))
    if kind in ("slash", "cross", "stripes"):
        thick = period // 2 if kind == "stripes" else line
        for c in range(0, 2 * span + period, period):
            draw.line((c, 0, c - span, span), fill=255, width=thick)
    if kind in ("backslash", "cross"):
        for c in range(-span, span + period, period):
            draw.line((c, 0, c + span, span), fill=255, width=line)
    if kind == "dots":
        r = 1.1 * ss
        for row, y in enumerate(range(0, span, period)):
            for x in range(period // 2 if row % 2 else 0, span, period):
                draw.ellipse((x - r, y - r, x + r, y + r), fill=255)
    if kind == "bricks":
        for row, y in enumerate(range(0, span, period)):
            draw.line((0, y, span, y), fill=255, width=line)
            for x in range(period if row % 2 else 0, span, 2 * period):
                draw.line((x, y, x, y + period), fill=255, width=line)
    return big.crop((size, size, 2 * size, 2 * size))


@lru_cache(maxsize=64)
def _tile(kind: str, ss: int) -> Image.Image:
    """A larger tile of whole cells, so that an area needs only a few pastes."""
    cell = _cell(kind, ss)
    size = cell.width * max(1, TILE * ss // cell.width)
    tile = Image.new("1", (size, size))
    for y in range(0, size, cell.width):
        for x in range(0, size, cell.width):
            tile.paste(cell, (x, y))
    return tile


def pattern_mask(kind: str, box: Box, ss: int) -> Image.Image:
    """The pattern over ``box``, aligned to the canvas origin."""
    tile = _tile(kind, ss)
    size = tile.width
    x0, y0, x1, y1 = box
    out = Image.new("1", (x1 - x0, y1 - y0))
    for y in range(-(y0 % size), y1 - y0, size):
        for x in range(-(x0 % size), x1 - x0, size):
            out.paste(tile, (x, y))
    return out


def paint_pattern(
    image: Image.Image, box: Box, mask: Image.Image, kind: str, colour: Colour, ss: int
) -> None:
    """Ink ``kind`` in ``colour`` inside ``mask`` (a mask of ``box``)."""
    inked = ImageChops.logical_and(mask, pattern_mask(kind, box, ss))
    image.paste(colour, box, inked)
