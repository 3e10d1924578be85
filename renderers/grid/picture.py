"""Putting the picture together and encoding it as PNG."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.drawn import Recorder
from renderers.flat_png import flat_png
from renderers.grid import board, edges, elements, legend, measures, pieces
from renderers.grid.layout import Layout, content_width, plan
from renderers.grid.palette import BACKGROUND
from rules.grid.scene import GridScene

# Shapes are drawn at twice the size and scaled down, which smooths their edges.
SUPERSAMPLE = 2


def draw_grid(scene: GridScene) -> bytes:
    """PNG bytes of a square-grid board: each level side by side with its rulers, and the
    key under them."""
    return flat_png(render(scene))


def layout_for(scene: GridScene, supersample: int = SUPERSAMPLE) -> Layout:
    key = legend.height(scene, content_width(scene), supersample)
    return plan(scene, key, supersample)


def render(
    scene: GridScene, supersample: int = SUPERSAMPLE, recorder: Recorder | None = None
) -> Image.Image:
    """The picture of ``scene`` at its final size, unencoded; ``recorder`` learns where
    its labels and pieces went."""
    noted = recorder or Recorder()
    lay = layout_for(scene, supersample)
    image = Image.new("RGB", lay.size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    board.draw_floor(draw, lay, scene)
    taken = elements.draw_elements(draw, lay, scene, noted)
    measures.draw_arcs(image, lay, scene)
    edges.draw_walls(draw, lay, scene)
    edges.draw_doors(draw, lay, scene)
    pieces.draw_markers(draw, lay, scene)
    measures.draw_sights(draw, lay, scene)
    pieces.draw_tokens(draw, lay, scene)
    pieces.record(lay, scene, noted)
    taken += elements.draw_room_names(draw, lay, scene, noted)
    measures.draw_labels(draw, lay, scene, taken, noted)
    board.draw_frames(draw, lay, scene)
    legend.draw_legend(draw, lay, scene)
    return image.reduce(supersample) if supersample > 1 else image
