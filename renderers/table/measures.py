"""Lines measured on the table: distances, sight lines (clear or blocked) and paths."""

from __future__ import annotations

import itertools

from PIL import Image, ImageDraw

from renderers.drawn import Recorder
from renderers.placement import Placer, Rect
from renderers.table import marks
from renderers.table.layout import Layout, Point
from renderers.table.palette import MEASURE, WHITE
from renderers.table.shapes import along
from rules.geometry.scene import SceneMeasure, TableScene

LABEL_FONT = 13


def points(lay: Layout, measure: SceneMeasure) -> list[Point]:
    return [lay.at(x, y) for x, y in measure.points]


def obstacles(lay: Layout, scene: TableScene, placer: Placer) -> None:
    """Let labels placed later keep clear of the lines."""
    for index, measure in enumerate(scene.measures):
        line = points(lay, measure)
        for start, end in itertools.pairwise(line):
            placer.segment(start, end, lay.u(2), f"measure {index}")


def draw_lines(
    image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, scene: TableScene
) -> None:
    """Every line, then the marks at their ends and middles, so no line hides a mark."""
    for measure in scene.measures:
        line(draw, lay, measure.kind, points(lay, measure))
    for measure in scene.measures:
        ends(image, draw, lay, measure.kind, points(lay, measure))


def line(draw: ImageDraw.ImageDraw, lay: Layout, kind: str, line: list[Point]) -> None:
    """One measured line of ``kind`` through ``line`` (drawing units), edged in white."""
    colour = MEASURE[kind]
    width = lay.w(2.5)
    halo = lay.w(5.5)
    if kind in ("sight", "blocked"):
        marks.dashed(draw, line, WHITE, halo, lay.u(9), lay.u(5))
        marks.dashed(draw, line, colour, width, lay.u(9), lay.u(5))
    else:
        draw.line(line, fill=WHITE, width=halo, joint="curve")
        draw.line(line, fill=colour, width=width, joint="curve")


def ends(
    image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, kind: str, line: list[Point]
) -> None:
    """Bars at both ends of a distance, an arrow head on a path, a cross on a blocked
    sight line."""
    colour = MEASURE[kind]
    if kind == "distance":
        for end, toward in ((line[0], line[1]), (line[-1], line[-2])):
            _end_bar(draw, lay, end, toward, colour)
    elif kind == "path":
        _, direction = along(line, 1.0)
        marks.arrowhead(draw, line[-1], direction, lay.u(13), colour)
    elif kind == "blocked":
        middle, _ = along(line, 0.5)
        marks.cross(image, lay, middle, lay.u(9), colour)


def _end_bar(
    draw: ImageDraw.ImageDraw, lay: Layout, end: Point, toward: Point, colour: tuple[int, int, int]
) -> None:
    dx, dy = toward[0] - end[0], toward[1] - end[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    px, py = -dy / length * lay.u(6), dx / length * lay.u(6)
    draw.line((end[0] - px, end[1] - py, end[0] + px, end[1] + py), fill=colour, width=lay.w(2.5))


# Where along its line a label may sit, the usual spot first (a blocked line's middle
# holds its cross).
ALONG = (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.12, 0.88)
ALONG_BLOCKED = (0.3, 0.2, 0.7, 0.8, 0.12, 0.88, 0.38, 0.62)
# On the line first, then beside it (badge heights off it, either side).
SIDEWAYS = (0.0, 0.9, -0.9, 1.8, -1.8, 2.7, -2.7)


def draw_labels(
    image: Image.Image, lay: Layout, scene: TableScene, placer: Placer, recorder: Recorder
) -> None:
    """Each line's label in a badge on the line: in its middle (nearer the start of a
    blocked line, clear of the cross), or moved along or beside it off the units'
    labels, bases and the other lines' labels. A label with no free spot that repeats
    one already shown on a line of the same kind (every model of a unit moved 3") is
    left out rather than printed over a base."""
    size = lay.fs(LABEL_FONT)
    shown: set[tuple[str, str]] = set()
    for index, measure in enumerate(scene.measures):
        if not measure.label:
            continue
        w, h = marks.badge_size(measure.label, size)
        line = points(lay, measure)
        best: tuple[int, Rect] | None = None
        fractions = ALONG_BLOCKED if measure.kind == "blocked" else ALONG
        for fraction, side in itertools.product(fractions, SIDEWAYS):
            (x, y), (ux, uy) = along(line, fraction)
            x, y = x - uy * side * h, y + ux * side * h
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            score = placer.clashes(box, f"measure {index}")
            if best is None or score < best[0]:
                best = (score, box)
                if score == 0:
                    break
        assert best is not None
        if best[0] > 0 and ((measure.kind, measure.label) in shown or lay.closeup):
            continue
        shown.add((measure.kind, measure.label))
        box = best[1]
        placer.rect(box)
        spot = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        colour = MEASURE[measure.kind]
        marks.badge(image, lay, spot, measure.label, size, WHITE, ink=colour, outline=colour)
        recorder.label(measure.label, box, lay.ss)
