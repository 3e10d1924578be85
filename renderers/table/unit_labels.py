"""Unit labels: one group per unit, placed where it covers the fewest bases.

A group is the unit's code in a badge of its seat's colour, flanked by its markers
(defending shield, wounds, marks, embarked models, smoke, activated tick), with a row of
suppression pips under it. It goes at the unit's centroid when that covers no base, else
beside the unit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.drawn import Recorder
from renderers.lettering import label
from renderers.lettering import width as text_width
from renderers.placement import Placer, nearest_edge
from renderers.table import marks
from renderers.table.layout import Layout, Point, on_canvas
from renderers.table.palette import INK, WHITE, dimmed, ink_on
from renderers.table.units import bases, unit_colour
from rules.geometry.scene import SceneUnit, TableScene

LABEL_FONT = 14
EXTRA_FONT = 11
ICON = 7.0
PIP = 3.8
PIP_STEP = 9.0
MAX_PIPS = 8
SPACE = 3.0
# Gaps (output pixels) beyond the first at which a label may stand off its unit when
# every nearer spot covers something; a leader line then ties it to the nearest base.
FARTHER = (12.0, 24.0, 40.0)
NEAR_SPOTS = 9  # the centroid and the eight spots just beside the unit


@dataclass(frozen=True)
class Part:
    """One piece of a label group and its width (drawing units)."""

    kind: str
    text: str
    width: float


def parts(lay: Layout, unit: SceneUnit) -> list[Part]:
    """The pieces of a unit's label row, left to right."""
    size = lay.fs(LABEL_FONT)
    icon = 2 * lay.u(ICON)
    out: list[Part] = []
    if unit.defending:
        out.append(Part("shield", "", icon))
    out.append(Part("code", unit.label, marks.badge_size(unit.label, size)[0]))
    if unit.wounds:
        out.append(Part("wounds", unit.wounds, marks.badge_size(unit.wounds, size)[0]))
    if unit.marks:
        out.append(Part("marks", unit.marks, marks.badge_size(unit.marks, size)[0]))
    if unit.embarked:
        text = f"+{unit.embarked}"
        out.append(Part("embarked", text, marks.badge_size(text, size)[0]))
    if unit.smoke:
        out.append(Part("smoke", "", icon * 1.2))
    if unit.activated:
        out.append(Part("tick", "", icon))
    return out


def pips_text(count: int) -> str:
    """The number written after the pips when there are too many to draw."""
    return f"+{count - MAX_PIPS}" if count > MAX_PIPS else ""


def pips_width(lay: Layout, count: int) -> float:
    extra = pips_text(count)
    more = lay.u(4) + text_width(extra, lay.fs(EXTRA_FONT)) if extra else 0.0
    return min(count, MAX_PIPS) * lay.u(PIP_STEP) + more


def group_size(lay: Layout, unit: SceneUnit, row: list[Part]) -> tuple[float, float]:
    """The width and height of a label group with its pips (drawing units)."""
    size = lay.fs(LABEL_FONT)
    width = sum(p.width for p in row) + lay.u(SPACE) * (len(row) - 1)
    height = marks.badge_size(unit.label, size)[1]
    if unit.suppression:
        width = max(width, pips_width(lay, unit.suppression))
        height += lay.u(PIP_STEP) + lay.u(2)
    return width, height


def candidates(
    lay: Layout, unit: SceneUnit, size: tuple[float, float], canvas: tuple[int, int]
) -> list[Point]:
    """Centres to try for the label group: the centroid, then beside the unit."""
    discs = bases(lay, unit)
    cx = sum(x for (x, _), _ in discs) / len(discs)
    cy = sum(y for (_, y), _ in discs) / len(discs)
    x0 = min(x - r for (x, _), r in discs)
    x1 = max(x + r for (x, _), r in discs)
    y0 = min(y - r for (_, y), r in discs)
    y1 = max(y + r for (_, y), r in discs)
    w, h = size
    spots = [(cx, cy)]
    for gap in (lay.u(3), *(lay.u(step) for step in FARTHER)):
        spots += [
            (cx, y1 + gap + h / 2),
            (cx, y0 - gap - h / 2),
            (x1 + gap + w / 2, cy),
            (x0 - gap - w / 2, cy),
            (x1 + gap + w / 2, y1 + gap + h / 2),
            (x0 - gap - w / 2, y1 + gap + h / 2),
            (x1 + gap + w / 2, y0 - gap - h / 2),
            (x0 - gap - w / 2, y0 - gap - h / 2),
        ]
    inset = lay.u(2)
    return [
        (
            min(max(x, w / 2 + inset), canvas[0] - w / 2 - inset),
            min(max(y, h / 2 + inset), canvas[1] - h / 2 - inset),
        )
        for x, y in spots
    ]


