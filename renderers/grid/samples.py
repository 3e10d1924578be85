"""The key's entries: a small sample of each thing the picture shows, drawn by the same
code as the board, and what it means. Only what appears in the scene is listed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from PIL import ImageDraw

from renderers.colour import Colour, blend
from renderers.grid.board import has_gaps, hatch
from renderers.grid.edges import door_mark, door_tags, wall_line
from renderers.grid.elements import FADED, edge_line
from renderers.grid.layout import Box, Layout, Point
from renderers.grid.marks import badge, no_entry, no_sight, state_plate
from renderers.grid.measures import arc_wedge, sight_line
from renderers.grid.palette import (
    ARC,
    ARC_AMOUNT,
    DESTROYED,
    DOOR,
    ELEMENT,
    FLOOR,
    GRID_LINE,
    INK,
    LEGEND_FILL,
    NO_FLOOR,
    TILE_SHADES,
    WALL,
    WHITE,
    seat_colour,
    unpowered,
)
from renderers.grid.pieces import MARK_FILL, face_down, token_disc
from renderers.grid.routes import BAND, draw_band, route_colour
from renderers.grid.strokes import cross
from rules.grid.scene import (
    GridArc,
    GridDoor,
    GridElement,
    GridRoute,
    GridScene,
    GridSight,
    GridToken,
)

# Draws a sample in its box (drawing units).
Painter = Callable[[ImageDraw.ImageDraw, Layout, Box], None]
SAMPLE_COLOUR = 0  # the seat colour of sample miniatures


@dataclass(frozen=True)
class Entry:
    sample: Painter
    text: str


def _mid(box: Box) -> Point:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _side(box: Box) -> float:
    return min(box[2] - box[0], box[3] - box[1])


def _square(draw: ImageDraw.ImageDraw, lay: Layout, box: Box, fill: Colour) -> Box:
    """A sample square centred in ``box``, filled; its own box back."""
    half = _side(box) / 2 - lay.u(1)
    cx, cy = _mid(box)
    square = (cx - half, cy - half, cx + half, cy + half)
    draw.rectangle(square, fill=fill, outline=GRID_LINE, width=lay.w(1))
    return square


def _filled(fill: Colour) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        _square(draw, lay, box, fill)

    return paint


def seat_entries(scene: GridScene) -> list[Entry]:
    return [Entry(_disc(seat_colour(seat.colour)), seat.name or seat.id) for seat in scene.seats]


def _disc(colour: Colour) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        x, y = _mid(box)
        r = _side(box) * 0.36
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=lay.w(1.5))

    return paint


def floor_entries(scene: GridScene) -> list[Entry]:
    used = {t.kind for t in scene.tiles}
    entries = [
        Entry(_filled(TILE_SHADES[kind.shade]), kind.name)
        for kind in scene.tile_kinds
        if kind.id in used
    ]
    if has_gaps(scene):
        entries.append(Entry(_filled(NO_FLOOR), "no floor"))
    if any(not room.powered for room in scene.rooms):

        def dark(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
            hatch(draw, lay, _square(draw, lay, box, unpowered(FLOOR)))

        entries.append(Entry(dark, "room without power"))
    return entries


def _edge(box: Box) -> tuple[Point, Point, float]:
    """A square's edge across the middle of ``box``, clear of its sides, and its length."""
    x0, _, x1, _ = box
    y = _mid(box)[1]
    inset = (x1 - x0) * 0.08
    return (x0 + inset, y), (x1 - inset, y), x1 - x0 - 2 * inset


def _wall(double: bool, broken: bool) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        start, end, side = _edge(box)
        wall_line(draw, side, start, end, double=double, broken=broken)

    return paint


def _door(state: Literal["open", "closed", "destroyed"]) -> Painter:
    door = GridDoor(between=((0, 0), (0, 1)), state=state)

    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        start, end, side = _edge(box)
        door_mark(draw, side, start, end, door, "")

    return paint


def _tag(tag: str) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        badge(draw, _mid(box), tag, _side(box) * 2, DOOR, WHITE, WALL)

    return paint


def edge_entries(scene: GridScene) -> list[Entry]:
    entries = []
    walls = {(w.kind, w.destroyed) for w in scene.walls}
    for kind, broken, text in (
        ("single", False, "wall"),
        ("double", False, "double wall"),
        ("single", True, "broken wall"),
        ("double", True, "broken double wall"),
    ):
        if (kind, broken) in walls:
            entries.append(Entry(_wall(kind == "double", broken), text))
    states = {d.state for d in scene.doors}
    for state in ("closed", "open", "destroyed"):
        if state in states:
            entries.append(Entry(_door(state), f"{state} door"))
    entries.extend(Entry(_tag(tag), f"{kind} door") for kind, tag in door_tags(scene).items())
    return entries


