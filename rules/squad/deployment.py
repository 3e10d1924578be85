"""Deploying units alternately in the scenario's zones (/rules deployment)."""

from __future__ import annotations

import math

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.formations import Shape, arrange
from rules.geometry.measure import overlaps, within
from rules.geometry.pieces import Model, Unit
from rules.geometry.units import PER_INCH, show
from rules.squad import rules_cited as rule
from rules.squad.actions import Deploy
from rules.squad.bodies import body, number, table_of
from rules.squad.events import Deployed, DeployTurn
from rules.squad.flow import Flow
from rules.squad.state import Point, SquadState, SUnit
from rules.squad.turns import begin_turn
from rules.squad.zones import centre_of, contains

SEARCH_STEP = PER_INCH
TIGHT = PER_INCH // 10
SHAPES: tuple[Shape, ...] = ("line", "blob", "column")
SPREAD = 3 * PER_INCH  # the room a unit placed by Umpire keeps from the others


def reserves(state: SquadState, seat: str) -> tuple[SUnit, ...]:
    return tuple(u for u in state.units if u.seat == seat and u.status == "reserve")


def open_deployment(flow: Flow) -> None:
    first = next((s for s in flow.state.seats_in_play() if reserves(flow.state, s)), None)
    flow.emit(DeployTurn(seat=first))
    if first is None:
        begin_turn(flow, 1)


def facing(state: SquadState, seat: str) -> tuple[float, float]:
    """From the seat's zone towards the table's centre."""
    table = table_of(state)
    zx, zy = centre_of(state.zones[seat])
    return table.width / 2 - zx, table.depth / 2 - zy


def formed(
    state: SquadState, unit: SUnit, at: Point, shape: Shape = "line", spacing: int | None = None
) -> Unit:
    """The unit in ``shape`` at ``at``, facing the centre of the table (``spacing``
    between bases: the widest coherent one when not given)."""
    return arrange(body(state, unit), shape, at, facing=facing(state, unit.seat), spacing=spacing)


def placement_problem(state: SquadState, unit: SUnit, placed: Unit, room: int = 0) -> str | None:
    """Why the unit cannot stand as ``placed`` (``room``: hundredths to keep clear of
    other units' bases), or None."""
    table = table_of(state)
    zone = state.zones[unit.seat]
    others = [m for u in state.on_table() if u.id != unit.id for m in body(state, u).models]
    for model in placed.models:
        if not contains(zone, model.x, model.y, model.radius):
            return (
                f"model {number(model)} would stand at {_where(model)}, outside your deployment"
                f" zone ({_zone_text(zone)})."
            )
        if not table.contains(model):
            return f"model {number(model)} would stand off the table."
        blocked = _blocked_area(state, model)
        if blocked is not None:
            return f"model {number(model)} would stand in {blocked}, where no model can stand."
        if any(overlaps(model, other) for other in others):
            return f"model {number(model)} would stand on another model."
        if room and any(within(model, other, room) for other in others):
            return f"model {number(model)} would stand within {show(room)} of another unit."
    return None


def _blocked_area(state: SquadState, model: Model) -> str | None:
    for area in table_of(state).areas:
        if area.blocks_movement and area.polygon.intersects(model.shape()):
            return area.id.replace("-", " ")
    return None


def _where(model: Model) -> str:
    return f"{model.x / PER_INCH:g},{model.y / PER_INCH:g}"


def _zone_text(zone: tuple[Point, ...]) -> str:
    xs = [p[0] for p in zone]
    ys = [p[1] for p in zone]
    return (
        f"x {min(xs) // PER_INCH}-{max(xs) // PER_INCH}, y {min(ys) // PER_INCH}-"
        f"{max(ys) // PER_INCH}"
    )


def free_spot(state: SquadState, unit: SUnit) -> Unit | None:
    """The first spot in the zone where the unit fits, searching out from the zone's
    middle line nearest the table's centre."""
    zone = state.zones[unit.seat]
    cx, cy = centre_of(zone)
    xs = [p[0] for p in zone]
    ys = [p[1] for p in zone]
    spots = [
        (x, y)
        for x in range(min(xs) + PER_INCH, max(xs), SEARCH_STEP)
        for y in range(min(ys) + PER_INCH, max(ys), SEARCH_STEP)
    ]
    table = table_of(state)
    spots.sort(
        key=lambda p: (
            math.hypot(p[0] - cx, p[1] - cy) * 0.5
            + math.hypot(p[0] - table.width / 2, p[1] - table.depth / 2),
            p,
        )
    )
    # roomy first; then packed tight, as players would in a crowded zone
    for room, spacing in ((SPREAD, None), (0, None), (0, TIGHT)):
        for shape in SHAPES:
            for spot in spots:
                placed = formed(state, unit, spot, shape, spacing)
                if placement_problem(state, unit, placed, room) is None:
                    return placed
    return None


def deploy(flow: Flow, seat: str, action: Deploy) -> Rejection | None:
    state = flow.state
    if state.deploying != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN, "It is not your turn to deploy.", rule.DEPLOYMENT
        )
    unit = state.find(action.unit)
    if unit is None or unit.seat != seat:
        return reject(
            RejectionCode.BAD_ARGUMENT, f"You have no unit {action.unit}.", rule.DEPLOYMENT
        )
    if unit.status != "reserve":
        return reject(
            RejectionCode.ALREADY_DONE, f"{unit.id} is already deployed.", rule.DEPLOYMENT
        )
    if action.at is None:
        placed = free_spot(state, unit)
        if placed is None:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"There is no free spot left for {unit.id} in your zone; give a point.",
                rule.DEPLOYMENT,
            )
    else:
        placed = formed(state, unit, action.at, action.formation or "line")
        problem = placement_problem(state, unit, placed)
        if problem is not None:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{unit.id} cannot deploy there: {problem}",
                rule.DEPLOYMENT,
            )
    flow.emit(Deployed(unit=unit.id, positions=tuple((m.x, m.y) for m in placed.models)))
    _next_deployer(flow, seat)
    return None


def _next_deployer(flow: Flow, after: str) -> None:
    seats = flow.state.seats_in_play()
    start = seats.index(after)
    for step in range(1, len(seats) + 1):
        seat = seats[(start + step) % len(seats)]
        if reserves(flow.state, seat):
            flow.emit(DeployTurn(seat=seat))
            return
    flow.emit(DeployTurn(seat=None))
    begin_turn(flow, 1)
