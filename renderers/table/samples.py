"""The small drawings in the key, each beside what it means, for what the scene shows.

Each sample is drawn with the same functions as the table, so the key matches the
picture exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.lettering import label
from renderers.table import barriers, counters, marks, measures, objectives, units
from renderers.table.key_words import HEIGHTS, LINES, MARKERS, OBSTACLES, TERRAIN
from renderers.table.layout import Layout, Point
from renderers.table.palette import INK, WHITE, readable, seat_colour, zone_fill
from renderers.table.terrain import fill_area
from renderers.table.unit_labels import ICON, LABEL_FONT, PIP, PIP_STEP
from rules.geometry.pieces import Height, Terrain
from rules.geometry.scene import TableScene

# Draws a sample centred on a point: (picture, its drawing context, layout, centre).
Sample = Callable[[Image.Image, ImageDraw.ImageDraw, Layout, Point], None]


@dataclass(frozen=True)
class Entry:
    """A row of the key: a small drawing and what it means."""

    text: str
    sample: Sample


def _tall(scene: TableScene) -> bool:
    return any(m.height >= Height.TALL for u in scene.units for m in u.models)


def _seat_sample(colour: tuple[int, int, int]) -> Sample:
    def sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
        units.base(image, lay, at, lay.u(8), colour)

    return sample


def _terrain_sample(kind: Terrain) -> Sample:
    def sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
        x, y = at
        w, h = lay.u(14), lay.u(9)
        box = [(x - w, y - h), (x + w, y - h), (x + w, y + h), (x - w, y + h)]
        fill_area(image, draw, lay, box, (kind,))
        if kind == Terrain.DANGEROUS:
            marks.warning(image, lay, (x, y), lay.u(6))

    return sample


def _marker_sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    objectives.marker(image, lay, at, lay.u(10), "3", None)


def _held_sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    objectives.marker(image, lay, at, lay.u(10), "3", seat_colour(0))


def _terrain_objective(
    image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point
) -> None:
    r = lay.u(11)
    objectives.terrain_ring(image, draw, lay, (at, (at[0], at[1] - r)), r, "", None)


def _face_down(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    objectives.face_down(image, lay, at, lay.u(10))


def _counter_sample(colour: int | None) -> Sample:
    def sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
        counters.counter(image, lay, at, lay.u(10), counters.face(colour))

    return sample


def _smoke(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    x, y = at
    units.haze(draw, lay, [((x - lay.u(5), y), lay.u(4)), ((x + lay.u(5), y), lay.u(4))])
    marks.smoke(image, lay, at, lay.u(ICON))


def _tethered(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    x, y = at
    colour = seat_colour(0)
    draw.line((x - lay.u(9), y, x + lay.u(9), y), fill=WHITE, width=lay.w(4))
    draw.line((x - lay.u(9), y, x + lay.u(9), y), fill=readable(colour), width=lay.w(2))
    for dx in (-9, 9):
        units.base(image, lay, (x + lay.u(dx), y), lay.u(5), colour)


def _barrier_sample(high: bool) -> Sample:
    def sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
        x, y = at
        barriers.band(
            draw, lay, [(x - lay.u(14), y + lay.u(4)), (x + lay.u(14), y - lay.u(4))], high=high
        )

    return sample


def _active(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    units.ring(image, lay, at, lay.u(6))
    units.base(image, lay, at, lay.u(6), seat_colour(0))


def _activated(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    x, y = at
    units.base(image, lay, (x - lay.u(6), y), lay.u(7), seat_colour(0), spent=True)
    marks.tick(image, lay, (x + lay.u(8), y), lay.u(ICON))


def _defending(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    marks.shield(image, lay, at, lay.u(ICON))


def _suppression(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    x, y = at
    for dx in (-1, 0, 1):
        marks.pip(image, lay, (x + dx * lay.u(PIP_STEP), y), lay.u(PIP))


def _badge_sample(text: str) -> Sample:
    def sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
        marks.badge(image, lay, at, text, lay.fs(LABEL_FONT), WHITE)

    return sample


def _height_sample(height: int) -> Sample:
    def sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
        label(draw, at, f"h{height}", lay.fs(13), INK, bold=True)

    return sample


def _facing(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    units.base(image, lay, at, lay.u(8), seat_colour(0), facing=90)


def _tall_sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    units.base(image, lay, at, lay.u(10), seat_colour(0), tall=True)


def _zone(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    x, y = at
    w, h = lay.u(14), lay.u(9)
    box = [(x - w, y - h), (x + w, y - h), (x + w, y + h), (x - w, y + h)]
    draw.polygon(box, fill=zone_fill(seat_colour(0)))
    marks.dashed(draw, [*box, box[0]], readable(seat_colour(0)), lay.w(2), lay.u(6), lay.u(4))


def _measure_sample(kind: str) -> Sample:
    def sample(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
        x, y = at
        line = [(x - lay.u(15), y), (x + lay.u(15), y)]
        measures.line(draw, lay, kind, line)
        measures.ends(image, draw, lay, kind, line)

    return sample


def seat_entries(scene: TableScene) -> list[Entry]:
    return [
        Entry(seat.name or seat.id, _seat_sample(seat_colour(seat.colour))) for seat in scene.seats
    ]


def marker_entries(scene: TableScene) -> list[Entry]:
    """The markers, zones and lines that appear in the scene, named in its language."""
    out: list[Entry] = []
    shown = [o for o in scene.objectives if not o.face_down]
    checks: list[tuple[bool, str, Sample]] = [
        (any(o.kind == "marker" for o in shown), "objective", _marker_sample),
        (any(o.kind == "terrain" for o in shown), "terrain-objective", _terrain_objective),
        (any(o.owner is not None for o in shown), "held-objective", _held_sample),
        (any(o.face_down for o in scene.objectives), "face-down", _face_down),
    ]
    if scene.counters:
        seat = scene.seat(scene.counters[0].seat)
        checks.append((True, "hidden-unit", _counter_sample(seat.colour if seat else None)))
    checks += [
        (bool(scene.zones), "zone", _zone),
        (any(u.active for u in scene.units), "acting", _active),
        (any(u.activated for u in scene.units), "activated", _activated),
        (any(u.defending for u in scene.units), "defending", _defending),
        (any(u.suppression for u in scene.units), "suppression", _suppression),
        (any(u.wounds for u in scene.units), "wounds", _badge_sample("W")),
        (
            any(u.marks for u in scene.units) and not scene.mark_key,
            "state",
            _badge_sample("ab"),
        ),
        (any(u.embarked for u in scene.units), "embarked", _badge_sample("+n")),
        (any(u.smoke for u in scene.units), "smoke", _smoke),
        (any(u.tether for u in scene.units), "tether", _tethered),
        (any(u.facing is not None for u in scene.units), "facing", _facing),
        (_tall(scene), "tall", _tall_sample),
    ]
    out.extend(
        Entry(MARKERS[key].in_(scene.language), sample)
        for present, key, sample in checks
        if present
    )
    used = {code for u in scene.units for code in u.marks.split()}
    out.extend(
        Entry(mark.meaning, _badge_sample(mark.code))
        for mark in scene.mark_key
        if mark.code in used
    )
    kinds = {m.kind for m in scene.measures}
    out.extend(
        Entry(text.in_(scene.language), _measure_sample(kind))
        for kind, text in LINES.items()
        if kind in kinds
    )
    return out


def terrain_entries(scene: TableScene) -> list[Entry]:
    """The terrain classes and heights that appear in the scene."""
    present = {kind for area in scene.areas for kind in area.classes}
    out = [
        Entry(TERRAIN[kind].in_(scene.language), _terrain_sample(kind))
        for kind in Terrain
        if kind in present
    ]
    for high, text in OBSTACLES.items():
        if any(barriers.tall(b) == high for b in scene.barriers):
            out.append(Entry(text.in_(scene.language), _barrier_sample(high)))
    heights = sorted({int(a.height) for a in scene.areas if a.height > 0})
    out.extend(Entry(HEIGHTS[h].in_(scene.language), _height_sample(h)) for h in heights)
    return out
