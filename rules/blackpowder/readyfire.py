"""*Enemy sighted!* (reading 8, 003 Kommandofähigkeiten: Feindsichtung!): right after an
enemy unit on show ends an action, the other seat may pay 1 command point for one of its
units that spots it and whose weapon is loaded to fire at it at once. The chance is a
window: the go waits for the answer (or its deadline). Every ready-fire shot is hasty and
the fire is a volley for the reaction test (readings 13 and 15); a ready fire opens no new
chance in return (reading 33)."""

from __future__ import annotations

from rules.blackpowder.abilities import cited
from rules.blackpowder.actions import HoldFire, ReadyFire
from rules.blackpowder.events import PointsSpent
from rules.blackpowder.firing import aims, fire, weapon_for
from rules.blackpowder.flow import Flow
from rules.blackpowder.lookout import look_out, reveal
from rules.blackpowder.phrasebook import say
from rules.blackpowder.reacting import after_fire
from rules.blackpowder.sighting import spots
from rules.blackpowder.state import BPState, BPUnit, ReadyFireWindow
from rules.blackpowder.tables.command import ability_cost
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.language import Phrase
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
        if loaded_in_range(state, unit, mover):
            found.append(unit)
    return tuple(found)


def loaded_in_range(state: BPState, unit: BPUnit, target: BPUnit) -> tuple[str, ...]:
    """The unit's loaded weapons with which a model sees ``target`` in range (reading 62)."""
    return tuple(
        w
        for w in state.profile(unit).ranged
        if w not in unit.spent and aims(state, unit, target, state.weapons[w], ready=True)
    )


def _why_not(state: BPState, seat: str, named: str, unit: BPUnit | None, mover: BPUnit) -> Phrase:
    """The one condition of Enemy sighted! that ``unit`` does not meet."""
    if unit is None or not unit.on_table or unit.seat != seat:
        return say("no-own-unit", piece=named)
    if unit.fleeing:
        return say("ready-fire-fleeing", unit=unit.piece)
    if not spots(state, unit, mover):
        return say("ready-fire-unspotted", unit=unit.piece, mover=mover.id)
    loaded = [w for w in state.profile(unit).ranged if w not in unit.spent]
    if not loaded:
        why = "no-ranged-weapon" if not state.profile(unit).ranged else "must-reload"
        return say(why, piece=unit.piece)
    return say("ready-fire-out-of-range", unit=unit.piece, mover=mover.id)


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
            _why_not(state, seat, action.unit, unit, mover),
            cited("enemy-sighted"),
            [f"fire {u.piece}" for u in ready],
        )
    weapon = weapon_for(state, unit, action.weapon, mover)
    if isinstance(weapon, Rejection):
        return weapon
    lines = aims(state, unit, mover, weapon, ready=True)
    if not lines:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            say(
                "out-of-range",
                piece=unit.piece,
                target=mover.id,
                weapon=Phrase(weapon.name, weapon.name_de),
                range=weapon.range,
            ),
            cited("enemy-sighted"),
            [f"fire {unit.piece} with {w}" for w in loaded_in_range(state, unit, mover)],
        )
    flow.emit(
        FrameClosed(answer=f"fire {unit.piece}"),
        PointsSpent(seat=seat, ability="enemy-sighted", points=COST, piece=unit.piece),
    )
    look_out(flow, unit)
    reveal(flow, unit, "it fires")
    shooter = flow.state.unit(unit.id)
    fallen = fire(flow, shooter, mover, weapon, lines, ready=True)
    if fallen:
        after_fire(flow, mover.id, shooter, fallen, volley=True)
    return None
