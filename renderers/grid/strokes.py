"""Dashed lines and small crosses, drawn the same way wherever they appear."""

from __future__ import annotations

import math

from PIL import ImageDraw

from renderers.colour import Colour

Point = tuple[float, float]


def dashed(
    draw: ImageDraw.ImageDraw,
    start: Point,
    end: Point,
    colour: Colour,
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A line from ``start`` to ``end`` in dashes of ``dash`` with ``gap`` between."""
    length = math.dist(start, end)
    if length == 0:
        return
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    at = 0.0
    while at < length:
        stop = min(at + dash, length)
        draw.line(
            (start[0] + ux * at, start[1] + uy * at, start[0] + ux * stop, start[1] + uy * stop),
            fill=colour,
            width=width,
        )
        at = stop + gap


def cross(
    draw: ImageDraw.ImageDraw, centre: Point, half: float, colour: Colour, width: int
) -> None:
    """An X of half-size ``half`` centred on ``centre``."""
    x, y = centre
    draw.line((x - half, y - half, x + half, y + half), fill=colour, width=width)
    draw.line((x - half, y + half, x + half, y - half), fill=colour, width=width)
