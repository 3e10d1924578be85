"""Reaction shots by Holding units when an enemy ends a Move, Rush or assault move in their
sight and range (`/rules` reaction-shots). Each Holding unit reacts at most once before the
next marker phase."""

from __future__ import annotations

from rules.core.frames import FrameOpened
from rules.squad.bodies import in_combat
from rules.squad.combat import engage
from rules.squad.events import ReactionTested
from rules.squad.flow import Flow
from rules.squad.shooting import fire, sighting
from rules.squad.state import ReactionsStep, SquadState, SUnit
from rules.squad.tables import DEFAULT_DIFF, grid_score
from rules.squad.turns import end_activation


def open_reactions(
    flow: Flow, mover: str, rush: bool = False, assault: str | None = None, charge: bool = True
) -> None:
    """Queue the reactions to ``mover``'s move; the system's settle loop runs them."""
    step = ReactionsStep(mover=mover, rush=rush, assault=assault, charge=charge)
    flow.emit(FrameOpened(frame=step))


def reactor(state: SquadState, mover: SUnit, assault: str | None = None) -> SUnit | None:
    """The first Holding enemy that may react to ``mover`` now. After an assault move the
    mover is shot at before any close combat; the unit it assaults may counter-charge
    instead, so it does not shoot."""
    if not mover.on_table or (assault is None and in_combat(state, mover)):
        return None
    for unit in state.on_table():
        if (
            unit.seat != mover.seat
            and unit.id != assault
            and unit.holding
            and not unit.panicked
            and not in_combat(state, unit)
            and sighting(state, unit, mover) is not None
        ):
            return unit
    return None


def run_reactions(flow: Flow, step: ReactionsStep) -> None:
    """One reaction, then this step again; when nobody is left to react, the mover's
    activation goes on (after a Move) or ends (after a Rush, or when the mover fell)."""
    state = flow.state
    mover = state.find(step.mover)
    unit = reactor(state, mover, step.assault) if mover is not None else None
    if unit is None or mover is None:
        if step.assault is not None:
            engage(flow, step.mover, step.assault, step.charge)
            end_activation(flow, step.mover)
        elif step.rush or mover is None or not mover.on_table:
            end_activation(flow, step.mover)
        return
    flow.emit(FrameOpened(frame=step))
    roll = flow.check(grid_score(state.profile(unit).morale, DEFAULT_DIFF), "reaction test")
    flow.emit(ReactionTested(unit=unit.id, against=mover.id, kind="shot", roll=roll))
    if not roll.passed:
        return
    seen = sighting(flow.state, flow.state.unit(unit.id), flow.state.unit(mover.id))
    if seen is not None:
        fire(flow, unit.id, seen, reaction=True)
