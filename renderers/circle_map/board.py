"""The map itself: floor, walls, doors, paths, circles, features and what lies on them."""

from __future__ import annotations

import math

from PIL import ImageDraw

from renderers.circle_map import icons, trail
from renderers.circle_map.layout import Layout, Point
from renderers.circle_map.palette import (
    ACTION,
    ADJACENCY,
    CIRCLE_FACE,
    DOOR,
    INK,
    MAP_EDGE,
    MAP_FLOOR,
    PRIMARY,
    RUBBLE,
    RUBBLE_FACE,
    SECONDARY,
    SMOKE,
    SMOKE_FACE,
    SOFT_INK,
    WALL,
    WHITE,
    rgb,
)
from renderers.circle_map.text import halo_label
from renderers.colour import Colour, blend
from renderers.lettering import fit, label, width
from rules.pathmap.scene import CircleMapScene, SceneCircle, SceneFeature, SceneMap, SceneSide

ENTRY_RING = 8.0
FEATURE_SCALE = 1.2


def positions(lay: Layout, game_map: SceneMap) -> dict[str, Point]:
    return {c.id: lay.at(c.x, c.y) for c in game_map.circles}


def entry_owners(scene: CircleMapScene) -> dict[str, SceneSide]:
    """Which side each entry circle belongs to (the first side listing it)."""
    owners: dict[str, SceneSide] = {}
    for side in scene.sides:
        for circle in side.entry_points:
            owners.setdefault(circle, side)
    return owners


def draw_floor(draw: ImageDraw.ImageDraw, lay: Layout) -> None:
    draw.rounded_rectangle(
        lay.map_box, radius=lay.u(14), fill=MAP_FLOOR, outline=MAP_EDGE, width=lay.w(3)
    )


def draw_no_map(draw: ImageDraw.ImageDraw, lay: Layout) -> None:
    x0, y0, x1, y1 = lay.map_box
    halo_label(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "No map chosen yet", lay.fs(30), SOFT_INK)


def draw_under(
    draw: ImageDraw.ImageDraw, lay: Layout, scene: CircleMapScene, game_map: SceneMap
) -> None:
    """Everything below the tokens: lines, smoke, walls, circles and features."""
    where = positions(lay, game_map)
    _adjacency(draw, lay, game_map, where)
    trail.draw_route(draw, lay, scene, where)
    _feature_links(draw, lay, game_map, where)
    for smoky_id in sorted(set(scene.smoky_circles) & where.keys()):
        icons.cloud(draw, where[smoky_id], lay.radius * 1.6, SMOKE)
    _walls(draw, lay, game_map)
    owners = entry_owners(scene)
    paths = {p.id: rgb(p.colour) for p in game_map.paths}
    smoky, rubble = set(scene.smoky_circles), set(scene.rubble)
    for circle in game_map.circles:
        if circle.entry is not None:
            side = owners.get(circle.id)
            _entry_ring(draw, lay, where[circle.id], rgb(side.colour) if side else SOFT_INK)
        _circle(draw, lay, circle, where[circle.id], paths, circle.id in smoky, circle.id in rubble)
    crates = set(scene.crates)
    for feature in game_map.features:
        _feature(draw, lay, feature, feature.id in crates)
    trail.draw_shots(draw, lay, scene, where)


def _adjacency(
    draw: ImageDraw.ImageDraw, lay: Layout, game_map: SceneMap, where: dict[str, Point]
) -> None:
    line = lay.w(3)
    for a, b in game_map.adjacency:
        if a in where and b in where:
            draw.line((*where[a], *where[b]), fill=ADJACENCY, width=line)


def _feature_links(
    draw: ImageDraw.ImageDraw, lay: Layout, game_map: SceneMap, where: dict[str, Point]
) -> None:
    for feature in game_map.features:
        colour = blend(_feature_colour(feature), INK, 0.35)
        centre = lay.at(feature.x, feature.y)
        for circle in feature.adjacent:
            if circle in where:
                icons.dashed(draw, centre, where[circle], colour, lay.w(3), lay.u(9))


