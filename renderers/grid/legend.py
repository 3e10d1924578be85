"""The key under the boards: the title and caption, how squares are named, the sides and
what each thing in the picture means.

The key is planned in output pixels (so that its height is known before drawing) and
drawn at the layout's drawing factor.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from renderers.colour import Colour
from renderers.grid.layout import Layout
from renderers.grid.palette import BOARD_EDGE, INK, LEGEND_FILL, SOFT_INK
from renderers.grid.samples import Entry, key_entries, seat_entries
from renderers.lettering import label, shorten, wrap
from rules.grid.scene import GridScene
from rules.grid.squares import column_letters

PADDING = 14
TITLE = 26
CAPTION = 19
NOTE = 16
HEADING = 19
TEXT = 18
ROW = 32
SAMPLE = 46
COLUMN = 270


@dataclass(frozen=True)
class Line:
    text: str
    size: int
    bold: bool = False
    colour: Colour = INK


@dataclass(frozen=True)
class Section:
    heading: str
    entries: tuple[Entry, ...]


def _lines(scene: GridScene, width: float, ss: int) -> list[Line]:
    """The title, caption and the note on naming squares, wrapped to ``width`` pixels."""
    last = f"{column_letters(scene.columns - 1)}{scene.rows}"
    note = f"Squares are named by column letter and row number: A1 top left, {last} bottom right"
    if scene.level_count > 1:
        note += f"; on level n add @n ({last}@1)"
    wanted = [Line(scene.title, TITLE, bold=True)] if scene.title else []
    wanted += [Line(text, CAPTION) for text in scene.caption if text]
    wanted.append(Line(note, NOTE, colour=SOFT_INK))
    return [
        Line(text, line.size, line.bold, line.colour)
        for line in wanted
        for text in wrap(line.text, width * ss, line.size * ss)
    ]


def _sections(scene: GridScene) -> list[Section]:
    sections = [
        Section("Sides", tuple(seat_entries(scene))),
        Section("Key", tuple(key_entries(scene))),
    ]
    return [section for section in sections if section.entries]


def _columns(width: float) -> int:
    return max(1, int((width - 2 * PADDING) // COLUMN))


def height(scene: GridScene, width: float, ss: int) -> int:
    """The key's height in output pixels for a key ``width`` pixels wide."""
    columns = _columns(width)
    total = PADDING + sum(line.size * 1.3 for line in _lines(scene, width - 2 * PADDING, ss))
    for section in _sections(scene):
        total += PADDING / 2 + HEADING * 1.4 + math.ceil(len(section.entries) / columns) * ROW
    return math.ceil(total + PADDING)


def draw_legend(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    x0, y0, x1, _ = lay.legend_box
    draw.rounded_rectangle(
        lay.legend_box, radius=lay.u(10), fill=LEGEND_FILL, outline=BOARD_EDGE, width=lay.w(1.5)
    )
    width = (x1 - x0) / lay.ss
    columns = _columns(width)
    span = lay.u((width - 2 * PADDING) / columns)
    left = x0 + lay.u(PADDING)
    y = y0 + lay.u(PADDING)
    for line in _lines(scene, width - 2 * PADDING, lay.ss):
        label(
            draw, (left, y), line.text, lay.fs(line.size), line.colour, anchor="la", bold=line.bold
        )
        y += lay.u(line.size * 1.3)
    size = lay.fs(TEXT)
    for section in _sections(scene):
        y += lay.u(PADDING / 2)
        label(draw, (left, y), section.heading, lay.fs(HEADING), INK, anchor="la", bold=True)
        y += lay.u(HEADING * 1.4)
        rows = math.ceil(len(section.entries) / columns)
        for index, entry in enumerate(section.entries):
            column, row = divmod(index, rows)
            x = left + column * span
            top = y + row * lay.u(ROW)
            box = (x, top + lay.u(2), x + lay.u(SAMPLE), top + lay.u(ROW - 2))
            entry.sample(draw, lay, box)
            text = shorten(entry.text, span - lay.u(SAMPLE + 16), size)
            label(draw, (x + lay.u(SAMPLE + 8), top + lay.u(ROW) / 2), text, size, INK, anchor="lm")
        y += rows * lay.u(ROW)
