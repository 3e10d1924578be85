"""Deployment zones: bands of felt tinted with the seat's colour, edged and labelled.

Zones lie under the terrain, so their tint is the felt blended with the seat's colour.
"""

from __future__ import annotations

from PIL import ImageDraw

from renderers.drawn import Recorder
from renderers.lettering import label
from renderers.placement import Placer, Rect, text_box
from renderers.table import marks
from renderers.table.label_spots import place_inside
from renderers.table.layout import Layout
from renderers.table.palette import HALO, readable, seat_colour, zone_fill
from renderers.table.shapes import visible
from rules.geometry.scene import TableScene


def draw_zone_grounds(draw: ImageDraw.ImageDraw, lay: Layout, scene: TableScene) -> None:
    """The zones' tint, laid under the terrain."""
    for zone in scene.zones:
        seat = scene.seat(zone.seat)
        colour = zone_fill(seat_colour(seat.colour if seat else None))
        draw.polygon([lay.at(x, y) for x, y in zone.points], fill=colour)


def draw_zone_edges(draw: ImageDraw.ImageDraw, lay: Layout, scene: TableScene) -> None:
    """The zones' dashed edges, drawn over the terrain."""
    for zone in scene.zones:
        seat = scene.seat(zone.seat)
        colour = readable(seat_colour(seat.colour if seat else None))
        points = [lay.at(x, y) for x, y in zone.points]
        marks.dashed(draw, [*points, points[0]], colour, lay.w(2.5), lay.u(10), lay.u(6))


def draw_zone_labels(
    draw: ImageDraw.ImageDraw, lay: Layout, scene: TableScene, placer: Placer, recorder: Recorder
) -> list[Rect]:
    """Each zone's label inside the zone, clear of the labels placed before it; the
    labels' boxes are returned."""
    size = lay.fs(18)
    boxes: list[Rect] = []
    for zone in scene.zones:
        if not zone.label:
            continue
        seat = scene.seat(zone.seat)
        colour = readable(seat_colour(seat.colour if seat else None))
        outline = visible([lay.at(x, y) for x, y in zone.points], lay.canvas)
        if outline is None:
            continue  # a close-up of another part of the table
        spot = place_inside(
            placer, lay, outline, zone.label, size, margin=lay.u(3), optional=lay.closeup
        )
        if spot is None:
            continue
        centre, box, _ = spot
        label(draw, centre, zone.label, size, colour, bold=True, halo=HALO)
        boxes.append(box)
        recorder.label(zone.label, text_box(zone.label, size, centre, "mm", 0.0), lay.ss)
    return boxes
