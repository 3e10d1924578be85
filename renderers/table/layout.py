"""Where things go: the table's scale and place in the picture, the rulers and the key."""

from __future__ import annotations

import math
from dataclasses import dataclass

from renderers.scaling import Scaled
from rules.geometry.units import PER_INCH

# A 72-inch table is drawn 1,440 pixels wide (20 a inch); others fit the same box.
TABLE_WIDTH = 1440
TABLE_DEPTH = 1100
MAX_PER_INCH = 40.0
MIN_CONTENT_WIDTH = 900
MARGIN = 14
RULER_TOP = 24
RULER_LEFT = 36
GAP = 12

Point = tuple[float, float]


def per_inch(width: int, depth: int) -> float:
    """Output pixels per inch for a table of ``width`` by ``depth`` hundredths."""
    fit = min(TABLE_WIDTH * PER_INCH / width, TABLE_DEPTH * PER_INCH / depth, MAX_PER_INCH)
    # Whole pixels an inch keep the grid lines sharp on the common table sizes.
    return float(math.floor(fit)) if fit >= 8 else fit


@dataclass(frozen=True)
class Layout(Scaled):
    """Geometry of one picture. The table and the key are drawn on canvases of their own
    at ``ss`` drawing units a pixel; the rest is in output pixels.

    A close-up draws only part of the table: ``view`` is the corner of that part and
    ``view_size`` its size, both in drawing units of the whole table's canvas, so whatever
    lies outside is never drawn and labels are placed within it."""

    ss: int
    per_inch: float
    table_size: tuple[int, int]
    table_origin: tuple[int, int]
    legend_box: tuple[int, int, int, int]
    size: tuple[int, int]
    view: Point = (0.0, 0.0)
    view_size: tuple[int, int] | None = None

    def length(self, hundredths: float) -> float:
        """A table length in drawing units."""
        return hundredths * self.per_inch * self.ss / PER_INCH

    def at(self, x: float, y: float) -> Point:
        """Table coordinates (hundredths) to drawing units on the table canvas."""
        scale = self.per_inch * self.ss / PER_INCH
        return x * scale - self.view[0], y * scale - self.view[1]

    @property
    def closeup(self) -> bool:
        """Whether this draws part of the table for a close-up, where a label that finds
        no free spot is left out (the board picture shows it) rather than overprinted."""
        return self.view_size is not None

    def inch_line(self, inches: int) -> tuple[int, int]:
        """Where the grid line ``inches`` from the left and from the top edge falls on the
        canvas (drawing units), on whole pixels so that it stays sharp."""
        at = round(inches * self.per_inch) * self.ss
        return at - round(self.view[0]), at - round(self.view[1])

    @property
    def canvas(self) -> tuple[int, int]:
        """The size of the table canvas (or of the part a close-up shows) in drawing units."""
        if self.view_size is not None:
            return self.view_size
        return self.table_size[0] * self.ss, self.table_size[1] * self.ss

    @property
    def legend_canvas(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.legend_box
        return (x1 - x0) * self.ss, (y1 - y0) * self.ss


def plan(width: int, depth: int, legend_height: int, ss: int) -> Layout:
    """The layout of a ``width`` by ``depth`` table with a key ``legend_height`` pixels tall
    under it."""
    scale = per_inch(width, depth)
    table = (round(width * scale / PER_INCH), round(depth * scale / PER_INCH))
    content = max(RULER_LEFT + table[0], MIN_CONTENT_WIDTH)
    left = MARGIN + (content - RULER_LEFT - table[0]) // 2 + RULER_LEFT
    top = MARGIN + RULER_TOP
    legend_top = top + table[1] + GAP
    size = (content + 2 * MARGIN, legend_top + legend_height + MARGIN)
    legend = (MARGIN, legend_top, MARGIN + content, legend_top + legend_height)
    return Layout(ss, scale, table, (left, top), legend, size)


def content_width(width: int, depth: int) -> int:
    """The width (pixels) of the picture inside its margins, which the key spans."""
    table = round(width * per_inch(width, depth) / PER_INCH)
    return max(RULER_LEFT + table, MIN_CONTENT_WIDTH)


def on_canvas(discs: list[tuple[Point, float]], canvas: tuple[int, int]) -> bool:
    """Whether any of the bases shows on the canvas (a piece wholly off it
    gets no label)."""
    width, height = canvas
    return any(-r < x < width + r and -r < y < height + r for (x, y), r in discs)
