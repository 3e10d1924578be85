"""The black-powder game's public view as a measured-table scene, which the board picture
draws: the sheet's terrain (areas with their going and cover, obstacles as lines), the
units with their models joined, each unit's formation and state, powder smoke, and every
hidden-movement marker as a plain counter.

Only the view is read, so a unit under a marker that the viewer may not see never reaches
the scene: its marker shows its public name, its seat and where it stands, and nothing of
the unit under it. The content (terrain types and unit profiles) only says how an area or
a model on show is drawn; what no pack holds any more is drawn plainly (a foot base, an
area by its own classes), so a game saved with older packs still has its picture.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.blackpowder.board import FOOT_BASE_MM, MARKER_MM, large, radius
from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.content.terrain import TerrainTypeDef
from rules.blackpowder.seats import seat_label
from rules.blackpowder.state import BPUnit, Marker, Obstacle
from rules.blackpowder.view import BlackPowderView
from rules.geometry.pieces import Area, Height, Terrain
from rules.geometry.scene import (
    SEAT_COLOURS,
    SceneArea,
    SceneBarrier,
    SceneCounter,
    SceneMark,
    SceneModel,
    SceneObjective,
    SceneSeat,
    SceneUnit,
    TableScene,
)
from rules.geometry.units import mm

FORMATION_MARKS = {"close": "Cl", "column": "Col"}
MARK_KEY = (
    SceneMark(code="Cl", meaning="Close order"),
    SceneMark(code="Col", meaning="Column"),
    SceneMark(code="Fl", meaning="Fleeing"),
    SceneMark(code="FB", meaning="Fallen back"),
    SceneMark(code="Sh", meaning="Shaken"),
    SceneMark(code="Rl", meaning="Must reload"),
    SceneMark(code="Hid", meaning="Hidden under its marker"),
)
"""Every code a unit's marks may hold, in the order they are written."""


def blackpowder_scene(
    view: BlackPowderView, catalog: Catalog, objectives: Sequence[SceneObjective] = ()
) -> TableScene:
    """The picture of ``view``; ``objectives`` are the scenario's markers, if it has any."""
    seats = tuple(
        SceneSeat(id=seat, name=seat_label(seat), colour=i % SEAT_COLOURS)
        for i, seat in enumerate(view.seats)
    )
    table = view.table
    kinds = catalog.terrain_types
    return TableScene(
        **({"width": table.width, "depth": table.depth} if table is not None else {}),
        title=_title(view, catalog),
        caption=_caption(view),
        seats=seats,
        areas=tuple(
            _area(area, kinds.get(view.terrain.get(area.id, "")))
            for area in (table.areas if table is not None else ())
        ),
        barriers=tuple(_barrier(o, kinds.get(o.type)) for o in view.obstacles),
        objectives=tuple(objectives),
        units=tuple(_unit(view, catalog, u) for u in view.units if u.on_table),
        counters=tuple(_counter(m) for m in view.markers),
        mark_key=MARK_KEY,
    )


def _cover(kind: TerrainTypeDef) -> str:
    return "no cover" if kind.cover == "none" else f"{kind.cover} cover"


def _area(area: Area, kind: TerrainTypeDef | None) -> SceneArea:
    """The area with its going and height, its cover named in its label: a high area
    (sight reaches only 6" into it) is drawn as concealment and tall, a low one flat, since
    it hides nothing. (A pattern for cover as well would crowd the ground to a mesh.) A
    type no pack holds any more is drawn from the area alone."""
    if kind is None:
        return SceneArea(id=area.id, points=area.points, classes=area.classes, height=area.height)
    high = kind.height == "high"
    classes: list[Terrain] = list(area.classes)
    if kind.building:
        classes.append(Terrain.BUILDING)
    elif high:
        classes.append(Terrain.CONCEALMENT)
    name = kind.name if kind.road else f"{kind.name}, {_cover(kind)}"
    return SceneArea(
        id=area.id,
        label=name[:40],
        points=area.points,
        classes=tuple(classes),
        height=Height.TALL if high else Height.FLAT,
    )


def _barrier(obstacle: Obstacle, kind: TerrainTypeDef | None) -> SceneBarrier:
    cover = f", {_cover(kind)}" if kind is not None else ""
    return SceneBarrier(
        id=obstacle.id,
        label=f"{obstacle.name}{cover}"[:40],
        points=obstacle.points,
        height=Height.TALL if kind is not None and kind.height == "high" else Height.LOW,
    )


def _marks(unit: BPUnit) -> str:
    codes = []
    if unit.formation in FORMATION_MARKS:
        codes.append(FORMATION_MARKS[unit.formation])
    if unit.fleeing:
        codes.append("Fl")
    if unit.fallen_back:
        codes.append("FB")
    if unit.shaken:
        codes.append("Sh")
    if unit.spent:
        codes.append("Rl")
    if unit.hidden:
        codes.append("Hid")
    return " ".join(codes)


def _unit(view: BlackPowderView, catalog: Catalog, unit: BPUnit) -> SceneUnit:
    profile = catalog.units.get(unit.profile)
    size = radius(profile) if profile is not None else mm(FOOT_BASE_MM) // 2
    height = Height.TALL if profile is not None and large(profile) else Height.MAN
    acting = view.activation
    return SceneUnit(
        id=unit.id,
        label=unit.id[:6],
        seat=unit.seat,
        models=tuple(SceneModel(x=m.x, y=m.y, radius=size, height=height) for m in unit.models),
        activated=acting is not None and unit.piece in acting.acted,
        active=acting is not None and acting.unit == unit.piece,
        marks=_marks(unit),
        smoke=unit.smoke,
        tether=len(unit.models) > 1,
    )


def _counter(marker: Marker) -> SceneCounter:
    return SceneCounter(
        id=marker.id,
        label=marker.id[:6],
        x=marker.x,
        y=marker.y,
        radius=mm(MARKER_MM) // 2,
        seat=marker.seat,
    )


def _title(view: BlackPowderView, catalog: Catalog) -> str:
    preset = catalog.tables.get(view.table_id)
    name = preset.name if preset is not None else "Black powder skirmish"
    if view.turn:
        return f"{name} · turn {view.turn} of {view.turns}"[:100]
    return f"{name} · setting up"[:100]


def _caption(view: BlackPowderView) -> tuple[str, ...]:
    lines: list[str] = []
    if view.finished:
        won = ", ".join(seat_label(w) for w in view.winners) or "nobody (a draw)"
        lines.append(f"Game over: won by {won}.")
    elif view.go is not None:
        lines.append(f"{seat_label(view.go)}'s go")
    if view.activation is not None and view.activation.unit is not None:
        lines.append(f"Acting on a command: {view.activation.unit}")
    if view.weather != "clear":
        lines.append(f"Weather: {view.weather.replace('-', ' ')}")
    return tuple(line[:100] for line in lines[:4])
