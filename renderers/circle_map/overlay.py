"""Markers drawn above the tokens so that they stay visible: badges and names."""

from __future__ import annotations

import itertools

from PIL import ImageDraw

from renderers.circle_map import icons
from renderers.circle_map.board import (
    ENTRY_RING,
    entry_owners,
    feature_reach,
    inner_id_size,
    positions,
    wall_width,
)
from renderers.circle_map.layout import Layout, Point
from renderers.circle_map.palette import HELPS, HINDERS, INK, SOFT_INK, readable, rgb
from renderers.circle_map.text import halo_label
from renderers.circle_map.tokens import health_box, placed
from renderers.drawn import Recorder
from renderers.placement import Placer, preferred, text_box
from rules.pathmap.scene import CircleMapScene, SceneMap, SceneToken


def draw_over(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: CircleMapScene,
    game_map: SceneMap,
    recorder: Recorder,
) -> None:
    """What must stay visible above the tokens: modifier and other badges, then the names
    of entry points and features and the ids too long to fit in their circle, each put
    where it covers the least."""
    where = positions(lay, game_map)
    tokens = placed(lay, scene, where)
    placer = _obstacles(lay, game_map, where, tokens)
    _record_marks(lay, game_map, where, tokens, recorder)
    # Badges sit just above the circle, or above the tokens crowded on it.
    tops = {c: y - lay.radius for c, (_, y) in where.items()}
    for token, (_, y), radius in tokens:
        if token.circle is not None:
            tops[token.circle] = min(tops[token.circle], y - radius)
    _badges(draw, lay, scene, game_map, where, tops, placer, recorder)
    owners = entry_owners(scene)
    xs = [x for x, _ in where.values()]
    ys = [y for _, y in where.values()]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    margin = lay.u(2)
    for circle in game_map.circles:
        if circle.entry is None:
            continue
        x, y = where[circle.id]
        side = owners.get(circle.id)
        size = lay.fs(17)
        order = preferred(x - middle[0], y - middle[1])
        reach = lay.radius + lay.u(ENTRY_RING + 3)
        spot = placer.place(circle.entry, size, (x, y), reach, order, margin)
        colour = readable(rgb(side.colour)) if side else SOFT_INK
        halo_label(draw, spot.xy, circle.entry, size, colour, anchor=spot.anchor)
        box = text_box(circle.entry, size, spot.xy, spot.anchor, 0.0)
        recorder.label(circle.entry, box, lay.ss, (f"circle {circle.id}",))
    for feature in game_map.features:
        if feature.label:
            centre = lay.at(feature.x, feature.y)
            reach = feature_reach(lay) + lay.u(3)
            size = lay.fs(15)
            spot = placer.place(feature.label, size, centre, reach, margin=margin)
            halo_label(draw, spot.xy, feature.label, size, INK, anchor=spot.anchor)
            box = text_box(feature.label, size, spot.xy, spot.anchor, 0.0)
            recorder.label(feature.label, box, lay.ss, (f"feature {feature.id}",))
    for circle in game_map.circles:
        if inner_id_size(lay, circle.id) is None:
            size = lay.fs(12)
            reach = lay.radius + (lay.u(ENTRY_RING) if circle.entry else 0) + lay.u(1)
            spot = placer.place(circle.id, size, where[circle.id], reach, margin=margin)
            halo_label(draw, spot.xy, circle.id, size, SOFT_INK, anchor=spot.anchor, bold=False)
            box = text_box(circle.id, size, spot.xy, spot.anchor, 0.0)
            recorder.label(circle.id, box, lay.ss, (f"circle {circle.id}",))


def _record_marks(
    lay: Layout,
    game_map: SceneMap,
    where: dict[str, Point],
    tokens: list[tuple[SceneToken, Point, float]],
    recorder: Recorder,
) -> None:
    """The circles (their ids inside), features and characters labels must keep off."""
    for circle in game_map.circles:
        recorder.disc(circle.id, where[circle.id], lay.radius, lay.ss, (f"circle {circle.id}",))
    for feature in game_map.features:
        centre = lay.at(feature.x, feature.y)
        recorder.disc(feature.id, centre, feature_reach(lay), lay.ss, (f"feature {feature.id}",))
    for token, centre, radius in tokens:
        owners = (f"token {token.seat} {token.short}", f"circle {token.circle}")
        recorder.disc(token.short, centre, radius, lay.ss, owners)
        recorder.mark(token.short, health_box(lay, token, centre, radius), lay.ss, owners)


def _obstacles(
    lay: Layout,
    game_map: SceneMap,
    where: dict[str, Point],
    tokens: list[tuple[SceneToken, Point, float]],
) -> Placer:
    x0, y0, x1, y1 = lay.map_box
    inset = lay.u(6)
    placer = Placer((x0 + inset, y0 + inset, x1 - inset, y1 - inset), lay.u(64))
    for circle in game_map.circles:
        ring = lay.u(ENTRY_RING) if circle.entry is not None else 0.0
        placer.disc(where[circle.id], lay.radius + ring)
    for feature in game_map.features:
        placer.disc(lay.at(feature.x, feature.y), feature_reach(lay))
    for token, centre, radius in tokens:
        placer.disc(centre, radius + lay.u(4))
        placer.rect(health_box(lay, token, centre, radius))
    half = wall_width(lay) / 2
    for wall in game_map.walls:
        points = [lay.at(x, y) for x, y in wall.points]
        for start, end in itertools.pairwise(points):
            placer.segment(start, end, half)
    return placer


def _badges(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: CircleMapScene,
    game_map: SceneMap,
    where: dict[str, Point],
    tops: dict[str, float],
    placer: Placer,
    recorder: Recorder,
) -> None:
    """A row of badges above each circle: modifier (or rubble), smoke turns, dropped kit."""
    smoke_turns = {s.circle: s.turns_left for s in scene.smoke}
    rubble = set(scene.rubble)
    size = lay.fs(15)
    height = size * 1.15
    gap = lay.u(3)
    for circle in game_map.circles:
        row: list[tuple[str, str, float]] = []
        if circle.id in rubble:
            row.append(("rubble", "", height * 1.5))
        elif circle.modifier is not None:
            text = circle.modifier.text
            row.append(("modifier", text, icons.badge_size(text, size)[0]))
        if circle.id in smoke_turns:
            text = str(smoke_turns[circle.id])
            row.append(("smoke", text, icons.badge_size(f"{text}t", size)[0]))
        lying = scene.ground.get(circle.id, 0)
        if lying:
            row.append(("bag", str(lying), height * 1.1))
        if not row:
            continue
        cx = where[circle.id][0]
        y = tops[circle.id] - size * 0.15
        total = sum(span for _, _, span in row) + gap * (len(row) - 1)
        x = cx - total / 2
        row_box = (x, y - height / 2 - height * 0.3, x + total, y + height / 2)
        placer.rect(row_box)
        recorder.label(
            " ".join(kind for kind, _, _ in row), row_box, lay.ss, (f"circle {circle.id}",)
        )
        for kind, value, span in row:
            middle = (x + span / 2, y)
            if kind == "modifier":
                green = circle.modifier is not None and circle.modifier.helps
                icons.badge(draw, middle, value, size, HELPS if green else HINDERS)
            elif kind == "rubble":
                icons.rubble_badge(draw, middle, size)
            elif kind == "smoke":
                icons.smoke_badge(draw, middle, size, int(value))
            else:
                icons.bag(draw, (middle[0], middle[1] + height * 0.12), height * 1.1, int(value))
            x += span + gap
