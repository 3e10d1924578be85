"""The walk the latest activation made: a band joining the centres of the squares walked,
in the walking seat's colour softened towards the floor, under the miniatures."""

from __future__ import annotations

from PIL import ImageDraw

from renderers.colour import Colour, blend
from renderers.grid.layout import Layout
from renderers.grid.palette import FLOOR, seat_colour
from rules.grid.scene import GridRoute, GridScene

BAND = 0.3  # of a square's side


def route_colour(scene: GridScene, route: GridRoute) -> Colour:
    seat = scene.seat(route.seat)
    return blend(seat_colour(seat.colour if seat else None), FLOOR, 0.3)


def draw_band(
    draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: Colour, width: float
) -> None:
    """A band through ``points`` with round ends."""
    draw.line(points, fill=colour, width=round(width), joint="curve")
    r = width / 2
    for x, y in (points[0], points[-1]):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def draw_routes(draw: ImageDraw.ImageDraw, lay: Layout, scene: GridScene) -> None:
    for route in scene.routes:
        points = [lay.centre(route.level, square) for square in route.squares]
        draw_band(draw, points, route_colour(scene, route), lay.side * BAND)
