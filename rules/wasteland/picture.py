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
from rules.wasteland.seats import seat_label
from rules.wasteland.state import Objective
from rules.wasteland.view import UnitView, WastelandView

ON_TABLE = "table"
OBJECTIVE_AREA = "obj-"  # the terrain piece of an objective: its tag names it
TAG_LETTERS = 16  # the most a terrain objective's tag holds
MARKER_LETTERS = 8  # and a marker
CAPTION_LINES = 4
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
        SceneSeat(id=seat, name=seat_label(seat), colour=i % SEAT_COLOURS)
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
                label="" if area.id.startswith(OBJECTIVE_AREA) else _area_label(area.id),
                points=area.points,
                classes=area.classes,
                height=area.height,
                dangerous=area.dangerous,
            )
            for area in view.table.areas
        ),
        zones=_zones(view),
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


def _zones(view: WastelandView) -> tuple[SceneZone, ...]:
    """One zone per outline: attackers sharing a zone are named together on it (drawn in
    the first one's colour), so no seat's zone hides under another's."""
    shared: dict[tuple[tuple[int, int], ...], list[str]] = {}
    for zone in view.zones:
        if zone.seat in view.seats:
            shared.setdefault(zone.points, []).append(zone.seat)
    return tuple(
        SceneZone(seat=seats[0], label=_zone_label(seats), points=points)
        for points, seats in shared.items()
    )


def _zone_label(seats: list[str]) -> str:
    names = [seat_label(s) for s in seats]
    text = " & ".join(names) + " zone"
    return text if len(text) <= 40 else " & ".join(n[:1] for n in names) + " zone"


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
            "Score: " + ", ".join(f"{seat_label(s)} {view.scores.get(s, 0)}" for s in view.seats)
        )
    if view.finished:
        won = ", ".join(seat_label(w) for w in view.winners) or "nobody"
        lines.append(f"Game over: won by {won}.")
    elif view.active:
        lines.append(f"Acting: {view.active}")
    elif view.turn:
        lines.append(f"To activate: {seat_label(view.turn)}")
    elif view.deploying:
        lines.append(f"Deploying: {seat_label(view.deploying)}")
    if view.condition and view.condition != "normal":
        lines.append(f"Conditions: {view.condition}"[:100])
    if view.event:
        lines.append(f"Event: {view.event}"[:100])
    key = _marker_key(view)
    if key and len(lines) < CAPTION_LINES:
        lines.append(f"Markers: {key}"[:100])
    return tuple(line[:100] for line in lines[:CAPTION_LINES])


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
    label = str(objective.number) if objective.number is not None else _short(objective)
    return SceneObjective(
        id=objective.id,
        label=label,
        x=x,
        y=y,
        radius=max(1, radius),
        kind="terrain" if objective.points else "marker",
        score=str(objective.score) if objective.score else "",
        owner=objective.holder,
    )


def _short(objective: Objective) -> str:
    """What an objective's picture says: a terrain piece's tag has room for its name
    (up to 16 letters); a small marker shows a code, its name's initial and number
    (``Salvage 3`` → ``S3``), which the caption explains."""
    if objective.points:
        return objective.name[:TAG_LETTERS]
    code = _code(objective.name)
    return code if code is not None else objective.name[:MARKER_LETTERS]


def _code(name: str) -> str | None:
    """``Salvage 3`` → ``S3``; None for a name without a number."""
    words = name.split()
    if len(words) < 2 or not words[-1].isdigit():
        return None
    return ("".join(w[:1].upper() for w in words[:-1]) + words[-1])[:MARKER_LETTERS]


def _marker_key(view: WastelandView) -> str:
    """The caption's key to the markers' codes (``S1-S5: Salvage``)."""
    named: dict[str, list[str]] = {}
    for objective in view.objectives:
        code = _code(objective.name)
        if objective.points or objective.removed or code is None:
            continue
        if view.mission == "rescue" and not objective.revealed:
            continue  # face-down counters show no label at all
        named.setdefault(" ".join(objective.name.split()[:-1]), []).append(code)
    return "; ".join(
        f"{codes[0]}" + (f"-{codes[-1]}" if len(codes) > 1 else "") + f": {name}"
        for name, codes in named.items()
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
        tether=len(unit.models) > 1,  # which models are one unit, on a crowded table
    )
