"""Putting the picture together and encoding it as PNG."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.drawn import Recorder
from renderers.flat_png import flat_png
from renderers.registry import Pictures
from renderers.table import grid, legend
from renderers.table.canvas import table_canvas
from renderers.table.closeup import render_closeup
from renderers.table.layout import Layout, content_width, plan
from renderers.table.palette import BACKGROUND, TABLE_EDGE
from rules.geometry.scene import TableScene

# Drawing the whole table larger and scaling it down would smooth every edge but costs
# about half as much time again on a busy table; bases, markers, icons and badges are
# smoothed one by one instead (see stamps).
SUPERSAMPLE = 1


def draw_table(scene: TableScene) -> bytes:
    """PNG bytes of a measured table: terrain, zones, objectives, units, measured lines,
    the inch grid with its rulers, and a key under the table."""
    return flat_png(render(scene))


def table_pictures(scene: TableScene) -> Pictures:
    """The board picture and the close-up of what is happening in it."""
    closeup = render_closeup(scene)
    return Pictures(draw_table(scene), flat_png(closeup) if closeup is not None else None)


def layout_for(scene: TableScene, supersample: int = SUPERSAMPLE) -> Layout:
    width = content_width(scene.width, scene.depth)
    key = legend.height(scene, width, supersample)
    return plan(scene.width, scene.depth, key, supersample)


def render(
    scene: TableScene, supersample: int = SUPERSAMPLE, recorder: Recorder | None = None
) -> Image.Image:
    """The picture of ``scene`` at its final size, unencoded; ``recorder`` learns where
    the labels and pieces on the table went (measured from the table's corner)."""
    lay = layout_for(scene, supersample)
    image = Image.new("RGB", lay.size, BACKGROUND)
    canvas = table_canvas(lay, scene, recorder or Recorder())
    image.paste(_reduced(canvas, lay.ss), lay.table_origin)
    key = Image.new("RGB", lay.legend_canvas, BACKGROUND)
    legend.draw_legend(key, lay, scene)
    image.paste(_reduced(key, lay.ss), lay.legend_box[:2])
    draw = ImageDraw.Draw(image)
    left, top = lay.table_origin
    right, bottom = left + lay.table_size[0], top + lay.table_size[1]
    draw.rectangle((left - 2, top - 2, right + 1, bottom + 1), outline=TABLE_EDGE, width=2)
    grid.draw_rulers(draw, lay, scene.width, scene.depth)
    return image


def _reduced(image: Image.Image, factor: int) -> Image.Image:
    return image.reduce(factor) if factor > 1 else image
