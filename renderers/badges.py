"""Rounded text badges, shared by every picture; each picture keeps its own proportions."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from renderers.colour import Colour
from renderers.lettering import bbox, label


@dataclass(frozen=True)
class BadgeStyle:
    """Proportions of a badge relative to its font size."""

    height: float  # badge height per font size
    padding: float  # extra width per font size
    rounding: float  # corner radius = height / rounding
    stroke: int  # outline width = font size // stroke
    lift: float  # text nudged down by this share of the font size


def badge_size(text: str, size: int, style: BadgeStyle) -> tuple[float, float]:
    left, _, right, _ = bbox(text, size)
    height = size * style.height
    return max(right - left + size * style.padding, height), height


def draw_badge(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    ink: Colour,
    outline: Colour,
    style: BadgeStyle,
) -> None:
    """``text`` in bold on a rounded ``fill`` with an ``outline``."""
    width, height = badge_size(text, size, style)
    x, y = centre
    box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
    draw.rounded_rectangle(
        box,
        radius=height / style.rounding,
        fill=fill,
        outline=outline,
        width=max(1, size // style.stroke),
    )
    label(draw, (x, y + size * style.lift), text, size, ink, bold=True)
