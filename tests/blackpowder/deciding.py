"""Deciding black-powder actions with scripted dice: every decision's events checked to
fold into the state it left, and test positions set up by hand."""

from __future__ import annotations

from collections.abc import Sequence

from rules.blackpowder.actions import PickCasualties
from rules.blackpowder.flow import Flow
from rules.blackpowder.play import decide
from rules.blackpowder.state import BPState, BPUnit, Marker, Point, Trooper
from rules.core.actions import Action
from rules.core.events import DiceRolled, Event
from rules.core.rejection import Rejection
from tests.blackpowder.engine import catalog, replay
from tests.scripted_dice import ScriptedRoller


def attempt(
    state: BPState, seat: str, action: Action, faces: Sequence[int] = ()
) -> tuple[BPState, list[Event]] | Rejection:
    """Decide ``action``: a refusal rolls nothing; accepted events use every scripted face
    and fold into the state the decision left."""
    roller = ScriptedRoller(list(faces))
    flow = Flow(state, roller, catalog())
    problem = decide(flow, seat, action)
    if problem is not None:
        assert not roller.rolled, "a refused action rolled dice"
        return problem
    assert roller.unused == [], f"scripted faces left over: {roller.unused}"
    assert [e for e in flow.events if isinstance(e, DiceRolled)] == roller.rolled
    assert replay(state, flow.events) == flow.state
    return flow.state, flow.events


def accepted(
    state: BPState, seat: str, action: Action, faces: Sequence[int] = ()
) -> tuple[BPState, list[Event]]:
    outcome = attempt(state, seat, action, faces)
    assert not isinstance(outcome, Rejection), outcome.message
    return outcome


def refused(state: BPState, seat: str, action: Action) -> Rejection:
    outcome = attempt(state, seat, action)
    assert isinstance(outcome, Rejection), "the action was accepted"
    return outcome


def with_player(state: BPState, seat: str, **changes: object) -> BPState:
    players = tuple(p.model_copy(update=changes) if p.seat == seat else p for p in state.players)
    return state.model_copy(update={"players": players})


def with_unit(state: BPState, unit_id: str, **changes: object) -> BPState:
    units = tuple(u.model_copy(update=changes) if u.id == unit_id else u for u in state.units)
    return state.model_copy(update={"units": units})


def placed(state: BPState, unit_id: str, at: Point, step: int = 150) -> BPState:
    """The unit (shown, not hidden) with its models in a row from ``at``, ``step`` apart."""
    unit: BPUnit = state.unit(unit_id)
    models = tuple(Trooper(id=m.id, x=at[0] + i * step, y=at[1]) for i, m in enumerate(unit.models))
    markers = tuple(m for m in state.markers if m.id != unit.marker)
    state = with_unit(state, unit_id, models=models, marker=None)
    return state.model_copy(update={"markers": markers})


def scene(state: BPState, rows: dict[str, Point], step: int = 150) -> BPState:
    """Only the units of ``rows`` on the table, each shown, its models in a row from the
    point given; every other unit gone and every marker off."""
    units = tuple(
        u.model_copy(update={"models": (), "marker": None}) if u.id not in rows else u
        for u in state.units
    )
    state = state.model_copy(update={"units": units, "markers": ()})
    for unit_id, at in rows.items():
        state = placed(state, unit_id, at, step)
    return state


def hide(state: BPState, unit_id: str, marker: str) -> BPState:
    """The unit under a marker at its models' centre."""
    unit = state.unit(unit_id)
    x = sum(m.x for m in unit.models) // len(unit.models)
    y = sum(m.y for m in unit.models) // len(unit.models)
    state = with_unit(state, unit_id, marker=marker)
    return state.model_copy(
        update={"markers": (*state.markers, Marker(id=marker, seat=unit.seat, x=x, y=y))}
    )


def nearest_fallen(
    state: BPState, seat: str, action: Action, faces: Sequence[int] = ()
) -> tuple[BPState, list[Event]]:
    """Decide ``action``; when its fire leaves the target's owner to pick the fallen
    (reading 45), the owner answers `nearest`. The scripted faces run on through both, and
    the events of both fold into the state they left."""
    roller = ScriptedRoller(list(faces))
    flow = Flow(state, roller, catalog())
    problem = decide(flow, seat, action)
    assert problem is None, problem.message
    picking = flow.state.casualty_choice()
    if picking is not None:
        problem = decide(flow, picking.seat, PickCasualties(nearest=True))
        assert problem is None, problem.message
    assert roller.unused == [], f"scripted faces left over: {roller.unused}"
    assert [e for e in flow.events if isinstance(e, DiceRolled)] == roller.rolled
    assert replay(state, flow.events) == flow.state
    return flow.state, flow.events
