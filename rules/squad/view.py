"""What a viewer may see of a squad game: everything on the table; forces only once
revealed (a seat sees its own choice before)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core.visibility import Viewer
from rules.geometry.pieces import Table
from rules.geometry.units import mm
from rules.squad.state import Measure, Objective, Point, SquadState, SUnit


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class ForceView(Frozen):
    name: str
    units: tuple[str, ...]


class SquadView(Frozen):
    phase: str
    turn: int
    turns: int
    seats: tuple[str, ...]
    scenario: str
    table: Table | None
    zones: dict[str, tuple[Point, ...]]
    objectives: tuple[Objective, ...]
    chosen: tuple[str, ...]  # seats that have chosen a force
    forces: dict[str, ForceView]  # the forces this viewer may see
    units: tuple[SUnit, ...]
    radius: dict[str, int]  # base radius per unit
    sizes: dict[str, int]
    wounds: dict[str, int]  # an individual's wounds at the start
    deploying: str | None
    to_act: str | None
    active: str | None
    kills: dict[str, int]
    scores: dict[str, int]
    measures: tuple[Measure, ...]
    finished: bool
    winners: tuple[str, ...]


def view(state: SquadState, viewer: Viewer) -> SquadView:
    revealed = state.phase != "forces"
    forces = {
        seat: ForceView(name=state.force_names.get(seat, ""), units=units)
        for seat, units in state.forces.items()
        if revealed or viewer.referee or viewer.seat == seat
    }
    return SquadView(
        phase=state.phase,
        turn=state.turn,
        turns=state.options.turns,
        seats=state.seats,
        scenario=state.scenario.name if state.scenario else "",
        table=state.table,
        zones=dict(state.zones),
        objectives=state.objectives,
        chosen=tuple(state.forces),
        forces=forces,
        units=state.units if revealed else (),
        radius={u.id: mm(state.profile(u).base_mm) // 2 for u in state.units} if revealed else {},
        sizes={u.id: state.profile(u).size for u in state.units} if revealed else {},
        wounds={u.id: state.profile(u).wounds for u in state.units} if revealed else {},
        deploying=state.deploying,
        to_act=state.to_act,
        active=state.activation.unit if state.activation else None,
        kills=dict(state.kills),
        scores=dict(state.scores),
        measures=state.measures,
        finished=state.finished,
        winners=state.winners,
    )
