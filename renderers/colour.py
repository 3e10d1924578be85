"""Colours as RGB triples and the little arithmetic the pictures do with them."""

from __future__ import annotations

Colour = tuple[int, int, int]


def blend(a: Colour, b: Colour, amount: float) -> Colour:
    """``a`` moved ``amount`` (0..1) of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


def luminance(colour: Colour) -> float:
    """Perceived brightness from 0 (black) to 1 (white)."""
    return (0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]) / 255
