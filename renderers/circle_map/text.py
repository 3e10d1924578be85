"""Lettering on the circle map: labels outlined in the map's halo colour."""

from __future__ import annotations

from PIL import ImageDraw

from renderers.circle_map.palette import HALO
from renderers.colour import Colour
from renderers.lettering import label


def halo_label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    *,
    anchor: str = "mm",
    bold: bool = True,
) -> None:
    """Bold text with a light outline, readable on top of map lines."""
    label(draw, xy, text, size, fill, anchor=anchor, bold=bold, halo=HALO)
