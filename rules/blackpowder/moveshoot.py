"""Moving and shooting in one action (reading 61, the sheet's "hasty shot"): the unit
moves as in a move action, spots again from where it stands, then fires at a spotted enemy
with every shot hasty (-1). If it could not fire from there (the target not spotted, out
of sight or range), the whole action is refused and nothing moves."""

from __future__ import annotations

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.acting import ending, steady_actor
from rules.blackpowder.actions import MoveShoot
from rules.blackpowder.firing import aims, fire, weapon_for
from rules.blackpowder.flow import Flow
from rules.blackpowder.landing import found_in_the_way
from rules.blackpowder.lookout import look_out, reveal
from rules.blackpowder.moving import move_events, route
from rules.blackpowder.phrasebook import say
from rules.blackpowder.reacting import after_fire
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.state import AfterActionStep, BPState, BPUnit
from rules.core.frames import FrameOpened
from rules.core.language import Phrase
from rules.core.rejection import Rejection, RejectionCode, reject


def enemy_target(state: BPState, seat: str, piece: str) -> BPUnit | Rejection:
    """The enemy unit on show that ``piece`` names."""
    target = state.by_piece(piece)
    if target is None or not target.on_table or target.seat == seat:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("no-enemy-unit", target=piece),
            cited(rule.RANGED_FIRE),
        )
    if target.marker is not None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("marker-not-a-target", marker=target.marker),
            cited(rule.HIDDEN),
        )
    return target


def move_and_shoot(flow: Flow, seat: str, action: MoveShoot) -> Rejection | None:
    unit = steady_actor(flow, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    state = flow.state
    target = enemy_target(state, seat, action.target)
    if isinstance(target, Rejection):
        return target
    loaded = weapon_for(state, unit, action.weapon)  # a weapon it carries, loaded
    if isinstance(loaded, Rejection):
        return loaded
    found = route(state, unit, action.to)
    if isinstance(found, Rejection):
        return found
    look_out(flow, unit)
    again = route(flow.state, flow.state.unit(unit.id), action.to)
    if found_in_the_way(flow, state, unit.piece, seat, *ending(again, unit, action.to)):
        return None
    assert not isinstance(again, Rejection)
    flow.emit(*move_events(flow.state, again))
    moved = flow.state.unit(unit.id)
    look_out(flow, moved)
    aimed = flow.state.unit(target.id)
    if not aimed.spotted:
        return reject(
            RejectionCode.NO_LINE_OF_SIGHT,
            say("not-spotted-from-there", target=target.id),
            cited(rule.SPOTTING),
        )
    weapon = weapon_for(flow.state, moved, action.weapon, aimed)
    if isinstance(weapon, Rejection):
        return weapon
    lines = aims(flow.state, moved, aimed, weapon, moved=True)
    if not lines:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            say(
                "out-of-range-from-there",
                piece=unit.piece,
                target=target.id,
                weapon=Phrase(weapon.name, weapon.name_de),
                range=weapon.range,
            ),
            cited(rule.RANGED_FIRE),
        )
    reveal(flow, moved, "it shoots")
    shooter = flow.state.unit(unit.id)
    flow.emit(FrameOpened(frame=AfterActionStep(piece=shooter.piece)))
    fallen = fire(flow, shooter, aimed, weapon, lines, moved=True)
    if fallen:
        after_fire(flow, aimed.id, shooter, fallen)
    return None
