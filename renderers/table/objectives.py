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
from renderers.placement import Placer
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


def draw_objectives(
    image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, scene: TableScene
) -> None:
    """The objectives themselves, under the units."""
    for objective in scene.objectives:
        centre = lay.at(objective.x, objective.y)
        r = radius(lay, objective)
        if objective.face_down:
            face_down(image, lay, centre, r)
        elif objective.kind == "terrain":
            terrain_ring(image, draw, lay, centre, r, objective.label, _holder(scene, objective))
        else:
            marker(image, lay, centre, r, objective.label, _holder(scene, objective))


def obstacles(lay: Layout, scene: TableScene, placer: Placer) -> None:
    """The markers and the terrain objectives' tags, for labels to keep off."""
    for objective in scene.objectives:
        centre = lay.at(objective.x, objective.y)
        r = radius(lay, objective)
        if objective.kind == "terrain" and not objective.face_down:
            w, h = marks.badge_size(objective.label or TERRAIN_TAG, lay.fs(TAG_FONT))
            x, y = centre[0], centre[1] - r
            placer.rect((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        else:
            placer.disc(centre, r)


def rings(lay: Layout, scene: TableScene, placer: Placer) -> None:
    """The terrain objectives' rings, for labels to keep off."""
    for objective in scene.objectives:
        if objective.kind == "terrain" and not objective.face_down:
            placer.disc(lay.at(objective.x, objective.y), radius(lay, objective))


def draw_scores(image: Image.Image, lay: Layout, scene: TableScene, recorder: Recorder) -> None:
    """Score badges beside the objectives, over the units so that they stay readable."""
    size = lay.fs(12)
    for objective in scene.objectives:
        if objective.face_down or not objective.score:
            continue
        x, y = lay.at(objective.x, objective.y)
        r = radius(lay, objective)
        width, height = marks.badge_size(objective.score, size)
        if objective.kind == "terrain":
            tag = marks.badge_size(objective.label or TERRAIN_TAG, lay.fs(TAG_FONT))[0]
            centre = (x + tag / 2 + lay.u(3) + width / 2, y - r)
        else:
            centre = (x + r * 0.7 + width / 2, y + r * 0.75)
        marks.badge(image, lay, centre, objective.score, size, WHITE)
        x, y = centre
        box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
        recorder.label(objective.score, box, lay.ss, (f"objective {objective.id}",))


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
    centre: Point,
    r: float,
    text: str,
    holder: Colour | None,
) -> None:
    """A terrain objective: a dashed ring round the piece, its label in a tag at the top
    of the ring (clear of the area's own label in the middle)."""
    x, y = centre
    steps = max(24, min(96, round(r / lay.u(3))))
    ring = [
        (x + r * math.cos(2 * math.pi * i / steps), y + r * math.sin(2 * math.pi * i / steps))
        for i in range(steps + 1)
    ]
    colour = readable(holder) if holder is not None else INK
    marks.dashed(draw, ring, WHITE, lay.w(5), lay.u(9), lay.u(5))
    marks.dashed(draw, ring, colour, lay.w(2.5), lay.u(9), lay.u(5))
    fill = holder if holder is not None else OBJECTIVE_FACE
    tag = (x, y - r)
    marks.badge(image, lay, tag, text or TERRAIN_TAG, lay.fs(TAG_FONT), fill, ink=ink_on(fill))
