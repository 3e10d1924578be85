"""Floor elements and room names.

A floor element fills its squares in a sand colour inside an outline, yellow and dashed
when it blocks movement; icons in its corner say that it blocks movement or sight, a
plate says ON or OFF. A destroyed element is faded and crossed out, its icons gone, as
it no longer blocks anything.
"""

from __future__ import annotations

from PIL import ImageDraw

from renderers.colour import blend
from renderers.drawn import Recorder
from renderers.grid.layout import Box, Layout, Point
from renderers.grid.marks import no_entry, no_sight, state_plate
from renderers.grid.palette import (
    BLOCKS_MOVE,
    DESTROYED,
    ELEMENT,
    ELEMENT_EDGE,
    FLOOR,
    HALO,
    INK,
    SOFT_INK,
)
from renderers.grid.strokes import cross, dashed
from renderers.lettering import fit, label
from renderers.placement import Rect, text_box
from rules.grid.scene import GridElement, GridScene

LABEL_FONT = 0.3  # of a square's side
ICON = 0.13
ROOM_FONT = 0.25
FADED = blend(ELEMENT, FLOOR, 0.6)


def label_square(squares: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """The element's square nearest its middle, which carries its label and marks."""
    mx = sum(c for c, _ in squares) / len(squares)
    my = sum(r for _, r in squares) / len(squares)
    return min(squares, key=lambda s: ((s[0] - mx) ** 2 + (s[1] - my) ** 2, s[1], s[0]))


def draw_elements(
    draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene, recorder: Recorder
) -> list[Rect]:
    """Every floor element; the boxes of their labels are returned."""
    boxes: list[Rect] = []
    for element in scene.elements:
        cells = {square: lay.cell(element.level, square) for square in element.squares}
        for box in cells.values():
            draw.rectangle(box, fill=FADED if element.destroyed else ELEMENT)
        _outline(draw, lay, element, cells)
        where = cells[label_square(element.squares)]
        element_marks(draw, lay.side, where, element)
        if element.label:
            x0, y0, x1, y1 = where
            size = fit(element.label, lay.side * 0.94, round(lay.side * LABEL_FONT), 6)
            box = text_box(element.label, size, ((x0 + x1) / 2, (y0 + y1) / 2), "mm", 0.0)
            recorder.label(element.label, box, lay.ss)
            boxes.append(box)
    return boxes


def _outline(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    element: GridElement,
    cells: dict[tuple[int, int], Box],
) -> None:
    """The element's outer edge (edges between two of its own squares stay open)."""
    for (column, row), (x0, y0, x1, y1) in cells.items():
        sides = (
            ((column, row - 1), (x0, y0), (x1, y0)),
            ((column, row + 1), (x0, y1), (x1, y1)),
            ((column - 1, row), (x0, y0), (x0, y1)),
            ((column + 1, row), (x1, y0), (x1, y1)),
        )
        for neighbour, start, end in sides:
            if neighbour not in cells:
                edge_line(draw, lay.side, start, end, element)


def edge_line(
    draw: ImageDraw.ImageDraw, side: float, start: Point, end: Point, element: GridElement
) -> None:
    width = max(1, round(side * 0.05))
    if element.destroyed:
        dashed(draw, start, end, SOFT_INK, max(1, width // 2), side * 0.1, side * 0.08)
    elif element.blocks_movement:
        draw.line((*start, *end), fill=BLOCKS_MOVE, width=width + 1)
        dashed(draw, start, end, INK, max(1, width // 2), side * 0.08, side * 0.1)
    else:
        draw.line((*start, *end), fill=ELEMENT_EDGE, width=max(1, width // 2))


def element_marks(draw: ImageDraw.ImageDraw, side: float, box: Box, element: GridElement) -> None:
    """The label in the middle of ``box``, icons in its top corners and the ON / OFF plate
    at its foot."""
    x0, y0, x1, y1 = box
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    if element.destroyed:
        cross(draw, middle, side * 0.3, DESTROYED, max(1, round(side * 0.05)))
    if element.label:
        size = fit(element.label, side * 0.94, round(side * LABEL_FONT), 6)
        label(draw, middle, element.label, size, INK, bold=True, halo=HALO)
    if element.destroyed:
        return
    radius = side * ICON
    pad = side * 0.04
    if element.blocks_movement:
        no_entry(draw, (x0 + pad + radius, y0 + pad + radius), radius)
    if element.blocks_sight:
        no_sight(draw, (x1 - pad - radius, y0 + pad + radius), radius)
    if element.state is not None:
        state_plate(draw, (middle[0], y1 - side * 0.18), element.state == "on", side)


def draw_room_names(
    draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene, recorder: Recorder
) -> list[Rect]:
    """Each room's name in the top-left corner of its first square; the names' boxes are
    returned."""
    boxes: list[Rect] = []
    size = max(6, round(lay.side * ROOM_FONT))
    for room in scene.rooms:
        if room.name:
            column, row = min(room.squares, key=lambda s: (s[1], s[0]))
            x, y = lay.corner(room.level, (column, row))
            at = (x + lay.u(3), y + lay.u(2))
            label(draw, at, room.name, size, SOFT_INK, anchor="la", bold=True, halo=HALO)
            box = text_box(room.name, size, at, "la", 0.0)
            recorder.label(room.name, box, lay.ss)
            boxes.append(box)
    return boxes
