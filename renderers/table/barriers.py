"""Terrain laid as lines (fences, walls, wagons): a thick band along the line, darker and
wider for a high one, with its name written beside it."""

from __future__ import annotations

import itertools
import math

from PIL import ImageDraw

from renderers.colour import Colour
from renderers.drawn import Recorder
from renderers.lettering import label
from renderers.placement import Placer, Rect, text_box
from renderers.table.layout import Layout, Point
from renderers.table.palette import HALO, INK
from rules.geometry.pieces import Height
from rules.geometry.scene import SceneBarrier, TableScene

LOW_FILL: Colour = (150, 104, 52)
HIGH_FILL: Colour = (84, 76, 86)
LABEL_FONT = 12


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


def _spots(lay: Layout, points: list[Point]) -> list[Point]:
    """Where a label may go: beside the middle of the longest stretch, either side, then
    beside its ends."""
    start, end = max(itertools.pairwise(points), key=lambda s: math.dist(*s))
    length = math.dist(start, end) or 1.0
    nx, ny = -(end[1] - start[1]) / length, (end[0] - start[0]) / length
    out: list[Point] = []
    for t in (0.5, 0.25, 0.75):
        mx, my = start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t
        for reach in (12.0, 20.0, 30.0):
            out += [(mx + nx * lay.u(reach), my + ny * lay.u(reach))]
            out += [(mx - nx * lay.u(reach), my - ny * lay.u(reach))]
    return out


def draw_labels(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: TableScene,
    placer: Placer,
    recorder: Recorder,
) -> None:
    """Each barrier's label beside it where it covers least."""
    size = lay.fs(LABEL_FONT)
    for barrier in scene.barriers:
        if not barrier.label:
            continue
        points = [lay.at(x, y) for x, y in barrier.points]
        best: tuple[int, Point, Rect] | None = None
        for spot in _spots(lay, points):
            box = text_box(barrier.label, size, spot, "mm", lay.u(1))
            score = placer.clashes(box)
            if best is None or score < best[0]:
                best = (score, spot, box)
                if score == 0:
                    break
        assert best is not None
        _, spot, box = best
        placer.rect(box)
        recorder.label(barrier.label, text_box(barrier.label, size, spot, "mm", 0.0), lay.ss)
        label(draw, spot, barrier.label, size, INK, bold=True, halo=HALO, halo_width=lay.w(2))
