"""Terrain areas: ground colour by their main class, a pattern for every class, labels.

Classes combine by layering: a wood (difficult and concealment) is green for concealment
with the stipple of difficult ground on it. Buildings and impassable ground are dark and
solid; dangerous ground carries warning stripes and a triangle with its X.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.colour import Colour, blend, luminance
from renderers.drawn import Recorder
from renderers.lettering import bbox, label
from renderers.placement import Placer, Rect, nearest_edge, text_box
from renderers.table import marks
from renderers.table.label_spots import place_inside
from renderers.table.layout import Layout, Point
from renderers.table.palette import HALO, INK, TERRAIN_FILL, TERRAIN_INK, WHITE, edge_of
from renderers.table.patterns import bounds, paint_pattern, polygon_mask
from renderers.table.shapes import inside_point, nearest_on_outline, visible
from rules.geometry.pieces import Terrain
from rules.geometry.scene import SceneArea

# The class whose colour an area takes, most telling first.
GROUND_ORDER = (
    Terrain.IMPASSABLE,
    Terrain.BUILDING,
    Terrain.RUINS,
    Terrain.DANGEROUS,
    Terrain.CONCEALMENT,
    Terrain.DIFFICULT,
    Terrain.COVER,
    Terrain.CLEAR,
)
PATTERN: dict[Terrain, str] = {
    Terrain.DIFFICULT: "dots",
    Terrain.CONCEALMENT: "backslash",
    Terrain.COVER: "slash",
    Terrain.RUINS: "bricks",
    Terrain.DANGEROUS: "stripes",
    Terrain.IMPASSABLE: "cross",
}
# Layered patterns are painted broadest first so that fine ones stay on top.
PATTERN_ORDER = (
    Terrain.DANGEROUS,
    Terrain.RUINS,
    Terrain.IMPASSABLE,
    Terrain.CONCEALMENT,
    Terrain.COVER,
    Terrain.DIFFICULT,
)


def ground(classes: tuple[Terrain, ...]) -> Terrain:
    return next(kind for kind in GROUND_ORDER if kind in classes)


def pattern_ink(kind: Terrain, fill: Colour) -> Colour:
    """The ink of ``kind``'s pattern, lightened on dark ground so that it shows."""
    ink = TERRAIN_INK[kind]
    if luminance(fill) < 0.35 and luminance(ink) < 0.35:
        return blend(ink, WHITE, 0.55)
    return ink


def fill_area(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    points: list[Point],
    classes: tuple[Terrain, ...],
) -> None:
    """Paint a polygon of terrain with its ground, patterns and outline."""
    box = bounds(points, image.size)
    if box is None:
        return
    fill = TERRAIN_FILL[ground(classes)]
    draw.polygon(points, fill=fill)
    patterned = [kind for kind in PATTERN_ORDER if kind in classes]
    if patterned:
        mask = polygon_mask(points, box)
        for kind in patterned:
            paint_pattern(image, box, mask, PATTERN[kind], pattern_ink(kind, fill), lay.ss)
    dangerous = Terrain.DANGEROUS in classes
    edge = INK if dangerous else edge_of(fill)
    draw.line([*points, points[0]], fill=edge, width=lay.w(2 if dangerous else 1.5), joint="curve")


def draw_areas(
    image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, areas: tuple[SceneArea, ...]
) -> None:
    for area in areas:
        fill_area(image, draw, lay, [lay.at(x, y) for x, y in area.points], area.classes)


def area_text(area: SceneArea) -> str:
    """The label with the height class after it (``Hab block h3``)."""
    parts = [area.label] if area.label else []
    if area.height > 0:
        parts.append(f"h{int(area.height)}")
    return " ".join(parts)


def draw_area_labels(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    areas: tuple[SceneArea, ...],
    placer: Placer,
    recorder: Recorder,
) -> list[Rect]:
    """Each area's label (and Dangerous X) at a point well inside it, moved within the
    area when that point would overprint a label or tag placed before; the labels' boxes
    are returned."""
    size = lay.fs(12)
    boxes: list[Rect] = []
    for area in areas:
        text = area_text(area)
        roll = area.dangerous
        if not text and roll is None and Terrain.DANGEROUS not in area.classes:
            continue
        outline = visible([lay.at(px, py) for px, py in area.points], lay.canvas)
        if outline is None:
            continue  # a close-up of another part of the table
        if text:
            spot = place_inside(
                placer,
                lay,
                outline,
                text,
                size,
                margin=lay.u(1),
                inside=False,
                around=True,
                optional=lay.closeup,
            )
            if spot is None:
                continue
            (x, y), box, away = spot
            boxes.append(box)
            if away:
                _leader(draw, lay, outline, box)
            recorder.label(text, text_box(text, size, (x, y), "mm", 0.0), lay.ss)
        else:
            x, y = inside_point(outline)
        if Terrain.DANGEROUS in area.classes:
            _danger(image, draw, lay, (x, y), roll, text, size)
        if text:
            label(draw, (x, y), text, size, INK, bold=True, halo=HALO, halo_width=lay.w(2))
    return boxes


def _leader(draw: ImageDraw.ImageDraw, lay: Layout, outline: list[Point], box: Rect) -> None:
    """A line from a label written beside its area to the area's edge, ending in a dot."""
    middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    end = nearest_on_outline(outline, middle)
    start = nearest_edge(box, end)
    draw.line((*start, *end), fill=HALO, width=lay.w(3.5))
    draw.line((*start, *end), fill=INK, width=lay.w(1.5))
    dot = lay.u(2.5)
    draw.ellipse((end[0] - dot, end[1] - dot, end[0] + dot, end[1] + dot), fill=INK)


def _danger(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    centre: Point,
    roll: int | None,
    text: str,
    size: int,
) -> None:
    """The warning triangle and X, above the label when there is one."""
    x, y = centre
    r = lay.u(8)
    if text:
        top = bbox(text, size, "mm")[1]
        y += top - r - lay.u(2)
    shown = str(roll) if roll is not None else ""
    span = bbox(shown, lay.fs(13))[2] if shown else 0.0
    tx = x - (span + lay.u(2)) / 2 if shown else x
    marks.warning(image, lay, (tx, y), r)
    if shown:
        label(
            draw,
            (tx + r * 1.1, y + r * 0.1),
            shown,
            lay.fs(13),
            INK,
            anchor="lm",
            bold=True,
            halo=HALO,
            halo_width=lay.w(2),
        )
