"""The close-up of a measured table: the acting unit and the lines just measured (a move's
path, a line of sight, a distance), a few inches round them, drawn at twice the board's
size with inch numbers along the top and left, so that unit codes and distances read on a
phone without zooming.

Only that part of the table is drawn (the layout's view), so labels are placed within it
and nothing outside costs time.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.closeup import WIDTH, ZOOM, Box, around, fitted, frame, union
from renderers.drawn import Recorder
from renderers.lettering import label
from renderers.table.canvas import table_canvas
from renderers.table.grid import RULER_FONT, marks_at, steps
from renderers.table.layout import Layout
from renderers.table.palette import BACKGROUND, INK, SOFT_INK, TABLE_EDGE
from rules.geometry.scene import TableScene
from rules.geometry.units import PER_INCH

MARGIN = 3 * PER_INCH  # table shown round the action
LEAST = (14 * PER_INCH, 10 * PER_INCH)  # the smallest part of the table shown
MOST_PER_INCH = 36.0  # board pixels an inch at most (a close-up of a short step)
RULER = (30, 22)  # left and top strips for the inch numbers (board pixels)
EDGE = 2


def action_box(scene: TableScene) -> Box | None:
    """The box (hundredths) round the acting units' bases and every measured line; None
    when the scene shows nothing happening."""
    acting = [
        around([(m.x, m.y)], m.radius) for unit in scene.units if unit.active for m in unit.models
    ]
    measured = [around(measure.points) for measure in scene.measures]
    return union([*acting, *measured])


def region(scene: TableScene) -> Box | None:
    """The part of the table (hundredths) a close-up of ``scene`` shows."""
    action = action_box(scene)
    if action is None:
        return None
    bounds = Box(0, 0, scene.width, scene.depth)
    return frame(action, margin=MARGIN, least=LEAST, bounds=bounds)


def layout(scene: TableScene, part: Box) -> Layout:
    """The layout that draws ``part`` of the table about :data:`WIDTH` pixels wide."""
    # Whole pixels an inch, as on the board: grid lines stay sharp, and close-ups at the
    # same scale share the bases and badges already drawn (renderers.table.stamps).
    per_inch = float(max(1, math.floor(min(WIDTH / ZOOM / (part.width / PER_INCH), MOST_PER_INCH))))
    scale = per_inch * ZOOM / PER_INCH
    size = (round(part.width * scale), round(part.height * scale))
    full = (round(scene.width * per_inch / PER_INCH), round(scene.depth * per_inch / PER_INCH))
    return Layout(
        ss=ZOOM,
        per_inch=per_inch,
        table_size=full,
        table_origin=(0, 0),
        legend_box=(0, 0, 0, 0),
        size=size,
        view=(part.x0 * scale, part.y0 * scale),
        view_size=size,
    )


def render_closeup(
    scene: TableScene, recorder: Recorder | None = None, *, fit: bool = True
) -> Image.Image | None:
    """The close-up of ``scene``, None when nothing is happening in it; ``recorder`` learns
    where its labels and pieces went (measured from the table's corner in it, in board
    pixels: half the close-up's own). ``fit=False`` leaves a large one unshrunk."""
    part = region(scene)
    if part is None:
        return None
    lay = layout(scene, part)
    table = table_canvas(lay, scene, recorder or Recorder())
    left, top = RULER[0] * ZOOM, RULER[1] * ZOOM
    edge = EDGE * ZOOM
    # room beyond the far edges for the numbers of the rulers' last marks
    spare = edge + lay.fs(RULER_FONT)
    image = Image.new("RGB", (left + table.width + spare, top + table.height + spare), BACKGROUND)
    image.paste(table, (left, top))
    draw = ImageDraw.Draw(image)
    draw.rectangle(
        (left - edge, top - edge, left + table.width + edge - 1, top + table.height + edge - 1),
        outline=TABLE_EDGE,
        width=edge,
    )
    _rulers(draw, lay, scene, (left, top), table.size)
    return fitted(image) if fit else image


def _rulers(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: TableScene,
    origin: tuple[int, int],
    size: tuple[int, int],
) -> None:
    """Inch numbers along the top and the left of the part shown, as on the board."""
    minor, major = steps(lay.per_inch)
    left, top = origin
    font = lay.fs(RULER_FONT)
    tick = lay.u(6)
    for inch in marks_at(scene.width, minor):
        x = lay.inch_line(inch)[0]
        if 0 <= x <= size[0]:
            numbered = inch % major == 0
            draw.line(
                (left + x, top - (tick if numbered else tick / 2), left + x, top - lay.w(2)),
                fill=SOFT_INK,
                width=lay.w(1),
            )
            if numbered:
                label(
                    draw,
                    (left + x, top - tick - lay.u(1)),
                    str(inch),
                    font,
                    INK,
                    anchor="ms",
                    bold=True,
                )
    for inch in marks_at(scene.depth, minor):
        y = lay.inch_line(inch)[1]
        if 0 <= y <= size[1]:
            numbered = inch % major == 0
            draw.line(
                (left - (tick if numbered else tick / 2), top + y, left - lay.w(2), top + y),
                fill=SOFT_INK,
                width=lay.w(1),
            )
            if numbered:
                label(
                    draw,
                    (left - tick - lay.u(2), top + y),
                    str(inch),
                    font,
                    INK,
                    anchor="rm",
                    bold=True,
                )
