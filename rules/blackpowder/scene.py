"""The black-powder game's public view as a measured-table scene, which the board picture
draws: the sheet's terrain (areas with their going and cover, obstacles as lines), the
units with their models joined, each unit's formation and state, powder smoke, and every
hidden-movement marker as a plain counter. Its words (title, caption, key and terrain
labels) come from the phrasebook in the language asked for.

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
from rules.blackpowder.phrasebook import joined, reason, say
from rules.blackpowder.seats import seat_label
from rules.blackpowder.state import BPUnit, Marker, Obstacle
from rules.blackpowder.view import BlackPowderView
from rules.core.language import Language, Phrase
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
from rules.geometry.units import inches, mm

FORMATION_MARKS = {"close": "Cl", "column": "Col"}
MARKS = (
    ("Cl", "mark-close"),
    ("Col", "mark-column"),
    ("Fl", "mark-fleeing"),
    ("FB", "mark-fallen-back"),
    ("Sh", "mark-shaken"),
    ("Rl", "mark-reload"),
    ("Hid", "mark-hidden"),
)
"""Every code a unit's marks may hold, in the order they are written, and its meaning."""


def mark_key(language: Language = Language.ENGLISH) -> tuple[SceneMark, ...]:
    return tuple(SceneMark(code=code, meaning=say(key).in_(language)) for code, key in MARKS)


MARK_KEY = mark_key()


def blackpowder_scene(
    view: BlackPowderView,
    catalog: Catalog,
    objectives: Sequence[SceneObjective] = (),
    language: Language = Language.ENGLISH,
) -> TableScene:
    """The picture of ``view``, its words in ``language``; ``objectives`` are the
    scenario's markers, if it has any."""
    seats = tuple(
        SceneSeat(id=seat, name=seat_label(seat), colour=i % SEAT_COLOURS)
        for i, seat in enumerate(view.seats)
    )
    table = view.table
    kinds = catalog.terrain_types
    return TableScene(
        **({"width": table.width, "depth": table.depth} if table is not None else {}),
        title=_title(view, catalog).in_(language),
        caption=tuple(line.in_(language)[:100] for line in _caption(view)),
        seats=seats,
        areas=tuple(
            _area(area, kinds.get(view.terrain.get(area.id, "")), language)
            for area in (table.areas if table is not None else ())
        ),
        barriers=tuple(_barrier(o, kinds.get(o.type), language) for o in view.obstacles),
        objectives=tuple(objectives),
        units=tuple(_unit(view, catalog, u) for u in view.units if u.on_table),
        counters=tuple(_counter(m) for m in view.markers),
        mark_key=mark_key(language),
        language=language,
    )


def _cover(kind: TerrainTypeDef) -> Phrase:
    return say("scene-no-cover" if kind.cover == "none" else f"scene-{kind.cover}-cover")


def _area(area: Area, kind: TerrainTypeDef | None, language: Language) -> SceneArea:
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
    named = Phrase(kind.name, kind.name_de)
    name = named if kind.road else say("scene-labelled", name=named, cover=_cover(kind))
    return SceneArea(
        id=area.id,
        label=name.in_(language)[:40],
        points=area.points,
        classes=tuple(classes),
        height=Height.TALL if high else Height.FLAT,
    )


def _barrier(obstacle: Obstacle, kind: TerrainTypeDef | None, language: Language) -> SceneBarrier:
    # a piece named after its type has the type's German name; one named by its preset
    # keeps the preset's name
    named = Phrase(obstacle.name, kind.name_de if kind and obstacle.name == kind.name else None)
    label = say("scene-labelled", name=named, cover=_cover(kind)) if kind is not None else named
    return SceneBarrier(
        id=obstacle.id,
        label=label.in_(language)[:40],
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


def _title(view: BlackPowderView, catalog: Catalog) -> Phrase:
    preset = catalog.tables.get(view.table_id)
    name = Phrase(preset.name, preset.name_de) if preset is not None else say("scene-untitled")
    if view.turn:
        title = say("scene-turn", table=name, turn=view.turn, turns=view.turns)
    else:
        title = say("scene-setting-up", table=name)
    return Phrase(title.english[:100], None if title.german is None else title.german[:100])


def _caption(view: BlackPowderView) -> list[Phrase]:
    lines: list[Phrase] = []
    if view.finished:
        won = [Phrase(seat_label(w)) for w in view.winners]
        lines.append(say("scene-won", sides=joined(won)) if won else say("scene-draw"))
    elif view.go is not None:
        lines.append(say("scene-go", seat=seat_label(view.go)))
    if view.activation is not None and view.activation.unit is not None:
        lines.append(say("scene-acting", unit=view.activation.unit))
    if view.weather != "clear":
        lines.append(say("scene-weather", weather=reason(view.weather.replace("-", " "))))
    return lines[:4]


def scenario_objectives(
    view: BlackPowderView, language: Language = Language.ENGLISH
) -> tuple[SceneObjective, ...]:
    """The markers of the scenario the battle is fought as, each labelled with its name
    in ``language``."""
    if view.scenario is None:
        return ()
    return tuple(
        SceneObjective(
            id=o.id,
            label=Phrase(o.name, o.name_de).in_(language)[:16],
            x=inches(o.at[0]),
            y=inches(o.at[1]),
        )
        for o in view.scenario.objectives
    )