def wall_width(lay: Layout) -> int:
    return lay.w(max(7.0, lay.radius / lay.ss * 0.42))


def _walls(draw: ImageDraw.ImageDraw, lay: Layout, game_map: SceneMap) -> None:
    thickness = wall_width(lay)
    for wall in game_map.walls:
        points = [lay.at(x, y) for x, y in wall.points]
        draw.line(points, fill=WALL, width=thickness, joint="curve")
        cap = thickness / 2
        for x, y in (points[0], points[-1]):
            draw.ellipse((x - cap, y - cap, x + cap, y + cap), fill=WALL)
    for door in game_map.doors:
        (ax, ay), (bx, by) = lay.at(*door.a), lay.at(*door.b)
        draw.line((ax, ay, bx, by), fill=DOOR, width=round(thickness * 0.8))
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length
        post = thickness * 0.75
        for x, y in ((ax, ay), (bx, by)):
            draw.line(
                (x - nx * post, y - ny * post, x + nx * post, y + ny * post),
                fill=WALL,
                width=max(2, thickness // 2),
            )


def _entry_ring(draw: ImageDraw.ImageDraw, lay: Layout, centre: Point, colour: Colour) -> None:
    x, y = centre
    outer = lay.radius + lay.u(ENTRY_RING)
    draw.ellipse(
        (x - outer, y - outer, x + outer, y + outer), fill=colour, outline=INK, width=lay.w(2)
    )


def inner_id_size(lay: Layout, circle_id: str) -> int | None:
    """The font size at which the id fits inside its circle, or None if it does not."""
    room = lay.radius * 0.58 * 1.8
    size = fit(circle_id, room, lay.fs(14), lay.fs(10))
    return size if width(circle_id, size) <= room else None


def _circle(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    circle: SceneCircle,
    centre: Point,
    paths: dict[str, Colour],
    smoky: bool,
    rubble: bool,
) -> None:
    x, y = centre
    r = lay.radius
    box = (x - r, y - r, x + r, y + r)
    colours = [paths.get(p, SOFT_INK) for p in circle.paths]
    if len(colours) == 1:
        draw.ellipse(box, fill=colours[0])
    else:
        share = 360.0 / len(colours)
        for index, colour in enumerate(colours):
            start = -90.0 + share * index
            draw.pieslice(box, start, start + share, fill=colour)
    draw.ellipse(box, outline=INK, width=lay.w(2))
    inner = r * 0.58
    face = RUBBLE_FACE if rubble else SMOKE_FACE if smoky else CIRCLE_FACE
    draw.ellipse(
        (x - inner, y - inner, x + inner, y + inner), fill=face, outline=INK, width=lay.w(1.5)
    )
    if rubble:
        icons.hatch(draw, centre, inner - lay.u(1.5), RUBBLE)
    size = inner_id_size(lay, circle.id)
    if size is not None:
        label(draw, (x, y), circle.id, size, INK, halo=face if rubble else None)


def _feature_colour(feature: SceneFeature) -> Colour:
    if feature.kind == "action":
        return ACTION
    return PRIMARY if feature.grade == "primary" else SECONDARY


def feature_reach(lay: Layout) -> float:
    """How far an Objective or Action marker reaches from its centre."""
    return lay.radius * FEATURE_SCALE * 1.12


def _feature(draw: ImageDraw.ImageDraw, lay: Layout, feature: SceneFeature, crate: bool) -> None:
    x, y = lay.at(feature.x, feature.y)
    r = lay.radius * FEATURE_SCALE
    colour = _feature_colour(feature)
    if feature.kind == "action":
        icons.diamond(draw, (x, y), r * 1.12, colour, INK, lay.w(3))
        icons.gear(draw, (x, y), r * 0.5, WHITE)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=lay.w(3))
        inner = r * 0.8
        draw.ellipse(
            (x - inner, y - inner, x + inner, y + inner),
            outline=blend(colour, INK, 0.45),
            width=lay.w(2),
        )
        icons.star(draw, (x, y), r * 0.62, WHITE, INK)
    if crate:
        icons.crate(draw, (x + r * 0.85, y - r * 0.85), lay.radius * 0.95)
