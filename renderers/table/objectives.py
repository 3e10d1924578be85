"""Objectives: markers with their label, terrain objectives ringed, face-down counters.

Face-down counters are drawn from their position and size alone, so every one looks the
same whatever its label or id.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.colour import Colour
from renderers.drawn import Recorder
from renderers.lettering import fit, label
from renderers.placement import Placer, Rect
from renderers.table import marks
from renderers.table.layout import Layout, Point
from renderers.table.palette import (
    FACE_DOWN,
    FACE_DOWN_MARK,
    INK,
    OBJECTIVE_FACE,
    WHITE,
    ink_on,
    readable,
    seat_colour,
)
from renderers.table.stamps import FACTOR, quantised, stamp
from rules.geometry.scene import SceneObjective, TableScene

MIN_RADIUS = 8.0
TAG_FONT = 13
TERRAIN_TAG = "Obj"


def radius(lay: Layout, objective: SceneObjective) -> float:
    return max(lay.length(objective.radius), lay.u(MIN_RADIUS))


def tag_box(lay: Layout, objective: SceneObjective, centre: Point) -> Rect:
    """The box of a terrain objective's tag centred on ``centre``."""
    w, h = marks.badge_size(objective.label or TERRAIN_TAG, lay.fs(TAG_FONT))
    x, y = centre
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def place_tags(lay: Layout, scene: TableScene, placer: Placer) -> dict[str, Point]:
    """Where each terrain objective's tag goes: on its ring, at the top where that
    covers no base or marker, else at the foot or a side; each tag then becomes an
    obstacle for the labels placed after it."""
    tags: dict[str, Point] = {}
    for objective in scene.objectives:
        if objective.kind != "terrain" or objective.face_down:
            continue
        x, y = lay.at(objective.x, objective.y)
        r = radius(lay, objective)
        best: tuple[int, Point] | None = None
        for spot in ((x, y - r), (x, y + r), (x + r, y), (x - r, y)):
            score = placer.clashes(tag_box(lay, objective, spot))
            if best is None or score < best[0]:
                best = (score, spot)
                if score == 0:
                    break
        assert best is not None
        if best[0] and lay.closeup:
            continue  # the ring alone: the board names it
        tags[objective.id] = best[1]
        placer.rect(tag_box(lay, objective, best[1]))
    return tags


def draw_objectives(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: TableScene,
    tags: dict[str, Point],
) -> None:
    """The objectives themselves, under the units; terrain tags where ``tags`` put them."""
    for objective in scene.objectives:
        centre = lay.at(objective.x, objective.y)
        r = radius(lay, objective)
        if objective.face_down:
            face_down(image, lay, centre, r)
        elif objective.kind == "terrain":
            holder = _holder(scene, objective)
            tag = tags.get(objective.id)
            terrain_ring(image, draw, lay, (centre, tag), r, objective.label, holder)
        else:
            marker(image, lay, centre, r, objective.label, _holder(scene, objective))


def obstacles(lay: Layout, scene: TableScene, placer: Placer) -> None:
    """The markers, for labels to keep off (terrain tags are placed, see place_tags)."""
    for objective in scene.objectives:
        if objective.kind != "terrain" or objective.face_down:
            placer.disc(lay.at(objective.x, objective.y), radius(lay, objective))


def rings(lay: Layout, scene: TableScene, placer: Placer) -> None:
    """The terrain objectives' rings, for labels to keep off."""
    for objective in scene.objectives:
        if objective.kind == "terrain" and not objective.face_down:
            placer.disc(lay.at(objective.x, objective.y), radius(lay, objective))


def draw_scores(
    image: Image.Image,
    lay: Layout,
    scene: TableScene,
    tags: dict[str, Point],
    placer: Placer,
    recorder: Recorder,
) -> None:
    """Score badges beside the objectives (after a terrain objective's tag, or at a
    marker's lower right), moved round it where that would cover a unit's label or a
    base; drawn over the units so that they stay readable."""
    size = lay.fs(12)
    for objective in scene.objectives:
        if objective.face_down or not objective.score:
            continue
        if objective.kind == "terrain" and objective.id not in tags:
            continue
        width, height = marks.badge_size(objective.score, size)
        best: tuple[int, Point] | None = None
        for x, y in _score_spots(lay, objective, tags, width):
            box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
            score = placer.clashes(box)
            if best is None or score < best[0]:
                best = (score, (x, y))
                if score == 0:
                    break
        assert best is not None
        if best[0] and lay.closeup:
            continue
        x, y = best[1]
        box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
        placer.rect(box)
        marks.badge(image, lay, (x, y), objective.score, size, WHITE)
        recorder.label(objective.score, box, lay.ss, (f"objective {objective.id}",))


