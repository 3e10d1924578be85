"""The squad game's public view as a measured-table scene, which the board picture draws.

Only the public view is read, so a force chosen in secret cannot reach the picture."""

from __future__ import annotations

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
from rules.squad.bodies import height_of
from rules.squad.seats import seat_label
from rules.squad.state import SUnit
from rules.squad.view import SquadView

PHASES = {
    "forces": "choosing forces",
    "deployment": "deployment",
    "initiative": "initiative",
    "activation": "activation phase",
    "over": "game over",
}
ORDER_MARKS = {"move": "Mv", "rush": "Ru", "hold": "Hd", "shoot": "Sh", "assault": "As"}


def squad_scene(view: SquadView) -> TableScene:
    seats = tuple(
        SceneSeat(id=seat, name=seat_label(seat), colour=i % SEAT_COLOURS)
        for i, seat in enumerate(view.seats)
    )
    table = view.table
    areas = table.areas if table is not None else ()
    return TableScene(
        **({"width": table.width, "depth": table.depth} if table is not None else {}),
        title=_title(view),
        caption=_caption(view),
        seats=seats,
        areas=tuple(
            SceneArea(
                id=a.id,
                label=a.id.replace("-", " ")[:40],
                points=a.points,
                classes=a.classes,
                height=a.height,
                dangerous=a.dangerous,
            )
            for a in areas
        ),
        zones=tuple(
            SceneZone(seat=seat, label=f"{seat_label(seat)} zone", points=points)
            for seat, points in view.zones.items()
            if view.phase in ("forces", "deployment")
        ),
        objectives=tuple(
            SceneObjective(id=o.id, label=o.id.upper(), x=o.x, y=o.y) for o in view.objectives
        ),
        units=tuple(_unit(view, u) for u in view.units if u.status == "table" and u.living),
        measures=tuple(
            SceneMeasure(kind=m.kind, start=m.start, end=m.end, label=m.label[:16])
            for m in view.measures
        ),
    )


def _unit(view: SquadView, unit: SUnit) -> SceneUnit:
    radius = view.radius.get(unit.id, 49)
    height = height_of(view.sizes.get(unit.id, 2))
    marks = ("P" if unit.panicked else "") + (ORDER_MARKS[unit.order] if unit.order else "")
    most = view.wounds.get(unit.id, 1)
    left = sum(m.wounds for m in unit.living)
    wounds = f"W{left}" if most > 1 and left < most else ""
    return SceneUnit(
        id=unit.id,
        label=unit.id[:6],
        seat=unit.seat,
        models=tuple(SceneModel(x=m.x, y=m.y, radius=radius, height=height) for m in unit.living),
        activated=unit.activated,
        active=unit.id == view.active,
        wounds=wounds,
        marks=marks,
        tether=len(unit.living) > 1,  # which models are one squad, on a crowded table
    )


def _title(view: SquadView) -> str:
    name = view.scenario or "Squad orders"
    if view.turn:
        return f"{name} · turn {view.turn} of {view.turns}"
    return f"{name} · {PHASES.get(view.phase, view.phase)}"


def _caption(view: SquadView) -> tuple[str, ...]:
    lines: list[str] = []
    if view.finished:
        won = ", ".join(seat_label(w) for w in view.winners) or "nobody (a draw)"
        lines.append(f"Game over: won by {won}.")
    if view.scores or view.kills:
        shown = view.scores or view.kills
        lines.append(
            "Score: " + ", ".join(f"{seat_label(s)} {shown.get(s, 0)}" for s in view.seats)
        )
    if view.active:
        lines.append(f"Acting: {view.active}")
    elif view.to_act and not view.finished:
        lines.append(f"To activate: {seat_label(view.to_act)}")
    elif view.deploying:
        lines.append(f"Deploying: {seat_label(view.deploying)}")
    lines.append("Marks: P panicked; Mv Ru Hd Sh As the order taken this turn")
    return tuple(line[:100] for line in lines[:4])
