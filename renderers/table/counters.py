"""Counters standing in for hidden pieces: a plain disc in the seat's colour with its
public label in the middle, drawn from the counter's place, size, seat and label alone so
that nothing of what it hides can show."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.colour import Colour, blend
from renderers.drawn import Recorder
from renderers.lettering import label, width
from renderers.placement import Placer, text_box
from renderers.table import marks
from renderers.table.layout import Layout, Point, on_canvas
from renderers.table.palette import FACE_DOWN, INK, WHITE, ink_on, seat_colour
from renderers.table.stamps import FACTOR, quantised, stamp
from rules.geometry.scene import SceneCounter, TableScene

MIN_RADIUS = 8.0
LABEL_FONT = 12


def radius(lay: Layout, counter: SceneCounter) -> float:
    return max(lay.length(counter.radius), lay.u(MIN_RADIUS))


def face(colour: int | None) -> Colour:
    """A counter's face: its seat's colour (one of the eight) paled a little, or a neutral
    dark grey for a counter of no seat."""
    return blend(seat_colour(colour), WHITE, 0.25) if colour is not None else FACE_DOWN


def counter(image: Image.Image, lay: Layout, centre: Point, r: float, fill: Colour) -> None:
    """A plain round counter: its face with a dark rim and a white ring inside it."""
    size = quantised(r)

    def paint(draw: ImageDraw.ImageDraw, fine: Layout, at: Point) -> None:
        x, y = at
        big = size * FACTOR
        draw.ellipse((x - big, y - big, x + big, y + big), fill=INK)
        inner = big - fine.u(2)
        draw.ellipse((x - inner, y - inner, x + inner, y + inner), fill=fill)
        ring = inner - fine.u(2.5)
        if ring > fine.u(3):
            draw.ellipse((x - ring, y - ring, x + ring, y + ring), outline=WHITE, width=fine.w(1))

    stamp(image, lay, centre, (size + lay.u(1), size + lay.u(1)), ("counter", size, fill), paint)


def obstacles(lay: Layout, scene: TableScene, placer: Placer) -> None:
    for piece in scene.counters:
        placer.disc(lay.at(piece.x, piece.y), radius(lay, piece) + lay.u(1))


def draw_counters(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: TableScene,
    recorder: Recorder,
) -> None:
    """Every counter that shows on the canvas, with its label written inside it (on a
    badge where the label is wider than the counter)."""
    for piece in scene.counters:
        centre = lay.at(piece.x, piece.y)
        r = radius(lay, piece)
        if not on_canvas([(centre, r)], image.size):
            continue
        seat = scene.seat(piece.seat)
        fill = face(seat.colour if seat else None)
        counter(image, lay, centre, r, fill)
        owner = (f"counter {piece.id}",)
        recorder.disc(piece.label or piece.id, centre, r, lay.ss, owner)
        if not piece.label:
            continue
        size = lay.fs(LABEL_FONT)
        if width(piece.label, size) > r * 1.5:  # a badge keeps it a unit label's size
            marks.badge(image, lay, centre, piece.label, size, fill, ink_on(fill))
        else:
            label(draw, centre, piece.label, size, ink_on(fill), bold=True)
        recorder.label(piece.label, text_box(piece.label, size, centre, "mm", 0.0), lay.ss, owner)
