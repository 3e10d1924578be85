"""The Wasteland public view as a measured-table scene, which the board picture draws.

Only the public view is read, so army lists before the reveal and face-down Rescue
numbers cannot reach the picture: the view has already left them out.
"""

from __future__ import annotations

from rules.geometry.pieces import Height
from rules.geometry.scene import (
    SEAT_COLOURS,
    SceneArea,
    SceneMeasure,
    SceneModel,
    SceneObjective,
    SceneSeat,
    SceneUnit,
    SceneZone,
    TableScene,
)
from rules.wasteland.missions import MISSIONS
from rules.wasteland.state import Objective
from rules.wasteland.view import UnitView, WastelandView

ON_TABLE = "table"
PHASE_NAMES = {
    "lists": "army lists",
    "deployment": "deployment",
    "counters": "Rescue counters",
    "battle": "battle",
    "over": "game over",
}


def wasteland_scene(view: WastelandView) -> TableScene:
    """The table as every player sees it."""
    seats = tuple(
        SceneSeat(id=seat, name=seat.title(), colour=i % SEAT_COLOURS)
        for i, seat in enumerate(view.seats)
    )
    carried = _carried(view.units)
    return TableScene(
        width=view.table.width,
        depth=view.table.depth,
        title=_title(view),
        caption=_caption(view),
        seats=seats,
        areas=tuple(
            SceneArea(
                id=area.id,
                label=_area_label(area.id),
                points=area.points,
                classes=area.classes,
                height=area.height,
                dangerous=area.dangerous,
            )
            for area in view.table.areas
        ),
        zones=tuple(
            SceneZone(seat=zone.seat, label=f"{zone.seat.title()} zone", points=zone.points)
            for zone in view.zones
            if zone.seat in view.seats
        ),
        objectives=tuple(
            _objective(o, face_down=view.mission == "rescue" and not o.revealed)
            for o in view.objectives
            if not o.removed
        ),
        units=tuple(
            _unit(unit, view.active, carried.get(unit.id))
            for unit in view.units
            if unit.status == ON_TABLE and unit.models
        ),
        measures=tuple(
            SceneMeasure(kind=m.kind, start=m.start, end=m.end, label=m.label[:16])
            for m in view.measures
        ),
    )


def _title(view: WastelandView) -> str:
    mission = MISSIONS.get(view.mission)
    name = mission.name if mission else "Wasteland Tactics"
    if view.phase == "battle" and view.round:
        return f"{name} · round {view.round} of {view.rounds}"
    return f"{name} · {PHASE_NAMES.get(view.phase, view.phase)}"


def _caption(view: WastelandView) -> tuple[str, ...]:
    lines: list[str] = []
    if view.scores:
        lines.append(
            "Score: " + ", ".join(f"{s.title()} {view.scores.get(s, 0)}" for s in view.seats)
        )
    if view.finished:
        won = ", ".join(w.title() for w in view.winners) or "nobody"
        lines.append(f"Game over: won by {won}.")
    elif view.active:
        lines.append(f"Acting: {view.active}")
    elif view.turn:
        lines.append(f"To activate: {view.turn.title()}")
    elif view.deploying:
        lines.append(f"Deploying: {view.deploying.title()}")
    if view.condition and view.condition != "normal":
        lines.append(f"Conditions: {view.condition}"[:100])
    if view.event:
        lines.append(f"Event: {view.event}"[:100])
    return tuple(line[:100] for line in lines[:4])


def _area_label(area_id: str) -> str:
    return area_id.replace("-", " ").replace("_", " ")[:40]


def _objective(objective: Objective, face_down: bool) -> SceneObjective:
    """``face_down`` for Rescue counters not yet turned over (004 Rescue)."""
    x, y, radius = objective.x, objective.y, objective.radius
    if objective.points:
        xs = [p[0] for p in objective.points]
        ys = [p[1] for p in objective.points]
        x, y = (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2
        radius = max(max(xs) - min(xs), max(ys) - min(ys)) // 2
    if face_down:
        return SceneObjective(id=objective.id, x=x, y=y, radius=max(1, radius), face_down=True)
    label = str(objective.number) if objective.number is not None else objective.name
    return SceneObjective(
        id=objective.id,
        label=label[:8],
        x=x,
        y=y,
        radius=max(1, radius),
        kind="terrain" if objective.points else "marker",
        score=str(objective.score) if objective.score else "",
        owner=objective.holder,
    )


def _carried(units: tuple[UnitView, ...]) -> dict[str, int]:
    carried: dict[str, int] = {}
    for unit in units:
        if unit.status == "embarked" and unit.embarked_in:
            carried[unit.embarked_in] = carried.get(unit.embarked_in, 0) + len(unit.models)
    return carried


def _unit(unit: UnitView, active: str | None, embarked: int | None) -> SceneUnit:
    height = Height(max(Height.FLAT, min(Height.TOWERING, unit.height)))
    wounds = ""
    if unit.tough:
        hurt = [m.wounds for m in unit.models if m.wounds < unit.tough]
        if hurt:
            wounds = f"W{min(hurt)}"
    return SceneUnit(
        id=unit.id,
        label=unit.id[:6],
        seat=unit.seat,
        models=tuple(
            SceneModel(x=m.x, y=m.y, radius=unit.radius, height=height) for m in unit.models
        ),
        suppression=unit.markers,
        activated=unit.activated,
        defending=unit.defending,
        active=unit.id == active,
        wounds=wounds,
        facing=unit.facing,
        embarked=embarked,
    )
