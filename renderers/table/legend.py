"""The key under the table: the title and caption, the sides, the terrain classes present,
and what each marker in the picture means.

The key is planned in output pixels (so that its height is known before drawing) and then
drawn on a canvas of its own at the layout's drawing factor.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.lettering import label, shorten, wrap
from renderers.lettering import width as text_width
from renderers.table.grid import steps
from renderers.table.key_words import GRID_NOTE, HEADINGS
from renderers.table.layout import Layout, per_inch
from renderers.table.palette import INK, LEGEND_FILL, SOFT_INK, TABLE_EDGE
from renderers.table.samples import Entry, marker_entries, seat_entries, terrain_entries
from rules.geometry.scene import TableScene

PADDING = 12
HEADING = 16
TEXT = 15
ROW = 24
SAMPLE = 34
ROWS_PER_COLUMN = 7
TITLE_MIN = 220
TITLE_MAX = 380


@dataclass(frozen=True)
class Line:
    """A line of plain text (the title and caption)."""

    text: str
    size: int
    bold: bool = False
    colour: tuple[int, int, int] = INK


@dataclass(frozen=True)
class Column:
    heading: str
    entries: tuple[Entry, ...] = ()
    lines: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Placed:
    """A column with its left edge and width (output pixels)."""

    column: Column
    left: float
    width: float

    @property
    def height(self) -> float:
        rows = sum(line.size * 1.3 for line in self.column.lines)
        rows += len(self.column.entries) * ROW
        return (HEADING * 1.5 if self.column.heading else 0) + rows


def _title(scene: TableScene) -> Column:
    lines = []
    if scene.title:
        lines.append(Line(scene.title, 22, bold=True))
    lines.extend(Line(text, TEXT + 1) for text in scene.caption if text)
    minor, major = steps(per_inch(scene.width, scene.depth))
    note = GRID_NOTE.in_(scene.language).format(minor=minor, major=major)
    lines.append(Line(note, TEXT - 2, colour=SOFT_INK))
    return Column("", lines=tuple(lines))


def _split(heading: str, entries: list[Entry]) -> list[Column]:
    """A section as one or more columns of at most ``ROWS_PER_COLUMN`` rows."""
    if not entries:
        return []
    count = math.ceil(len(entries) / ROWS_PER_COLUMN)
    per = math.ceil(len(entries) / count)
    return [
        Column(heading if index == 0 else " ", tuple(entries[index * per : (index + 1) * per]))
        for index in range(count)
    ]


def plan(scene: TableScene, width: float, ss: int) -> list[Placed]:
    """The key's columns across ``width`` output pixels, with the title's lines wrapped as
    they will be drawn at ``ss`` drawing units a pixel."""
    columns = [
        _title(scene),
        *_split(HEADINGS["sides"].in_(scene.language), seat_entries(scene)),
        *_split(HEADINGS["terrain"].in_(scene.language), terrain_entries(scene)),
        *_split(HEADINGS["markers"].in_(scene.language), marker_entries(scene)),
    ]
    spans = _spans(columns, width - 2 * PADDING)
    placed: list[Placed] = []
    left = float(PADDING)
    for column, span in zip(columns, spans, strict=True):
        room = span - PADDING
        if column.lines:
            lines = tuple(
                Line(text, line.size, line.bold, line.colour)
                for line in column.lines
                for text in wrap(line.text, room * ss, line.size * ss)
            )
            column = Column(column.heading, column.entries, lines)
        placed.append(Placed(column, left, span))
        left += span
    return placed


def _natural(column: Column) -> float:
    """The width (output pixels) a column would like, its gap to the next included."""
    if column.lines:
        widest = max(text_width(line.text, line.size) for line in column.lines)
        return min(max(widest, TITLE_MIN), TITLE_MAX) + PADDING
    texts = [text_width(entry.text, TEXT) for entry in column.entries]
    texts.append(text_width(column.heading, HEADING))
    return SAMPLE + 6 + max(texts) + 2 * PADDING


def _spans(columns: list[Column], inner: float) -> list[float]:
    """Column widths filling ``inner`` pixels: each its natural width, with what is left
    over shared out, or all shrunk alike when they do not fit."""
    natural = [_natural(column) for column in columns]
    total = sum(natural)
    if total >= inner:
        return [span * inner / total for span in natural]
    spare = (inner - total) / len(natural)
    return [span + spare for span in natural]


def height(scene: TableScene, width: float, ss: int) -> int:
    """The key's height in output pixels."""
    return math.ceil(max(p.height for p in plan(scene, width, ss)) + 2 * PADDING)


def draw_legend(image: Image.Image, lay: Layout, scene: TableScene) -> None:
    """Draw the key on its own canvas (drawing units), filling it."""
    draw = ImageDraw.Draw(image)
    w, h = image.size
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=lay.u(10),
        fill=LEGEND_FILL,
        outline=TABLE_EDGE,
        width=lay.w(1.5),
    )
    for placed in plan(scene, w / lay.ss, lay.ss):
        _column(image, draw, lay, placed)


def _column(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, placed: Placed) -> None:
    x = lay.u(placed.left)
    y = lay.u(PADDING)
    room = lay.u(placed.width - PADDING)
    column = placed.column
    if column.heading.strip():
        label(draw, (x, y), column.heading, lay.fs(HEADING), INK, anchor="la", bold=True)
    if column.heading:
        y += lay.u(HEADING * 1.5)
    for line in column.lines:
        fs = lay.fs(line.size)
        label(draw, (x, y), line.text, fs, line.colour, anchor="la", bold=line.bold)
        y += lay.u(line.size * 1.3)
    fs = lay.fs(TEXT)
    for entry in column.entries:
        middle = y + lay.u(ROW) / 2
        entry.sample(image, draw, lay, (x + lay.u(SAMPLE) / 2, middle))
        text = shorten(entry.text, room - lay.u(SAMPLE + 6), fs)
        label(draw, (x + lay.u(SAMPLE + 6), middle), text, fs, INK, anchor="lm")
        y += lay.u(ROW)