@dataclass(frozen=True)
class Placed:
    """A unit's label group where it goes: its pieces, box, and whether it stands off the
    unit (tied to it by a leader line)."""

    unit: SceneUnit
    row: list[Part]
    box: tuple[float, float, float, float]
    far: bool


def place_labels(
    lay: Layout, scene: TableScene, placer: Placer, canvas: tuple[int, int]
) -> list[Placed]:
    """Where every unit's label group goes, the acting unit's first so that it gets the
    best spot; each becomes an obstacle. Units wholly off the table get none."""
    placed: list[Placed] = []
    for unit in sorted(scene.units, key=lambda u: not u.active):
        if not on_canvas(bases(lay, unit), canvas):
            continue
        row = parts(lay, unit)
        w, h = group_size(lay, unit, row)
        best: tuple[float, int, Point] | None = None
        for index, centre in enumerate(candidates(lay, unit, (w, h), canvas)):
            box = (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)
            score = placer.clashes(box)
            if best is None or score < best[0]:
                best = (score, index, centre)
                if score == 0:
                    break
        assert best is not None
        least, index, (x, y) = best
        if least and lay.closeup:
            continue
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        placer.rect(box)
        placed.append(Placed(unit, row, box, index >= NEAR_SPOTS))
    return placed


def draw_labels(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: TableScene,
    placed: list[Placed],
    recorder: Recorder,
) -> None:
    """Every placed label group, with its leader line when it stands off its unit."""
    for group in placed:
        x0, y0, x1, _ = group.box
        recorder.label(group.unit.label, group.box, lay.ss)
        if group.far:
            colour = unit_colour(scene, group.unit)
            _leader(draw, lay, bases(lay, group.unit), group.box, colour)
        _group(image, draw, lay, scene, group.unit, group.row, (x0, y0), x1 - x0)


def _leader(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    discs: list[tuple[Point, float]],
    box: tuple[float, float, float, float],
    colour: tuple[int, int, int],
) -> None:
    """A line from the base nearest a label standing off its unit to the label."""
    (centre, r), end = min(
        ((disc, nearest_edge(box, disc[0])) for disc in discs),
        key=lambda pair: math.dist(pair[0][0], pair[1]),
    )
    distance = math.dist(centre, end)
    if distance <= r:
        return
    start = (
        centre[0] + (end[0] - centre[0]) * r / distance,
        centre[1] + (end[1] - centre[1]) * r / distance,
    )
    draw.line((*start, *end), fill=WHITE, width=lay.w(3.5))
    draw.line((*start, *end), fill=colour, width=lay.w(1.5))


def _group(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    scene: TableScene,
    unit: SceneUnit,
    row: list[Part],
    corner: Point,
    width: float,
) -> None:
    size = lay.fs(LABEL_FONT)
    colour = unit_colour(scene, unit)
    fill = dimmed(colour) if unit.activated else colour
    height = marks.badge_size(unit.label, size)[1]
    left, top = corner
    row_width = sum(p.width for p in row) + lay.u(SPACE) * (len(row) - 1)
    x = left + (width - row_width) / 2
    y = top + height / 2
    for part in row:
        middle = (x + part.width / 2, y)
        if part.kind == "code":
            marks.badge(image, lay, middle, part.text, size, fill, ink=ink_on(fill))
        elif part.kind == "shield":
            marks.shield(image, lay, middle, lay.u(ICON))
        elif part.kind == "tick":
            marks.tick(image, lay, middle, lay.u(ICON))
        elif part.kind == "smoke":
            marks.smoke(image, lay, middle, lay.u(ICON))
        else:
            marks.badge(image, lay, middle, part.text, size, WHITE)
        x += part.width + lay.u(SPACE)
    if unit.suppression:
        centre = (left + width / 2, top + height + lay.u(2) + lay.u(PIP_STEP) / 2)
        pips(image, draw, lay, centre, unit)


def pips(
    image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, centre: Point, unit: SceneUnit
) -> None:
    """A row of suppression pips centred on ``centre``, with ``+n`` beyond eight."""
    step = lay.u(PIP_STEP)
    x = centre[0] - pips_width(lay, unit.suppression) / 2 + step / 2
    for _ in range(min(unit.suppression, MAX_PIPS)):
        marks.pip(image, lay, (x, centre[1]), lay.u(PIP))
        x += step
    extra = pips_text(unit.suppression)
    if extra:
        label(
            draw,
            (x - step / 2 + lay.u(4), centre[1]),
            extra,
            lay.fs(EXTRA_FONT),
            INK,
            anchor="lm",
            bold=True,
            halo=WHITE,
        )
