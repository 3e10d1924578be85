"""Where things go: the size of a square, each level's board, the rulers and the key.

Lengths are planned in output pixels and kept in drawing units (``ss`` a pixel): the
picture is drawn larger and scaled down, which smooths every edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from renderers.scaling import Scaled
from rules.grid.scene import GridScene

MAX_SQUARE = 64
MIN_SQUARE = 20
BOARD_WIDTH = 960  # for one level; each further level side by side adds LEVEL_WIDTH
LEVEL_WIDTH = 440
MAX_BOARDS_WIDTH = 1800
BOARD_HEIGHT = 1100
MIN_CONTENT_WIDTH = 860
MARGIN = 14
RULER = 26
LEVEL_HEAD = 34
GAP = 28

Point = tuple[float, float]
Box = tuple[float, float, float, float]


def square_size(columns: int, rows: int, levels: int) -> int:
    """Output pixels a square for ``levels`` boards of ``columns`` by ``rows`` side by side."""
    room = min(BOARD_WIDTH + LEVEL_WIDTH * (levels - 1), MAX_BOARDS_WIDTH)
    across = (room - levels * RULER - (levels - 1) * GAP) // (levels * columns)
    down = BOARD_HEIGHT // rows
    return max(MIN_SQUARE, min(MAX_SQUARE, across, down))


def boards_width(scene: GridScene, side: int) -> int:
    """The width (output pixels) of every level's board with its ruler, side by side."""
    levels = scene.level_count
    return levels * (RULER + scene.columns * side) + (levels - 1) * GAP


def content_width(scene: GridScene) -> int:
    """The width (output pixels) inside the margins, which the key spans."""
    side = square_size(scene.columns, scene.rows, scene.level_count)
    return max(boards_width(scene, side), MIN_CONTENT_WIDTH)


@dataclass(frozen=True)
class Layout(Scaled):
    """Geometry of one picture in drawing units (``ss`` a pixel)."""

    ss: int
    side: float  # a square's side
    origins: tuple[Point, ...]  # each level's top-left board corner
    columns: int
    rows: int
    legend_box: Box
    size: tuple[int, int]

    def corner(self, level: int, square: tuple[int, int]) -> Point:
        """The top-left corner of ``square`` on ``level``."""
        x, y = self.origins[level]
        return x + square[0] * self.side, y + square[1] * self.side

    def centre(self, level: int, square: tuple[int, int]) -> Point:
        x, y = self.corner(level, square)
        return x + self.side / 2, y + self.side / 2

    def cell(self, level: int, square: tuple[int, int]) -> Box:
        x, y = self.corner(level, square)
        return x, y, x + self.side, y + self.side

    def board_span(self) -> Box:
        """The box around every level's board."""
        x0, y0, _, y1 = self.board(0)
        return x0, y0, self.board(len(self.origins) - 1)[2], y1

    def board(self, level: int) -> Box:
        x, y = self.origins[level]
        return x, y, x + self.columns * self.side, y + self.rows * self.side


def plan(scene: GridScene, legend_height: float, ss: int) -> Layout:
    """The layout of ``scene`` with a key ``legend_height`` output pixels tall under it."""
    levels = scene.level_count
    side = square_size(scene.columns, scene.rows, levels)
    content = content_width(scene)
    left = MARGIN + (content - boards_width(scene, side)) / 2
    top = MARGIN + (LEVEL_HEAD if scene.levels else 0) + RULER
    origins = tuple(
        ((left + RULER + index * (RULER + scene.columns * side + GAP)) * ss, top * ss)
        for index in range(levels)
    )
    legend_top = top + scene.rows * side + GAP / 2
    height = math.ceil(legend_top + legend_height + MARGIN)
    width = content + 2 * MARGIN
    return Layout(
        ss=ss,
        side=side * ss,
        origins=origins,
        columns=scene.columns,
        rows=scene.rows,
        legend_box=(
            MARGIN * ss,
            legend_top * ss,
            (MARGIN + content) * ss,
            (legend_top + legend_height) * ss,
        ),
        size=(width * ss, height * ss),
    )
