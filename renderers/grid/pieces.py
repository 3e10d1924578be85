"""Miniatures and face-down markers.

A miniature is a disc in its seat's colour with its label; a notch on the rim points the
side of the square it faces and a red stretch of the rim shows its arc of sight. A
large miniature covers its 2 x 2 block. A state badge sits at the top right, small marks
along the foot; the miniature acting now is ringed in yellow and a dead one is pale and
crossed out. Miniatures sharing a square are drawn smaller, side by side.

Every face-down marker is the same dark card with a question mark; nothing else about it
is known here.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from PIL import ImageDraw

from renderers.colour import Colour
from renderers.drawn import Recorder
from renderers.grid.layout import Box, Layout, Point
from renderers.grid.marks import badge, badge_width
from renderers.grid.palette import (
    AOS,
    DEAD,
    DESTROYED,
    FACE_DOWN,
    FACE_DOWN_MARK,
    HIGHLIGHT,
    INK,
    SOFT_INK,
    WHITE,
    ink_on,
    seat_colour,
)
from renderers.grid.strokes import cross
from renderers.lettering import fit, label
from renderers.lettering import width as text_width
from rules.grid.scene import GridScene, GridToken

RADIUS = 0.42  # of a square's side
LARGE_RADIUS = 0.84
SHARED = 0.6  # a miniature sharing its square is this much smaller
MARK_FILL: Colour = (54, 54, 64)

# Compass points as angles for Pillow (degrees clockwise from three o'clock).
ANGLE = {"E": 0.0, "S": 90.0, "W": 180.0, "N": 270.0}
STEP = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}


@dataclass(frozen=True)
class Footprint:
    """Where a miniature is drawn: its centre and radius (drawing units)."""

    centre: Point
    radius: float


def footprints(lay: Layout, scene: GridScene) -> dict[str, Footprint]:
    """Each miniature's centre and radius by id."""
    sharing: dict[tuple[int, tuple[int, int]], list[str]] = defaultdict(list)
    for token in scene.tokens:
        if not token.large:
            sharing[(token.level, token.square)].append(token.id)
    found: dict[str, Footprint] = {}
    for token in scene.tokens:
        if token.large:
            x, y = lay.corner(token.level, token.square)
            found[token.id] = Footprint((x + lay.side, y + lay.side), lay.side * LARGE_RADIUS)
            continue
        x, y = lay.centre(token.level, token.square)
        group = sharing[(token.level, token.square)]
        if len(group) == 1:
            found[token.id] = Footprint((x, y), lay.side * RADIUS)
            continue
        index = group.index(token.id)
        offset = lay.side * 0.24
        dx = -offset if index % 2 == 0 else offset
        dy = 0.0 if len(group) == 2 else (-offset if index < 2 else offset)
        found[token.id] = Footprint((x + dx, y + dy), lay.side * RADIUS * SHARED)
    return found


def occupied(scene: GridScene) -> set[tuple[int, tuple[int, int]]]:
    return {(t.level, square) for t in scene.tokens for square in t.squares}


