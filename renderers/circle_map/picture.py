"""Putting the picture together and encoding it as PNG."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.circle_map import board, overlay, trail
from renderers.circle_map.key import draw_key, key_height
from renderers.circle_map.layout import Layout, plan
from renderers.circle_map.legend import draw_banner, draw_legend, measure_legend
from renderers.circle_map.palette import BACKGROUND, MAP_EDGE, WHITE
from renderers.circle_map.tokens import draw_tokens
from renderers.closeup import ZOOM, Box, around, cropped, frame, union
from renderers.colour import blend
from renderers.drawn import DrawnBox, Recorder
from renderers.flat_png import flat_png
from renderers.registry import Pictures
from rules.pathmap.scene import CircleMapScene

# Shapes are drawn at twice the size and scaled down, which smooths their edges.
SUPERSAMPLE = 2
LEGEND_FILL = blend(BACKGROUND, WHITE, 0.6)
# The smallest part of the map a close-up shows (board pixels): a few circles round the
# action, whatever it was.
CLOSEUP_LEAST = (380.0, 300.0)
WIDEN = 0.15  # how far (a share of its size) a close-up widens for a label it would cut


def draw_circle_map(scene: CircleMapScene) -> bytes:
    """PNG bytes of the public scene: the map with everything on it, and its legend."""
    return flat_png(render(scene))


def circle_pictures(scene: CircleMapScene) -> Pictures:
    """The board picture and the close-up of the latest activation, from one drawing."""
    lay = layout_for(scene)
    recorder = Recorder()
    large = _large(scene, lay, recorder)
    closeup = _closeup(large, lay, scene, recorder.boxes)
    return Pictures(
        flat_png(_reduced(large, lay.ss)), flat_png(closeup) if closeup is not None else None
    )


def render_closeup(
    scene: CircleMapScene, recorder: Recorder | None = None, *, fit: bool = True
) -> Image.Image | None:
    """The close-up of the latest activation (None when the map shows none); ``recorder``
    learns where the board's labels and pieces went (board pixels). ``fit=False`` leaves
    a large one unshrunk."""
    lay = layout_for(scene)
    noted = recorder or Recorder()
    return _closeup(_large(scene, lay, noted), lay, scene, noted.boxes, fit)


def closeup_box(scene: CircleMapScene, lay: Layout, drawn: list[DrawnBox]) -> Box | None:
    """The part of the picture (drawing units) a close-up shows: the route, the attacks
    and the bursts with a circle's room round them, widened a little for the labels it
    would otherwise cut in two."""
    if scene.map is None:
        return None
    where = board.positions(lay, scene.map)
    action = union(around([p], reach) for p, reach in trail.trail_points(lay, scene, where))
    if action is None:
        return None
    x0, y0, x1, y1 = lay.map_box
    bounds = Box(x0, y0, x1, y1)
    least = (CLOSEUP_LEAST[0] * lay.ss, CLOSEUP_LEAST[1] * lay.ss)
    part = frame(action, margin=lay.radius, least=least, bounds=bounds)
    scaled = [Box(*(v * lay.ss for v in thing.box)) for thing in drawn]
    cut = [
        b for b in scaled if b.x0 < part.x1 and b.x1 > part.x0 and b.y0 < part.y1 and b.y1 > part.y0
    ]
    room = (part.width * WIDEN, part.height * WIDEN)
    grown = union([part, *(b.grown(lay.u(4)) for b in cut)])
    assert grown is not None
    return Box(
        max(grown.x0, part.x0 - room[0], bounds.x0),
        max(grown.y0, part.y0 - room[1], bounds.y0),
        min(grown.x1, part.x1 + room[0], bounds.x1),
        min(grown.y1, part.y1 + room[1], bounds.y1),
    )


def _closeup(
    large: Image.Image,
    lay: Layout,
    scene: CircleMapScene,
    drawn: list[DrawnBox],
    fit: bool = True,
) -> Image.Image | None:
    part = closeup_box(scene, lay, drawn)
    if part is None:
        return None
    return cropped(large, part, ZOOM / lay.ss, fit)


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
    return _reduced(_large(scene, lay, recorder or Recorder()), lay.ss)


def _large(scene: CircleMapScene, lay: Layout, recorder: Recorder) -> Image.Image:
    """The picture at ``lay.ss`` drawing units a pixel, before it is scaled down."""
    image = Image.new("RGB", lay.size, BACKGROUND)
    _draw(ImageDraw.Draw(image), lay, scene, recorder)
    return image


def _reduced(image: Image.Image, factor: int) -> Image.Image:
    return image.reduce(factor) if factor > 1 else image


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
