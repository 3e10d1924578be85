"""*Enemy sighted!* (reading 8, 003 Kommandofähigkeiten: Feindsichtung!): right after an
enemy unit on show ends an action, the other seat may pay 1 command point for one of its
units that spots it and whose weapon is loaded to fire at it at once. The chance is a
window: the go waits for the answer (or its deadline). Every ready-fire shot is hasty and
the fire is a volley for the reaction test (readings 13 and 15); a ready fire opens no new
chance in return (reading 33)."""

from __future__ import annotations

from rules.blackpowder.abilities import cited
from rules.blackpowder.actions import HoldFire, ReadyFire
from rules.blackpowder.events import PointsSpent, Revealed
from rules.blackpowder.firing import aims, fire, weapon_for
from rules.blackpowder.flow import Flow
from rules.blackpowder.lookout import look_out
from rules.blackpowder.phrasebook import say
from rules.blackpowder.reacting import after_fire
from rules.blackpowder.sighting import spots
from rules.blackpowder.state import BPState, BPUnit, ReadyFireWindow
from rules.blackpowder.tables.command import ability_cost
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject

COST = ability_cost("enemy-sighted")


def ready_units(state: BPState, seat: str, mover: BPUnit) -> tuple[BPUnit, ...]:
    """The seat's units that could fire at ``mover`` now: each spots it as it starts its
    ready-fire action (readings 11 and 33)."""
    if mover.marker is not None or not mover.on_table:
        return ()
    found = []
    for unit in state.on_table(seat):
        if unit.fleeing or not spots(state, unit, mover):
            continue
        weapon = weapon_for(state, unit, None)
        if isinstance(weapon, Rejection):
            continue
        if aims(state, unit, mover, weapon, ready=True):
            found.append(unit)
    return tuple(found)


def offer(flow: Flow, mover_id: str) -> None:
    """After ``mover_id``'s action: the chance of *Enemy sighted!* for the other seat."""
    state = flow.state
    if flow.over:
        return
    mover = state.unit(mover_id)
    seat = state.enemy(mover.seat)
    if state.player(seat).points < COST or not ready_units(state, seat, mover):
        return
    flow.emit(FrameOpened(frame=ReadyFireWindow(seat=seat, mover=mover.id)))


def answer(flow: Flow, seat: str, action: ReadyFire | HoldFire) -> Rejection | None:
    window = flow.state.ready_fire()
    assert window is not None and window.seat == seat
    if isinstance(action, HoldFire):
        flow.emit(FrameClosed(answer="pass"))
        return None
    state = flow.state
    mover = state.unit(window.mover)
    unit = state.by_piece(action.unit)
    ready = ready_units(state, seat, mover)
    if unit is None or unit not in ready:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("cannot-ready-fire", unit=action.unit, mover=mover.id),
            cited("enemy-sighted"),
            [f"fire {u.piece}" for u in ready],
        )
    weapon = weapon_for(state, unit, None)
    assert not isinstance(weapon, Rejection)
    lines = aims(state, unit, mover, weapon, ready=True)
    flow.emit(
        FrameClosed(answer=f"fire {unit.piece}"),
        PointsSpent(seat=seat, ability="enemy-sighted", points=COST, piece=unit.piece),
    )
    look_out(flow, unit)
    if unit.marker is not None:
        flow.emit(
            Revealed(
                marker=unit.marker,
                unit=unit.id,
                positions=tuple((m.x, m.y) for m in unit.models),
                why="it fires",
            )
        )
    shooter = flow.state.unit(unit.id)
    fallen = fire(flow, shooter, mover, weapon, lines, ready=True)
    if fallen:
        after_fire(flow, mover.id, shooter, fallen, volley=True)
    return None
