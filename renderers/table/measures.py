"""Lines measured on the table: distances, sight lines (clear or blocked) and paths."""

from __future__ import annotations

import itertools

from PIL import Image, ImageDraw

from renderers.drawn import Recorder
from renderers.placement import Placer
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
    for measure in scene.measures:
        line = points(lay, measure)
        for start, end in itertools.pairwise(line):
            placer.segment(start, end, lay.u(2))


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


def draw_labels(image: Image.Image, lay: Layout, scene: TableScene, recorder: Recorder) -> None:
    """Each line's label in a badge on the line: in its middle, or nearer the start of a
    blocked line so that it clears the cross in the middle."""
    size = lay.fs(LABEL_FONT)
    for measure in scene.measures:
        if not measure.label:
            continue
        spot, _ = along(points(lay, measure), 0.5 if measure.kind != "blocked" else 0.3)
        colour = MEASURE[measure.kind]
        marks.badge(image, lay, spot, measure.label, size, WHITE, ink=colour, outline=colour)
        w, h = marks.badge_size(measure.label, size)
        x, y = spot
        recorder.label(measure.label, (x - w / 2, y - h / 2, x + w / 2, y + h / 2), lay.ss)
