"""Grenades and Smoke Grenades (source 000, "Grenades", "Grenade Effects", "Smoke Grenade
Effects").

A Grenade reaches 5 circles and a Smoke Grenade 8, counted from the thrower's circle
(excluded) to the target (included); every circle on the way except the last must share a
path with the thrower. A Grenade deals 4 automatic attack successes to everyone on the
target circle and the circles next to it — each makes a shock roll — then leaves rubble.
A Smoke Grenade fills every circle sharing a path with its circle for the rest of this turn
and the next two. Throwing is not an attack, so nobody may counterattack.
"""

from __future__ import annotations

from rules.core.frames import FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.tannhauser import events as ev
from rules.tannhauser.combat import may_shake_off, shock, wound
from rules.tannhauser.content.equipment import GRENADE, SMOKE_GRENADE
from rules.tannhauser.flow import Flow
from rules.tannhauser.sight import board
from rules.tannhauser.state import GrenadePlan, PendingGrenade, ShakeOffWindow, TannhauserState
from rules.tannhauser.values import skill_problem

GRENADE_RANGE = 5
SMOKE_RANGE = 8
GRENADE_SUCCESSES = 4
R_GRENADES = "000 Grenades"


def reach(state: TannhauserState, item: str) -> int:
    return SMOKE_RANGE if state.gear[item].has(SMOKE_GRENADE) else GRENADE_RANGE


def targets(state: TannhauserState, key: str, item: str) -> dict[str, int]:
    token = state.tokens[key]
    if token.circle is None:
        return {}
    return board(state).grenade_targets(token.circle, reach(state, item))


def throw_problem(state: TannhauserState, key: str, item: str, circle: str) -> Rejection | None:
    token = state.tokens[key]
    if item not in token.equipment:
        carried = f"{state.called(key)} does not carry {state.called(item)}."
        return reject(RejectionCode.BAD_ARGUMENT, carried, R_GRENADES)
    gear = state.gear[item]
    if not (gear.has(GRENADE) or gear.has(SMOKE_GRENADE)):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{gear.name} is not a Grenade or Smoke Grenade.",
            R_GRENADES,
        )
    unskilled = skill_problem(state, token, gear)
    if unskilled:
        return reject(RejectionCode.BAD_ARGUMENT, unskilled + ".", R_GRENADES)
    allowed = targets(state, key, item)
    if circle not in allowed:
        kind = "Smoke Grenade" if gear.has(SMOKE_GRENADE) else "Grenade"
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{circle} is out of reach: a {kind} reaches {reach(state, item)} circles, and "
            "every circle on the way but the last must share a path with the thrower.",
            R_GRENADES,
        )
    return None


def throw(flow: Flow, key: str, item: str, circle: str) -> None:
    state = flow.state
    token = state.tokens[key]
    smoke = state.gear[item].has(SMOKE_GRENADE)
    remaining = list(token.equipment)
    remaining.remove(item)
    grid = board(state)
    area = {circle, *grid.neighbours[circle]}
    victims = () if smoke else tuple(t.key for t in state.on_board() if t.circle in area)
    flow.emit(
        ev.InventoryChanged(
            what="thrown",
            summary=f"{key} throws {item}",
            inventories={key: tuple(remaining)},
        ),
        ev.GrenadeThrown(thrower=key, item=item, circle=circle, smoke=smoke, victims=victims),
    )
    if smoke:
        flow.emit(ev.SmokePlaced(circle=circle))
        return
    resume(flow, GrenadePlan(thrower=key, circle=circle, victims=victims))


def resume(flow: Flow, plan: GrenadePlan) -> None:
    """Shock rolls for the victims still waiting; then rubble on the target circle."""
    victims = list(plan.victims)
    while victims and not flow.over:
        key = victims.pop(0)
        target = flow.state.tokens[key]
        if target.dead:
            continue
        wounds = shock(flow, target, GRENADE_SUCCESSES)
        if wounds and may_shake_off(flow, target):
            rest = plan.model_copy(update={"victims": tuple(victims)})
            flow.emit(
                FrameOpened(frame=PendingGrenade(plan=rest)),
                FrameOpened(
                    frame=ShakeOffWindow(
                        seat=target.seat, victim=key, wounds=wounds, floor=target.row
                    )
                ),
            )
            return
        wound(flow, key, wounds)
    if not flow.over:
        flow.emit(ev.RubblePlaced(circle=plan.circle))