def _score_spots(
    lay: Layout, objective: SceneObjective, tags: dict[str, Point], width: float
) -> list[Point]:
    """Centres to try for a score badge, the usual one first."""
    x, y = lay.at(objective.x, objective.y)
    r = radius(lay, objective)
    if objective.kind == "terrain":
        tx, ty = tags[objective.id]
        tag = marks.badge_size(objective.label or TERRAIN_TAG, lay.fs(TAG_FONT))[0]
        offset = tag / 2 + lay.u(3) + width / 2
        return [(tx + offset, ty), (tx - offset, ty)]
    side = r * 0.7 + width / 2
    return [
        (x + side, y + r * 0.75),
        (x - side, y + r * 0.75),
        (x + side, y - r * 0.75),
        (x - side, y - r * 0.75),
    ]


def _holder(scene: TableScene, objective: SceneObjective) -> Colour | None:
    owner = scene.seat(objective.owner)
    return seat_colour(owner.colour) if owner is not None else None


def face_down(image: Image.Image, lay: Layout, centre: Point, r: float) -> None:
    """A face-down counter: the same slate disc for every counter of its size."""
    size = quantised(r)

    def paint(draw: ImageDraw.ImageDraw, fine: Layout, at: Point) -> None:
        x, y = at
        big = size * FACTOR
        draw.ellipse((x - big, y - big, x + big, y + big), fill=INK)
        face = big - fine.u(1.5)
        draw.ellipse((x - face, y - face, x + face, y + face), fill=FACE_DOWN)
        inner = big * 0.62
        draw.ellipse(
            (x - inner, y - inner, x + inner, y + inner), outline=FACE_DOWN_MARK, width=fine.w(1.5)
        )
        d = big * 0.28
        draw.polygon([(x, y - d), (x + d, y), (x, y + d), (x - d, y)], fill=FACE_DOWN_MARK)

    stamp(image, lay, centre, (size, size), ("face down", size), paint)


def marker(
    image: Image.Image, lay: Layout, centre: Point, r: float, text: str, holder: Colour | None
) -> None:
    """An objective marker: a pale disc, ringed in its holder's colour, with its label."""
    size = quantised(r)

    def paint(draw: ImageDraw.ImageDraw, fine: Layout, at: Point) -> None:
        x, y = at
        big = size * FACTOR
        draw.ellipse((x - big, y - big, x + big, y + big), fill=INK)
        face = big - fine.u(1.5)
        if holder is not None:
            draw.ellipse((x - face, y - face, x + face, y + face), fill=holder)
            face = big - fine.u(4.5)
        draw.ellipse((x - face, y - face, x + face, y + face), fill=OBJECTIVE_FACE)
        if text:
            fs = fit(text, face * 1.7, min(fine.fs(16), round(face * 1.3)), fine.fs(8))
            label(draw, (x, y), text, fs, INK, bold=True)
        else:
            d = face * 0.4
            draw.polygon([(x, y - d), (x + d, y), (x, y + d), (x - d, y)], fill=INK)

    stamp(image, lay, centre, (size, size), ("marker", size, text, holder), paint)


def terrain_ring(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    where: tuple[Point, Point | None],
    r: float,
    text: str,
    holder: Colour | None,
) -> None:
    """A terrain objective: a dashed ring round the piece (``where``: its centre, then
    its tag's, None for no tag), its label in a tag on the ring (clear of the area's own
    label in the middle)."""
    (x, y), tag = where
    steps = max(24, min(96, round(r / lay.u(3))))
    ring = [
        (x + r * math.cos(2 * math.pi * i / steps), y + r * math.sin(2 * math.pi * i / steps))
        for i in range(steps + 1)
    ]
    colour = readable(holder) if holder is not None else INK
    marks.dashed(draw, ring, WHITE, lay.w(5), lay.u(9), lay.u(5))
    marks.dashed(draw, ring, colour, lay.w(2.5), lay.u(9), lay.u(5))
    if tag is None:
        return
    fill = holder if holder is not None else OBJECTIVE_FACE
    marks.badge(image, lay, tag, text or TERRAIN_TAG, lay.fs(TAG_FONT), fill, ink=ink_on(fill))
