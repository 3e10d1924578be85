"""The inch grid on the table and the rulers along its top and left edges.

At the usual scale a faint line runs every 2 inches and a stronger one every 6, numbered
on the rulers, so players can name a point such as ``36,24``.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.lettering import label
from renderers.table.layout import Layout
from renderers.table.palette import GRID, INK, SOFT_INK
from rules.geometry.units import PER_INCH

MINOR_ALPHA = 0.13
MAJOR_ALPHA = 0.34
RULER_FONT = 15


def steps(per_inch: float) -> tuple[int, int]:
    """Inches between faint lines and between numbered lines at ``per_inch`` pixels."""
    minor = next((s for s in (1, 2, 3, 6) if s * per_inch >= 30), 12)
    major = next(s for s in (6, 12, 24, 48, 96) if s * per_inch >= 60 and s % minor == 0)
    return minor, major


def marks_at(extent: int, step: int) -> list[int]:
    """Whole inches from 0 to ``extent`` hundredths at every ``step`` inches."""
    return list(range(0, extent // PER_INCH + 1, step))


def _line(image: Image.Image, box: tuple[int, int, int, int], alpha: float) -> None:
    """Darken ``box`` of ``image`` towards the grid colour by ``alpha``."""
    under = image.crop(box)
    image.paste(Image.blend(under, _solid(under.size), alpha), box[:2])


@lru_cache(maxsize=16)
def _solid(size: tuple[int, int]) -> Image.Image:
    return Image.new("RGB", size, GRID)


def draw_grid(image: Image.Image, lay: Layout, width: int, depth: int) -> None:
    """Translucent grid lines over the table canvas (they show on light and dark ground)."""
    minor, major = steps(lay.per_inch)
    canvas_w, canvas_h = image.size
    line = lay.ss
    for inch in marks_at(width, minor):
        if 0 < inch * PER_INCH < width:
            x = lay.inch_line(inch)[0]
            if 0 <= x < canvas_w:
                _line(
                    image, (x, 0, x + line, canvas_h), MINOR_ALPHA if inch % major else MAJOR_ALPHA
                )
    for inch in marks_at(depth, minor):
        if 0 < inch * PER_INCH < depth:
            y = lay.inch_line(inch)[1]
            if 0 <= y < canvas_h:
                _line(
                    image, (0, y, canvas_w, y + line), MINOR_ALPHA if inch % major else MAJOR_ALPHA
                )


def draw_rulers(draw: ImageDraw.ImageDraw, lay: Layout, width: int, depth: int) -> None:
    """Inch numbers across the top and down the left of the table (output pixels)."""
    minor, major = steps(lay.per_inch)
    left, top = lay.table_origin
    for inch in marks_at(width, minor):
        x = left + round(inch * lay.per_inch)
        numbered = inch % major == 0
        draw.line((x, top - (6 if numbered else 3), x, top - 1), fill=SOFT_INK, width=1)
        if numbered:
            label(draw, (x, top - 7), str(inch), RULER_FONT, INK, anchor="ms", bold=True)
    for inch in marks_at(depth, minor):
        y = top + round(inch * lay.per_inch)
        numbered = inch % major == 0
        draw.line((left - (6 if numbered else 3), y, left - 1, y), fill=SOFT_INK, width=1)
        if numbered:
            label(draw, (left - 8, y), str(inch), RULER_FONT, INK, anchor="rm", bold=True)
