"""Terrain laid as lines (fences, walls, wagons): a thick band along the line, darker and
wider for a high one, with its name written beside it."""

from __future__ import annotations

import itertools
import math

from PIL import ImageDraw

from renderers.colour import Colour
from renderers.drawn import Recorder
from renderers.lettering import label
from renderers.placement import ON_LABEL, Placer, text_box
from renderers.table.layout import Layout, Point
from renderers.table.palette import HALO, INK
from rules.geometry.pieces import Height
from rules.geometry.scene import SceneBarrier, TableScene

LOW_FILL: Colour = (150, 104, 52)
HIGH_FILL: Colour = (84, 76, 86)
LABEL_FONT = 12
GAP = 4.0  # the room (output pixels) a label keeps round it, so that it reads alone
OFFSETS = (
    *((t, reach) for t in (0.5, 0.25, 0.75) for reach in (6.0, 14.0, 24.0)),
    *((t, 36.0) for t in (0.5, 0.25, 0.75)),
    *((t, reach) for t in (0.1, 0.9) for reach in (6.0, 14.0, 24.0, 36.0)),
)
"""Where along a stretch (its fraction) and how far off it (output pixels beyond the
label's half) a label is tried, nearest the middle first."""


def tall(barrier: SceneBarrier) -> bool:
    return barrier.height >= Height.TALL


def band(
    draw: ImageDraw.ImageDraw, lay: Layout, points: list[Point], *, high: bool = False
) -> None:
    """The line drawn as a band with a dark edge: wider and darker when ``high``."""
    width = 7.0 if high else 5.0
    draw.line(points, fill=INK, width=lay.w(width + 2.5), joint="curve")
    draw.line(points, fill=HIGH_FILL if high else LOW_FILL, width=lay.w(width), joint="curve")


def draw_barriers(draw: ImageDraw.ImageDraw, lay: Layout, scene: TableScene) -> None:
    for barrier in scene.barriers:
        band(draw, lay, [lay.at(x, y) for x, y in barrier.points], high=tall(barrier))


def obstacles(lay: Layout, scene: TableScene, placer: Placer) -> None:
    """The bands, for labels to keep off where they can."""
    for barrier in scene.barriers:
        points = [lay.at(x, y) for x, y in barrier.points]
        for start, end in itertools.pairwise(points):
            placer.segment(start, end, lay.u(4))


def _spots(lay: Layout, points: list[Point], size: tuple[float, float]) -> list[Point]:
    """Where a label of ``size`` may go: clear of the middle of a stretch on either side,
    then of its quarters and ends, each farther out in turn; the longest stretch first."""
    out: list[Point] = []
    stretches = sorted(itertools.pairwise(points), key=lambda s: -math.dist(*s))
    for start, end in stretches:
        length = math.dist(start, end) or 1.0
        nx, ny = -(end[1] - start[1]) / length, (end[0] - start[0]) / length
        # how far the label's centre must stand off the line for its box to clear it
        half = abs(nx) * size[0] / 2 + abs(ny) * size[1] / 2
        for t, reach in OFFSETS:
            mx, my = start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t
            away = half + lay.u(reach)
            out += [(mx + nx * away, my + ny * away), (mx - nx * away, my - ny * away)]
    return out


def draw_labels(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: TableScene,
    placer: Placer,
    recorder: Recorder,
) -> None:
    """Each barrier's label beside it where it covers least, its letters never over a
    piece or a label placed before (the units' codes, which players type, come first);
    one with no such spot is left out: its band and the key still say what it is."""
    size = lay.fs(LABEL_FONT)
    for barrier in scene.barriers:
        if not barrier.label:
            continue
        points = [lay.at(x, y) for x, y in barrier.points]
        # the spot whose letters cover least, then whose room round them does
        best: tuple[tuple[int, int], Point] | None = None
        x0, y0, x1, y1 = text_box(barrier.label, size, (0.0, 0.0), "mm", lay.u(GAP))
        for spot in _spots(lay, points, (x1 - x0, y1 - y0)):
            roomy = placer.clashes(text_box(barrier.label, size, spot, "mm", lay.u(GAP)))
            tight = placer.clashes(text_box(barrier.label, size, spot, "mm", 0.0)) if roomy else 0
            if best is None or (tight, roomy) < best[0]:
                best = ((tight, roomy), spot)
                if roomy == 0:
                    break
        assert best is not None
        (tight, roomy), spot = best
        if tight >= ON_LABEL or (roomy and lay.closeup):
            continue  # even its letters alone would cover a piece or a label
        placer.rect(text_box(barrier.label, size, spot, "mm", lay.u(GAP)))
        recorder.label(barrier.label, text_box(barrier.label, size, spot, "mm", 0.0), lay.ss)
        label(draw, spot, barrier.label, size, INK, bold=True, halo=HALO, halo_width=lay.w(2))
