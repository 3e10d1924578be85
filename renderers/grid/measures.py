"""Measures on the board: fire arcs as pale orange wedges, lines of sight from square
centre to square centre (blue, or red, dashed and crossed when blocked), both under the
miniatures at their ends, and their labels on free spots over everything."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.colour import blend
from renderers.drawn import Recorder
from renderers.grid.layout import Layout, Point
from renderers.grid.palette import ARC, ARC_AMOUNT, BLOCKED, HALO, INK, SIGHT
from renderers.grid.pieces import ANGLE, STEP, footprints
from renderers.grid.strokes import cross, dashed
from renderers.lettering import label
from renderers.placement import Placer, Rect, preferred
from rules.grid.scene import GridArc, GridScene, GridSight

LABEL_FONT = 0.3  # of a square's side
ARC_INK = blend(ARC, INK, 0.35)
TINT = (*ARC, round(255 * ARC_AMOUNT))


def draw_arcs(image: Image.Image, lay: Layout, scene: GridScene) -> None:
    """Each fire arc, cut to its level's board."""
    for arc in scene.arcs:
        x0, y0, x1, y1 = (round(v) for v in lay.board(arc.level))
        layer = Image.new("RGBA", (x1 - x0, y1 - y0))
        cx, cy = lay.centre(arc.level, arc.origin)
        arc_wedge(
            ImageDraw.Draw(layer), lay.side, (cx - x0, cy - y0), arc, max(x1 - x0, y1 - y0) * 1.5
        )
        region = (x0, y0, x1, y1)
        under = image.crop(region).convert("RGBA")
        image.paste(Image.alpha_composite(under, layer).convert("RGB"), region[:2])


def arc_wedge(
    draw: ImageDraw.ImageDraw,
    side: float,
    centre: Point,
    arc: GridArc,
    far: float,
    tint: tuple[int, int, int, int] = TINT,
) -> None:
    """The wedge of ``arc`` opening from ``centre`` (on a transparent layer, where the
    ``tint`` lets the board show through)."""
    reach = side * arc.reach if arc.reach is not None else far
    x, y = centre
    box = (x - reach, y - reach, x + reach, y + reach)
    edge = (*ARC, 255)
    width = max(1, round(side * 0.04))
    middle = ANGLE[arc.facing]
    if arc.degrees >= 360:
        draw.ellipse(box, fill=tint, outline=edge, width=width)
        return
    start, end = middle - arc.degrees / 2, middle + arc.degrees / 2
    draw.pieslice(box, start, end, fill=tint)
    for angle in (start, end):
        a = math.radians(angle)
        draw.line((x, y, x + reach * math.cos(a), y + reach * math.sin(a)), fill=edge, width=width)
    if arc.reach is not None:
        draw.arc(box, start, end, fill=edge, width=width)


def draw_sights(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    """Lines of sight, under the miniatures at their ends."""
    for sight in scene.sights:
        sight_line(draw, lay.side, *_ends(lay, sight), sight)


def _ends(lay: Layout, sight: GridSight) -> tuple[Point, Point]:
    """The centres of the squares a line of sight joins."""
    return lay.centre(sight.level, sight.start), lay.centre(sight.level, sight.end)


# How far from its line or wedge a label may go (squares), nearest first.
REACHES = (0.2, 0.5, 0.8, 1.2, 1.6)


def draw_labels(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: GridScene,
    taken: list[Rect],
    recorder: Recorder,
) -> None:
    """The labels of lines of sight and fire arcs, each on a free spot near its line or
    wedge, clear of the miniatures, the markers, the ``taken`` names of rooms and
    elements and the other labels."""
    placer = Placer(lay.board_span(), lay.side)
    for piece in footprints(lay, scene).values():
        placer.disc(piece.centre, piece.radius + lay.u(2))
    for marker in scene.markers:
        placer.rect(lay.cell(marker.level, marker.square))
    for box in taken:
        placer.rect(box)
    reaches = tuple(lay.side * reach for reach in REACHES)
    for sight in scene.sights:
        placer.segment(*_ends(lay, sight), lay.side * 0.05)
    size = max(6, round(lay.side * LABEL_FONT))
    margin = lay.u(2)
    for sight in scene.sights:
        if sight.label:
            start, end = _ends(lay, sight)
            middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            order = preferred(end[1] - start[1], start[0] - end[0])
            spot = placer.place(sight.label, size, middle, reaches[0], order, margin, reaches[1:])
            ink = BLOCKED if sight.blocked else SIGHT
            label(draw, spot.xy, sight.label, size, ink, anchor=spot.anchor, bold=True, halo=HALO)
            recorder.label(sight.label, spot.box, lay.ss)
    for arc in scene.arcs:
        if arc.label:
            ux, uy = STEP[arc.facing]
            cx, cy = lay.centre(arc.level, arc.origin)
            reach = min(arc.reach or 3, 3) * lay.side * 0.75
            at = (cx + ux * reach, cy + uy * reach)
            order = preferred(-uy, ux)
            spot = placer.place(arc.label, size, at, reaches[0], order, margin, reaches[1:])
            ink = ARC_INK
            label(draw, spot.xy, arc.label, size, ink, anchor=spot.anchor, bold=True, halo=HALO)
            recorder.label(arc.label, spot.box, lay.ss)


def sight_line(
    draw: ImageDraw.ImageDraw, side: float, start: Point, end: Point, sight: GridSight
) -> None:
    width = max(1, round(side * 0.06))
    colour = BLOCKED if sight.blocked else SIGHT
    dot = side * 0.08
    x, y = start
    draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=colour, outline=INK)
    if sight.blocked:
        dashed(draw, start, end, colour, width, side * 0.22, side * 0.12)
        cross(draw, ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), side * 0.14, colour, width)
    else:
        draw.line((*start, *end), fill=colour, width=width)
        x, y = end
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=colour, outline=INK)
