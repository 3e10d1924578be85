"""Putting the picture together and encoding it as PNG."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.circle_map import board, overlay
from renderers.circle_map.key import draw_key, key_height
from renderers.circle_map.layout import Layout, plan
from renderers.circle_map.legend import draw_banner, draw_legend, measure_legend
from renderers.circle_map.palette import BACKGROUND, MAP_EDGE, WHITE
from renderers.circle_map.tokens import draw_tokens
from renderers.colour import blend
from renderers.drawn import Recorder
from renderers.flat_png import flat_png
from rules.pathmap.scene import CircleMapScene

# Shapes are drawn at twice the size and scaled down, which smooths their edges.
SUPERSAMPLE = 2
LEGEND_FILL = blend(BACKGROUND, WHITE, 0.6)


def draw_circle_map(scene: CircleMapScene) -> bytes:
    """PNG bytes of the public scene: the map with everything on it, and its legend."""
    return flat_png(render(scene))


def layout_for(scene: CircleMapScene, supersample: int = SUPERSAMPLE) -> Layout:
    """The layout of ``scene``'s picture, sized to fit the map and the legend."""
    key = key_height()
    legend_height = measure_legend(plan(scene.map, 0, key, scene.finished, supersample), scene)
    return plan(scene.map, legend_height, key, scene.finished, supersample)


def render(
    scene: CircleMapScene, supersample: int = SUPERSAMPLE, recorder: Recorder | None = None
) -> Image.Image:
    """The picture of ``scene`` at its final size; ``recorder`` learns where its labels
    and pieces went."""
    lay = layout_for(scene, supersample)
    image = Image.new("RGB", lay.size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw(draw, lay, scene, recorder or Recorder())
    if supersample > 1:
        image = image.reduce(supersample)
    return image


def _draw(
    draw: ImageDraw.ImageDraw, lay: Layout, scene: CircleMapScene, recorder: Recorder
) -> None:
    draw_banner(draw, lay, scene)
    draw.rounded_rectangle(
        lay.legend_box, radius=lay.u(14), fill=LEGEND_FILL, outline=MAP_EDGE, width=lay.w(2)
    )
    draw_legend(draw, lay, scene)
    draw.rounded_rectangle(
        lay.key_box, radius=lay.u(14), fill=LEGEND_FILL, outline=MAP_EDGE, width=lay.w(2)
    )
    draw_key(draw, lay, scene.key)
    board.draw_floor(draw, lay)
    if scene.map is None:
        board.draw_no_map(draw, lay)
        return
    board.draw_under(draw, lay, scene, scene.map)
    draw_tokens(draw, lay, scene, board.positions(lay, scene.map))
    overlay.draw_over(draw, lay, scene, scene.map, recorder)
