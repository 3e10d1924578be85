"""The boards: floor tiles, rooms without power, the square lines, the rulers along each
board and each level's name."""

from __future__ import annotations

from PIL import ImageDraw

from renderers.colour import Colour
from renderers.grid.layout import RULER, Layout
from renderers.grid.palette import (
    BOARD_EDGE,
    FLOOR,
    GRID_LINE,
    INK,
    NO_FLOOR,
    TILE_EDGE,
    TILE_SHADES,
    unpowered,
)
from renderers.lettering import label
from rules.grid.scene import GridScene
from rules.grid.squares import column_letters

RULER_FONT = 16
LEVEL_FONT = 20
HATCH_STEP = 9  # pixels between the hatch lines of a room without power

Place = tuple[int, tuple[int, int]]  # (level, square)


def tile_owner(scene: GridScene) -> dict[Place, str]:
    """The id of the tile under each square that has one."""
    return {(t.level, square): t.id for t in scene.tiles for square in t.squares}


def floor_colour(scene: GridScene) -> dict[Place, Colour]:
    """The floor colour of every square: its tile kind's shade, plain floor when the scene
    has no tiles, and no floor where tiles leave a gap."""
    shades = {k.id: TILE_SHADES[k.shade] for k in scene.tile_kinds}
    kinds = {(t.level, square): t.kind for t in scene.tiles for square in t.squares}
    empty = NO_FLOOR if scene.tiles else FLOOR
    dark = {(r.level, square) for r in scene.rooms if not r.powered for square in r.squares}
    colours: dict[Place, Colour] = {}
    for level in range(scene.level_count):
        for column in range(scene.columns):
            for row in range(scene.rows):
                place = (level, (column, row))
                kind = kinds.get(place)
                colour = shades[kind] if kind is not None else empty
                colours[place] = unpowered(colour) if place in dark else colour
    return colours


def has_gaps(scene: GridScene) -> bool:
    """Whether tiles leave squares of the board without floor."""
    covered = sum(len(set(t.squares)) for t in scene.tiles)
    return bool(scene.tiles) and covered < scene.level_count * scene.columns * scene.rows


def draw_floor(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    """Every square's floor, the hatching of rooms without power, the square lines and
    the edges between tiles."""
    for (level, square), colour in floor_colour(scene).items():
        draw.rectangle(lay.cell(level, square), fill=colour)
    for room in scene.rooms:
        if not room.powered:
            for square in room.squares:
                hatch(draw, lay, lay.cell(room.level, square))
    for level in range(scene.level_count):
        _lines(draw, lay, level)
    _tile_edges(draw, lay, scene)


def hatch(draw: ImageDraw.ImageDraw, lay: Layout, box: tuple[float, float, float, float]) -> None:
    """Diagonal lines across ``box``, lined up with those of the squares around it."""
    x0, y0, x1, y1 = box
    step = lay.u(HATCH_STEP)
    first = int((x0 + y0) // step) + 1
    last = int((x1 + y1) // step)
    colour = unpowered(unpowered(FLOOR))
    for k in range(first, last + 1):
        c = k * step
        start = (max(x0, c - y1), min(y1, c - x0))
        end = (min(x1, c - y0), max(y0, c - x1))
        draw.line((*start, *end), fill=colour, width=lay.w(1))


def _lines(draw: ImageDraw.ImageDraw, lay: Layout, level: int) -> None:
    x0, y0, x1, y1 = lay.board(level)
    for column in range(1, lay.columns):
        x = x0 + column * lay.side
        draw.line((x, y0, x, y1), fill=GRID_LINE, width=lay.w(1))
    for row in range(1, lay.rows):
        y = y0 + row * lay.side
        draw.line((x0, y, x1, y), fill=GRID_LINE, width=lay.w(1))


def _tile_edges(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    """A firmer line where one floor tile meets another."""
    owner = tile_owner(scene)
    for (level, (column, row)), tile in owner.items():
        x0, y0, x1, y1 = lay.cell(level, (column, row))
        right = owner.get((level, (column + 1, row)))
        if right is not None and right != tile:
            draw.line((x1, y0, x1, y1), fill=TILE_EDGE, width=lay.w(2))
        below = owner.get((level, (column, row + 1)))
        if below is not None and below != tile:
            draw.line((x0, y1, x1, y1), fill=TILE_EDGE, width=lay.w(2))


def draw_frames(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    """Each board's outline, its rulers (letters across, numbers down) and its name."""
    size = lay.fs(RULER_FONT)
    for level in range(scene.level_count):
        x0, y0, x1, y1 = lay.board(level)
        edge = lay.w(2)
        draw.rectangle(
            (x0 - edge, y0 - edge, x1 + edge - 1, y1 + edge - 1), outline=BOARD_EDGE, width=edge
        )
        for column in range(scene.columns):
            x = x0 + (column + 0.5) * lay.side
            label(
                draw, (x, y0 - lay.u(7)), column_letters(column), size, INK, anchor="ms", bold=True
            )
        for row in range(scene.rows):
            y = y0 + (row + 0.5) * lay.side
            label(draw, (x0 - lay.u(7), y), str(row + 1), size, INK, anchor="rm", bold=True)
        name = scene.level_name(level)
        if name:
            top = y0 - lay.u(RULER + 8)
            label(draw, (x0, top), name, lay.fs(LEVEL_FONT), INK, anchor="ls", bold=True)
