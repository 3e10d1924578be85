"""What a viewer may see of a Wasteland game; the table picture is drawn from this alone.

Army lists stay out of every view until they are revealed together (a seat sees only its
own draft), and Rescue counters show no number until they are turned over.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core.visibility import Viewer
from rules.geometry.pieces import Table
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import ArmyList, Measure, Objective, WastelandState, Zone
from rules.wasteland.table import HEIGHTS, radius


class FrozenView(BaseModel):
    model_config = ConfigDict(frozen=True)


class ModelView(FrozenView):
    id: str
    x: int
    y: int
    wounds: int


class UnitView(FrozenView):
    id: str
    seat: str
    name: str
    type: str
    status: str
    models: tuple[ModelView, ...]
    starting: int
    radius: int
    height: int
    markers: int = 0
    activated: bool = False
    defending: bool = False
    active: bool = False
    embarked_in: str | None = None
    facing: int | None = None
    tough: int = 0


class WastelandView(FrozenView):
    phase: str
    round: int = 0
    rounds: int = 8
    mission: str = ""
    defender: str | None = None
    battlefield: str = ""
    table: Table = Table()
    zones: tuple[Zone, ...] = ()
    objectives: tuple[Objective, ...] = ()
    seats: tuple[str, ...] = ()
    submitted: tuple[str, ...] = ()
    units: tuple[UnitView, ...] = ()
    scores: dict[str, int] = {}
    turn: str | None = None
    deploying: str | None = None
    active: str | None = None
    measures: tuple[Measure, ...] = ()
    condition: str = "normal"
    event: str = ""
    advantages: dict[str, tuple[str, ...]] = {}
    own_draft: ArmyList | None = None
    finished: bool = False
    winners: tuple[str, ...] = ()


def view(state: WastelandState, viewer: Viewer) -> WastelandView:
    units = []
    for unit in state.units.values():
        profile = profile_in_play(state, unit)
        units.append(
            UnitView(
                id=unit.id,
                seat=unit.seat,
                name=unit.name,
                type=profile.type,
                status=unit.status,
                models=tuple(
                    ModelView(id=m.id, x=m.x, y=m.y, wounds=m.wounds) for m in unit.living
                ),
                starting=unit.starting,
                radius=radius(profile),
                height=int(HEIGHTS[profile.height]),
                markers=unit.markers,
                activated=unit.activated,
                defending=unit.defending,
                active=state.active is not None and state.active.unit == unit.id,
                embarked_in=unit.embarked_in,
                facing=unit.facing if profile.big else None,
                tough=profile.value("tough"),
            )
        )
    objectives = tuple(
        o if o.revealed or viewer.referee else o.model_copy(update={"number": None})
        for o in state.objectives
    )
    own = None
    if viewer.seat is not None and viewer.seat in state.drafts:
        own = state.drafts[viewer.seat]
    return WastelandView(
        phase=state.phase,
        round=state.round,
        rounds=state.options.rounds,
        mission=state.mission,
        defender=state.defender,
        battlefield=state.battlefield,
        table=state.table,
        zones=state.zones,
        objectives=objectives,
        seats=state.seats,
        submitted=state.submitted,
        units=tuple(units),
        scores=dict(state.scores),
        turn=state.turn,
        deploying=state.deploying,
        active=state.active.unit if state.active else None,
        measures=state.measures,
        condition=state.condition,
        event=state.event_this_round,
        advantages=dict(state.advantages),
        own_draft=own,
        finished=state.finished,
        winners=state.winners,
    )
