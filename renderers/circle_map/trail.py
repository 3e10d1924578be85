"""What the latest activation did, drawn on the map: the route its character walked as a
band along the paths in its side's colour (under the circles), each attack or throw as a
dashed line from the attacker's circle to its target's with an arrow head, and a burst
ring round each circle a grenade landed on (both under the characters)."""

from __future__ import annotations

import math

from PIL import ImageDraw

from renderers.circle_map import icons
from renderers.circle_map.layout import Layout, Point
from renderers.circle_map.palette import HINDERS, MAP_FLOOR, WHITE, rgb
from renderers.colour import Colour, blend
from rules.pathmap.scene import CircleMapScene

SHOT: Colour = HINDERS
BURST: Colour = (232, 120, 20)


def route_colour(scene: CircleMapScene) -> Colour:
    """The walking side's colour, softened so the circles on the route still read."""
    side = next((s for s in scene.sides if s.seat == scene.trail.seat), None)
    return blend(rgb(side.colour if side else None), MAP_FLOOR, 0.25)


def draw_route(
    draw: ImageDraw.ImageDraw, lay: Layout, scene: CircleMapScene, where: dict[str, Point]
) -> None:
    """The band along the circles walked, drawn before the circles."""
    walked = [where[c] for c in scene.trail.route if c in where]
    if len(walked) < 2:
        return
    band = lay.w(max(12.0, lay.radius / lay.ss * 0.9))
    colour = route_colour(scene)
    draw.line(walked, fill=colour, width=band, joint="curve")
    for x, y in (walked[0], walked[-1]):
        r = band / 2
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def draw_shots(
    draw: ImageDraw.ImageDraw, lay: Layout, scene: CircleMapScene, where: dict[str, Point]
) -> None:
    """Burst rings and attack lines, drawn over the circles and under the characters."""
    for circle in dict.fromkeys(scene.trail.blasts):
        if circle in where:
            x, y = where[circle]
            r = lay.radius * 1.55
            draw.ellipse((x - r, y - r, x + r, y + r), outline=WHITE, width=lay.w(7))
            draw.ellipse((x - r, y - r, x + r, y + r), outline=BURST, width=lay.w(4))
    for start, end in dict.fromkeys(scene.trail.shots):
        if start in where and end in where and start != end:
            _shot(draw, lay, where[start], where[end])


def _shot(draw: ImageDraw.ImageDraw, lay: Layout, start: Point, end: Point) -> None:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * lay.radius * 1.05, y1 - uy * lay.radius * 1.05)
    icons.dashed(draw, start, tip, WHITE, lay.w(7), lay.u(10))
    icons.dashed(draw, start, tip, SHOT, lay.w(4), lay.u(10))
    size = lay.u(16)
    back = (tip[0] - ux * size, tip[1] - uy * size)
    side = (-uy * size * 0.55, ux * size * 0.55)
    head = [tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])]
    draw.polygon(head, fill=SHOT, outline=WHITE, width=lay.w(1.5))


def trail_points(
    lay: Layout, scene: CircleMapScene, where: dict[str, Point]
) -> list[tuple[Point, float]]:
    """Where the trail and the acting character are (drawing units), each with how far it
    reaches: what a close-up must show."""
    reach = lay.radius * 1.6
    circles = [
        *scene.trail.route,
        *(c for shot in scene.trail.shots for c in shot),
        *scene.trail.blasts,
        *(t.circle for t in scene.tokens if t.active and t.circle is not None),
    ]
    return [(where[c], reach) for c in circles if c in where]
