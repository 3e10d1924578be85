"""Markers drawn above the tokens so that they stay visible: badges and names."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

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
from renderers.circle_map.palette import HALO, HELPS, HINDERS, INK, SOFT_INK, readable, rgb
from renderers.circle_map.text import halo_label
from renderers.circle_map.tokens import health_box, placed
from renderers.colour import Colour
from renderers.drawn import Recorder
from renderers.placement import ORDER, Placer, Rect, leader_line, preferred, text_box
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
    bottoms = {c: y + lay.radius for c, (_, y) in where.items()}
    for token, centre, radius in tokens:
        if token.circle is not None:
            tops[token.circle] = min(tops[token.circle], centre[1] - radius)
            foot = health_box(lay, token, centre, radius)[3]
            bottoms[token.circle] = max(bottoms[token.circle], foot)
    _badges(draw, lay, scene, game_map, where, (tops, bottoms), placer, recorder)
    owners = entry_owners(scene)
    xs = [x for x, _ in where.values()]
    ys = [y for _, y in where.values()]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    pen = _Labeller(draw, lay, placer, recorder)
    for circle in game_map.circles:
        if circle.entry is None:
            continue
        x, y = where[circle.id]
        side = owners.get(circle.id)
        colour = readable(rgb(side.colour)) if side else SOFT_INK
        rim = lay.radius + lay.u(ENTRY_RING)
        order = preferred(x - middle[0], y - middle[1])
        thing = (f"circle {circle.id}", (x, y), rim)
        pen.put(circle.entry, 17, thing, rim + lay.u(3), colour, order)
    for feature in game_map.features:
        if feature.label:
            centre = lay.at(feature.x, feature.y)
            thing = (f"feature {feature.id}", centre, feature_reach(lay))
            pen.put(feature.label, 15, thing, feature_reach(lay) + lay.u(3), INK)
    for circle in game_map.circles:
        if inner_id_size(lay, circle.id) is None:
            rim = lay.radius + (lay.u(ENTRY_RING) if circle.entry else 0)
            thing = (f"circle {circle.id}", where[circle.id], rim)
            pen.put(circle.id, 12, thing, rim + lay.u(1), SOFT_INK, bold=False)


# How much farther than its first reach a label may move (output pixels), and how much
# smaller its type may get when no spot is free at its own size.
FARTHER = (10.0, 22.0, 36.0, 52.0)
SHRINK = (0.88, 0.76)


@dataclass
class _Labeller:
    """Puts names beside things on free spots: near first, then farther out with a leader
    line back to the thing, and in smaller type only when no spot is free at full size."""

    draw: ImageDraw.ImageDraw
    lay: Layout
    placer: Placer
    recorder: Recorder

    def put(
        self,
        text: str,
        pixels: float,
        thing: tuple[str, Point, float],
        reach: float,
        colour: Colour,
        order: tuple[str, ...] = ORDER,
        *,
        bold: bool = True,
    ) -> None:
        """``text`` beside ``thing`` (its owner name, centre and rim radius)."""
        lay = self.lay
        owner, centre, rim = thing
        reaches = (reach, *(reach + lay.u(step) for step in FARTHER))
        margin = lay.u(2)
        size = lay.fs(pixels)
        leader = (rim, owner)
        spot, score = self.placer.find(text, size, centre, reaches, order, margin, leader)
        for factor in SHRINK if score else ():
            smaller = lay.fs(pixels * factor)
            tried, tried_score = self.placer.find(
                text, smaller, centre, reaches, order, margin, leader
            )
            if tried_score < score:
                spot, score, size = tried, tried_score, smaller
            if score == 0:
                break
        self.placer.rect(spot.box)
        box = text_box(text, size, spot.xy, spot.anchor, 0.0)
        if spot.far:
            self._leader(centre, rim, box, colour)
        halo_label(self.draw, spot.xy, text, size, colour, anchor=spot.anchor, bold=bold)
        self.recorder.label(text, box, lay.ss, (owner,))

    def _leader(self, centre: Point, rim: float, box: Rect, colour: Colour) -> None:
        """A thin line from the thing's rim to the nearest edge of its label."""
        start, end = leader_line(centre, rim, box)
        if start == end:
            return
        self.draw.line((*start, *end), fill=HALO, width=self.lay.w(4))
        self.draw.line((*start, *end), fill=colour, width=self.lay.w(1.5))


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
        placer.disc(where[circle.id], lay.radius + ring, f"circle {circle.id}")
    for feature in game_map.features:
        placer.disc(lay.at(feature.x, feature.y), feature_reach(lay), f"feature {feature.id}")
    for token, centre, radius in tokens:
        placer.disc(centre, radius + lay.u(4), f"circle {token.circle}")
        placer.rect(health_box(lay, token, centre, radius), f"circle {token.circle}")
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
    reach: tuple[dict[str, float], dict[str, float]],
    placer: Placer,
    recorder: Recorder,
) -> None:
    """A row of badges by each circle: modifier (or rubble), smoke turns, dropped kit;
    above the circle (and the tokens on it) where that covers nothing of another circle,
    else below it or beside it."""
    tops, bottoms = reach
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
        cx, cy = where[circle.id]
        total = sum(span for _, _, span in row) + gap * (len(row) - 1)
        beside = lay.radius + gap
        spots = (
            (cx - total / 2, tops[circle.id] - size * 0.15),
            (cx - total / 2, bottoms[circle.id] + height / 2 - size * 0.15),
            (cx + beside, cy - lay.radius * 0.7),
            (cx - beside - total, cy - lay.radius * 0.7),
        )
        best: tuple[int, float, float] | None = None
        for x, y in spots:
            score = placer.clashes(_row_box(x, y, total, height), f"circle {circle.id}")
            if best is None or score < best[0]:
                best = (score, x, y)
                if score == 0:
                    break
        assert best is not None
        _, x, y = best
        row_box = _row_box(x, y, total, height)
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


def _row_box(x: float, y: float, total: float, height: float) -> Rect:
    """The box of a badge row from ``x`` across ``total`` and centred on ``y``, the bag's
    neck reaching above it."""
    return (x, y - height / 2 - height * 0.3, x + total, y + height / 2)
