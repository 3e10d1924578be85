"""Putting the picture together and encoding it as PNG."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.closeup import ZOOM, Box, around, cropped, frame, union
from renderers.drawn import Recorder
from renderers.flat_png import flat_png
from renderers.grid import board, edges, elements, legend, measures, pieces, routes
from renderers.grid.layout import Layout, content_width, plan
from renderers.grid.palette import BACKGROUND
from renderers.registry import Pictures
from rules.grid.scene import GridScene

# Shapes are drawn at twice the size and scaled down, which smooths their edges.
SUPERSAMPLE = 2
# A close-up shows at least this many squares across and down round the action, and a
# square and a half beyond it.
CLOSEUP_LEAST = (7.0, 5.0)
CLOSEUP_MARGIN = 1.5


def draw_grid(scene: GridScene) -> bytes:
    """PNG bytes of a square-grid board: each level side by side with its rulers, and the
    key under them."""
    return flat_png(render(scene))


def grid_pictures(scene: GridScene) -> Pictures:
    """The board picture and the close-up of the latest action, from one drawing."""
    lay = layout_for(scene)
    large = _large(scene, lay, Recorder())
    closeup = _closeup(large, lay, scene)
    return Pictures(
        flat_png(_reduced(large, lay.ss)), flat_png(closeup) if closeup is not None else None
    )


def render_closeup(
    scene: GridScene, recorder: Recorder | None = None, *, fit: bool = True
) -> Image.Image | None:
    """The close-up of the latest action (None when the board shows none); ``recorder``
    learns where the board's labels and pieces went (board pixels). ``fit=False`` leaves
    a large one unshrunk."""
    lay = layout_for(scene)
    return _closeup(_large(scene, lay, recorder or Recorder()), lay, scene, fit)


def closeup_box(scene: GridScene, lay: Layout) -> Box | None:
    """The part of the picture (drawing units) a close-up shows: the acting miniature,
    the walk just made, the last line of fire and the origin of each arc, with room round
    them, on the level where the action was (the first of them named)."""
    cells = [(t.level, square) for t in scene.tokens if t.active for square in t.squares]
    cells += [(r.level, square) for r in scene.routes for square in r.squares]
    acting = set(cells)
    # A line of fire or an arc left from an earlier action is shown only when nothing
    # else happened, or when it starts or ends where the action was.
    sights = [
        s for s in scene.sights if not acting or {(s.level, s.start), (s.level, s.end)} & acting
    ]
    cells += [(s.level, end) for s in sights for end in (s.start, s.end)]
    cells += [
        (a.level, a.origin) for a in scene.arcs if not acting or (a.level, a.origin) in acting
    ]
    if not cells:
        return None
    level = cells[0][0]
    action = union(
        around([(b[0], b[1]), (b[2], b[3])])
        for b in (lay.cell(lv, sq) for lv, sq in cells if lv == level)
    )
    assert action is not None
    x0, y0, x1, y1 = lay.board(level)
    bounds = Box(x0, y0, x1, y1).grown(lay.side * 0.25)
    least = (CLOSEUP_LEAST[0] * lay.side, CLOSEUP_LEAST[1] * lay.side)
    return frame(action, margin=CLOSEUP_MARGIN * lay.side, least=least, bounds=bounds)


def _closeup(
    large: Image.Image, lay: Layout, scene: GridScene, fit: bool = True
) -> Image.Image | None:
    part = closeup_box(scene, lay)
    if part is None:
        return None
    return cropped(large, part, ZOOM / lay.ss, fit)


def layout_for(scene: GridScene, supersample: int = SUPERSAMPLE) -> Layout:
    key = legend.height(scene, content_width(scene), supersample)
    return plan(scene, key, supersample)


def render(
    scene: GridScene, supersample: int = SUPERSAMPLE, recorder: Recorder | None = None
) -> Image.Image:
    """The picture of ``scene`` at its final size, unencoded; ``recorder`` learns where
    its labels and pieces went."""
    lay = layout_for(scene, supersample)
    return _reduced(_large(scene, lay, recorder or Recorder()), lay.ss)


def _large(scene: GridScene, lay: Layout, noted: Recorder) -> Image.Image:
    """The picture at ``lay.ss`` drawing units a pixel, before it is scaled down."""
    image = Image.new("RGB", lay.size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    board.draw_floor(draw, lay, scene)
    taken = elements.draw_elements(draw, lay, scene, noted)
    measures.draw_arcs(image, lay, scene)
    routes.draw_routes(draw, lay, scene)
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
    return image


def _reduced(image: Image.Image, factor: int) -> Image.Image:
    return image.reduce(factor) if factor > 1 else image