def _element(sample: GridElement, fill: Colour = ELEMENT) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        x0, y0, x1, y1 = _square(draw, lay, box, fill)
        side = x1 - x0
        for start, end in (
            ((x0, y0), (x1, y0)),
            ((x1, y0), (x1, y1)),
            ((x0, y1), (x1, y1)),
            ((x0, y0), (x0, y1)),
        ):
            edge_line(draw, side, start, end, sample)
        if sample.destroyed:
            cross(draw, _mid(box), side * 0.3, DESTROYED, lay.w(2))
        elif sample.blocks_movement:
            no_entry(draw, _mid(box), side * 0.28)

    return paint


def _plate(on: bool) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        state_plate(draw, _mid(box), on, _side(box) * 1.6)

    return paint


def _no_sight(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
    no_sight(draw, _mid(box), _side(box) * 0.34)


def element_entries(scene: GridScene) -> list[Entry]:
    standing = [e for e in scene.elements if not e.destroyed]
    plain = GridElement(id="sample", squares=((0, 0),))
    entries = []
    if standing:
        entries.append(Entry(_element(plain), "floor element"))
    if any(e.blocks_movement for e in standing):
        blocking = plain.model_copy(update={"blocks_movement": True})
        entries.append(Entry(_element(blocking), "blocks movement"))
    if any(e.blocks_sight for e in standing):
        entries.append(Entry(_no_sight, "blocks sight"))
    states = {e.state for e in standing}
    for state in ("on", "off"):
        if state in states:
            entries.append(Entry(_plate(state == "on"), f"switched {state.upper()}"))
    if len(standing) < len(scene.elements):
        wrecked = plain.model_copy(update={"destroyed": True})
        entries.append(Entry(_element(wrecked, FADED), "destroyed element"))
    return entries


def _token(update: dict[str, object]) -> Painter:
    sample = GridToken(id="sample", label=" ", seat="sample", square=(0, 0)).model_copy(
        update=update
    )

    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        side = _side(box) * 1.15
        token_disc(draw, side, _mid(box), side * 0.36, seat_colour(SAMPLE_COLOUR), sample)

    return paint


def _face_down(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
    x, y = _mid(box)
    half = _side(box) * 0.34
    face_down(draw, (x - half, y - half, x + half, y + half), _side(box))


def token_entries(scene: GridScene) -> list[Entry]:
    tokens = scene.tokens
    entries = []
    if any(t.facing is not None for t in tokens):
        entries.append(Entry(_token({"facing": "N"}), "facing (notch)"))
    if any(t.sight is not None for t in tokens):
        entries.append(Entry(_token({"facing": "N", "sight": 180}), "arc of sight (red)"))
    if any(t.active for t in tokens):
        entries.append(Entry(_token({"active": True}), "acting now"))
    if any(t.dead for t in tokens):
        entries.append(Entry(_token({"dead": True}), "dead"))
    states = {t.state for t in tokens if t.state}
    for item in scene.key:
        fill, ink = (WHITE, INK) if item.text in states else (MARK_FILL, WHITE)
        entries.append(Entry(_badge(item.text, fill, ink), item.meaning))
    if scene.markers:
        entries.append(Entry(_face_down, "face-down marker"))
    return entries


def _badge(text: str, fill: Colour, ink: Colour) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        badge(draw, _mid(box), text, _side(box) * 2, fill, ink, ink if fill == WHITE else WHITE)

    return paint


def _sight(blocked: bool) -> Painter:
    sample = GridSight(start=(0, 0), end=(1, 0), blocked=blocked)

    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        x0, _, x1, _ = box
        y = _mid(box)[1]
        side = _side(box)
        sight_line(draw, side, (x0 + side * 0.15, y), (x1 - side * 0.15, y), sample)

    return paint


def _arc(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
    x0, _, x1, _ = box
    reach = _side(box) * 0.95
    arc = GridArc(origin=(0, 0), facing="E", degrees=90, reach=1)
    tint = blend(ARC, LEGEND_FILL, 1 - ARC_AMOUNT)
    centre = ((x0 + x1) / 2 - reach * 0.5, _mid(box)[1])
    arc_wedge(draw, reach, centre, arc, reach, (*tint, 255))


def measure_entries(scene: GridScene) -> list[Entry]:
    entries = []
    if any(not s.blocked for s in scene.sights):
        entries.append(Entry(_sight(False), "line of sight"))
    if any(s.blocked for s in scene.sights):
        entries.append(Entry(_sight(True), "line of sight, blocked"))
    if scene.arcs:
        entries.append(Entry(_arc, "fire arc"))
    if scene.routes:
        entries.append(Entry(_route(scene.routes[0], scene), "walked this round"))
    return entries


def _route(route: GridRoute, scene: GridScene) -> Painter:
    colour = route_colour(scene, route)

    def paint(draw: ImageDraw.ImageDraw, lay: Layout, box: Box) -> None:
        x0, _, x1, _ = box
        y = _mid(box)[1]
        side = _side(box)
        draw_band(draw, [(x0 + side * 0.2, y), (x1 - side * 0.2, y)], colour, side * BAND)

    return paint


def key_entries(scene: GridScene) -> list[Entry]:
    """Everything the key explains, in reading order."""
    return [
        *floor_entries(scene),
        *edge_entries(scene),
        *element_entries(scene),
        *token_entries(scene),
        *measure_entries(scene),
    ]