def draw_markers(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    """Face-down markers: a card filling the square, or a small one in its top-left corner
    when a miniature stands there too."""
    taken = occupied(scene)
    for marker in scene.markers:
        x0, y0, x1, y1 = lay.cell(marker.level, marker.square)
        if (marker.level, marker.square) in taken:
            small = lay.side * 0.36
            face_down(draw, (x0 + lay.u(2), y0 + lay.u(2), x0 + small, y0 + small), lay.side)
        else:
            inset = lay.side * 0.16
            face_down(draw, (x0 + inset, y0 + inset, x1 - inset, y1 - inset), lay.side)


def face_down(draw: ImageDraw.ImageDraw, box: Box, side: float) -> None:
    x0, y0, x1, y1 = box
    size = x1 - x0
    draw.rounded_rectangle(
        box,
        radius=size * 0.18,
        fill=FACE_DOWN,
        outline=FACE_DOWN_MARK,
        width=max(1, round(side * 0.03)),
    )
    middle = ((x0 + x1) / 2, (y0 + y1) / 2 + size * 0.03)
    label(draw, middle, "?", max(6, round(size * 0.62)), FACE_DOWN_MARK, bold=True)


def record(lay: Layout, scene: GridScene, recorder: Recorder) -> None:
    """The miniatures and face-down markers labels must keep off."""
    for token_id, spot in footprints(lay, scene).items():
        recorder.disc(token_id, spot.centre, spot.radius, lay.ss, (f"token {token_id}",))
    for index, marker in enumerate(scene.markers):
        box = lay.cell(marker.level, marker.square)
        recorder.mark("?", box, lay.ss, (f"marker {index}",))


def draw_tokens(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    """Every miniature, the one acting now last so that nothing covers its ring."""
    where = footprints(lay, scene)
    for token in sorted(scene.tokens, key=lambda t: t.active):
        seat = scene.seat(token.seat)
        colour = seat_colour(seat.colour if seat else None)
        spot = where[token.id]
        token_disc(draw, lay.side, spot.centre, spot.radius, colour, token)


def token_disc(
    draw: ImageDraw.ImageDraw,
    side: float,
    centre: Point,
    r: float,
    colour: Colour,
    token: GridToken,
) -> None:
    """One miniature of ``radius`` r on squares ``side`` long."""
    x, y = centre
    line = max(1, round(side * 0.03))
    if token.active:
        glow = r + side * 0.08
        draw.ellipse(
            (x - glow, y - glow, x + glow, y + glow), fill=HIGHLIGHT, outline=INK, width=line
        )
    fill = DEAD if token.dead else colour
    edge = SOFT_INK if token.dead else INK
    if token.facing is not None:
        _notch(draw, side, centre, r, token.facing, edge)
    box = (x - r, y - r, x + r, y + r)
    if token.sight is not None and token.facing is not None and not token.dead:
        rim = max(2.0, r * 0.17)
        draw.ellipse(box, fill=WHITE, outline=edge, width=line)
        middle = ANGLE[token.facing]
        half = token.sight / 2
        if token.sight >= 360:
            draw.ellipse(box, fill=AOS, outline=edge, width=line)
        else:
            draw.pieslice(box, middle - half, middle + half, fill=AOS, outline=edge, width=line)
        inner = r - rim
        draw.ellipse(
            (x - inner, y - inner, x + inner, y + inner), fill=fill, outline=edge, width=line
        )
        room = inner
    else:
        draw.ellipse(box, fill=fill, outline=edge, width=line)
        room = r
    largest = round(min(side * 0.4, room * 1.05))
    size = fit(token.label, max(side * 0.96, room * 1.8), largest, 6)
    wide = text_width(token.label, size)
    if wide > room * 1.8:
        # a long label sits on a plate of the disc's colour reaching past the rim
        half_w, half_h = wide / 2 + side * 0.04, size * 0.62
        plate = (x - half_w, y - half_h, x + half_w, y + half_h)
        draw.rounded_rectangle(plate, radius=half_h * 0.6, fill=fill, outline=edge, width=line)
    label(draw, (x, y), token.label, size, SOFT_INK if token.dead else ink_on(fill), bold=True)
    if token.dead:
        cross(draw, centre, r * 0.75, DESTROYED, max(1, round(side * 0.04)))
    if token.state:
        corner = (x + r * 0.78, y - r * 0.78)
        badge(draw, corner, token.state, side, WHITE, INK, INK)
    if token.marks:
        widths = [badge_width(mark, side) for mark in token.marks]
        gap = side * 0.03
        left = x - (sum(widths) + gap * (len(widths) - 1)) / 2
        for mark, width in zip(token.marks, widths, strict=True):
            badge(draw, (left + width / 2, y + r * 0.88), mark, side, MARK_FILL, WHITE, WHITE)
            left += width + gap


def _notch(
    draw: ImageDraw.ImageDraw, side: float, centre: Point, r: float, facing: str, colour: Colour
) -> None:
    """A triangle on the rim pointing the way the miniature faces."""
    ux, uy = STEP[facing]
    x, y = centre
    tip = (x + ux * (r + side * 0.11), y + uy * (r + side * 0.11))
    back = (x + ux * (r - side * 0.04), y + uy * (r - side * 0.04))
    half = side * 0.1
    points = [
        tip,
        (back[0] - uy * half, back[1] + ux * half),
        (back[0] + uy * half, back[1] - ux * half),
    ]
    draw.polygon(points, fill=colour, outline=WHITE, width=max(1, round(side * 0.02)))
