"""Deployment (004 Step 4), Scouts and Ambush arrivals, and Reinforcements.

Seats deploy in initiative order from the lowest (the defender gets +10), each placing all
of its units in its own zone, never within 25" of an enemy unit. Scouts may be held back
and placed last anywhere out of sight of every enemy model; Ambush units may stay off the
table and arrive later, at least 10" from enemy models (closer with Scouts nearby), never
within 15" of an Acute Senses model.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from shapely import Point as ShapelyPoint
from shapely import Polygon, box

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import Visibility
from rules.geometry import formations, moves
from rules.geometry.measure import closest_pair, incoherent
from rules.geometry.pieces import Model, Unit
from rules.geometry.units import PER_INCH, show
from rules.wasteland import table as tb
from rules.wasteland.actions import Arrive, Deploy, HoldBack, Placement, Reinforce
from rules.wasteland.activation import begin_arrival
from rules.wasteland.effects import put
from rules.wasteland.events import (
    ActivationChanged,
    CountersNumbered,
    DeployTurn,
    PhaseBegan,
    ReinforcementUsed,
)
from rules.wasteland.facts.setup import (
    Arrived,
    CaptiveNumbered,
    Deployed,
    DeploymentOrder,
    EmbarkedAtStart,
    HeldBack,
    Reinforced,
)
from rules.wasteland.flow import Flow
from rules.wasteland.missions import zone_of
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.rounds import begin_round, initiative_order
from rules.wasteland.seats import seat_label
from rules.wasteland.state import WastelandState, WUnit

ENEMY_GAP = 25 * PER_INCH
AMBUSH_GAP = 10 * PER_INCH
ACUTE_GAP = 15 * PER_INCH
# A unit that found no room in its zone under the 25" rule and waits to enter it later.
LATE = "late"


def start(flow: Flow) -> None:
    bonus = {flow.state.defender: 10} if flow.state.defender else {}
    order, totals, rolloffs = initiative_order(flow, "deployment", bonus)
    deploy_order = tuple(reversed(order))
    flow.emit(PhaseBegan(phase="deployment"))
    flow.emit(DeploymentOrder(order=deploy_order, totals=totals, rolloffs=rolloffs))
    _next(flow, deploy_order, None)


def where(point: tuple[int, int]) -> str:
    return f"{point[0] / PER_INCH:.1f},{point[1] / PER_INCH:.1f}"


def waiting(state: WastelandState, seat: str) -> list[WUnit]:
    return [u for u in state.units_of(seat) if u.status == "reserve"]


def held_scouts(state: WastelandState, seat: str) -> list[WUnit]:
    return [u for u in state.units_of(seat) if u.status == "reserve" and "scouting" in u.orders]


def _next(flow: Flow, order: tuple[str, ...], after: str | None) -> None:
    state = flow.state
    start_at = order.index(after) + 1 if after in order else 0
    for seat in order[start_at:]:
        if normal_waiting(state, seat):
            flow.emit(DeployTurn(order=order, seat=seat))
            return
    for seat in order:
        if held_scouts(state, seat):
            flow.emit(DeployTurn(order=order, seat=seat))
            return
    flow.emit(DeployTurn(order=order, seat=None))
    _finish(flow)


def _finish(flow: Flow) -> None:
    if flow.state.mission == "rescue":
        _number_counters(flow)
    flow.emit(PhaseBegan(phase="battle"))
    begin_round(flow)


def _number_counters(flow: Flow) -> None:
    """Rescue: ten counters numbered face down by referee-only dice, then the key rolled."""
    referee = Visibility(scope="referee")
    counters = [o.id for o in flow.state.objectives]
    numbers = list(range(1, len(counters) + 1))
    shuffled: list[int] = []
    while numbers:
        raw = flow.roll(1, purpose="counter numbers", visibility=referee).values[0]
        shuffled.append(numbers.pop((raw - 1) % len(numbers)))
    key = flow.dice(1, "the captive's number")[0]
    flow.emit(
        CountersNumbered(
            numbers=dict(zip(counters, shuffled, strict=True)), key=key, visibility=referee
        )
    )
    flow.emit(CaptiveNumbered(key=key))


def _placed(state: WastelandState, unit: WUnit, action: Placement) -> Unit:
    g = tb.geo(state, unit)
    facing = action.facing if action.facing is not None else unit.facing
    rad = math.radians(facing)
    return formations.arrange(
        g,
        action.formation,
        action.at,
        facing=(math.cos(rad), math.sin(rad)),
        spacing=action.spacing,
    )


def placement_problem(
    state: WastelandState, unit: WUnit, placed: Unit, *, zone: Polygon | None, enemy_gap: int
) -> str | None:
    others = [tb.geo(state, u) for u in state.on_table() if u.id != unit.id]
    check = moves.plan(placed, placed, state.table, others)
    if check.problems:
        return check.problems[0]
    if len(placed.models) > 1 and incoherent(placed.models):
        return 'the models would not be within 2" of each other (coherency)'
    if zone is not None:
        for m in placed.models:
            if not zone.buffer(1).contains(m.shape()):
                return f"{m.id} would stand outside the deployment zone"
    for enemy in state.enemies(unit.seat):
        a, _, distance = _closest(placed, tb.geo(state, enemy))
        if distance < enemy_gap:
            return (
                f"{a.id} would be {show(distance)} from {enemy.id};"
                f" units deploy at least {show(enemy_gap)} from the enemy"
            )
    return None


def _closest(placed: Unit, other: Unit) -> tuple[Model, Model, float]:
    pair = closest_pair(placed.models, other.models)
    assert pair is not None  # units always have models
    return pair


def _waiting_unit(state: WastelandState, seat: str, unit_id: str) -> WUnit | Rejection:
    """The seat's unit waiting to deploy, or why it cannot be placed now."""
    if state.deploying != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"{seat_label(state.deploying)} is deploying now.",
            "004 Step 4",
        )
    unit = state.units.get(unit_id)
    if unit is None or unit.seat != seat or unit.status != "reserve":
        names = ", ".join(u.id for u in waiting(state, seat)) or "none"
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{unit_id}' is not one of your units waiting to deploy ({names}).",
            "004 Step 4",
        )
    return unit


def deploy(flow: Flow, seat: str, action: Deploy) -> Rejection | None:
    state = flow.state
    unit = _waiting_unit(state, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    scouting = "scouting" in unit.orders
    if normal_waiting(state, seat) and scouting:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is held back to scout: it deploys after everyone else.",
            "004 Scouts",
        )
    if action.embark is not None:
        return _deploy_embarked(flow, unit, action.embark)
    placed = _placed(state, unit, action)
    zone = None if scouting else zone_of(state, seat)
    problem = placement_problem(state, unit, placed, zone=zone, enemy_gap=ENEMY_GAP)
    if problem is None and scouting:
        problem = _seen_by_enemy(state, unit, placed)
    if problem is not None:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{unit.id} cannot deploy there: {problem}.", "004 Step 4"
        )
    _put_on_table(flow, unit, placed, action.facing)
    passengers = [u for u in flow.state.units.values() if u.embarked_in == unit.id]
    flow.emit(
        Deployed(
            unit=unit.id,
            name=unit.name,
            at=action.at,
            passengers=tuple(p.id for p in passengers),
        )
    )
    _after_placing(flow, seat)
    return None


def normal_waiting(state: WastelandState, seat: str) -> list[WUnit]:
    return [u for u in waiting(state, seat) if "scouting" not in u.orders]


def _after_placing(flow: Flow, seat: str) -> None:
    """Stay with ``seat`` while it has units to place, else pass deployment on."""
    state = flow.state
    scouting_step = not any(normal_waiting(state, s) for s in state.deploy_order)
    if normal_waiting(state, seat) or (scouting_step and held_scouts(state, seat)):
        return
    _next(flow, state.deploy_order, seat)


def _deploy_embarked(flow: Flow, unit: WUnit, transport: str) -> Rejection | None:
    state = flow.state
    carrier = state.units.get(transport)
    if (
        carrier is None
        or carrier.seat != unit.seat
        or not profile_in_play(state, carrier).has("transport")
    ):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{transport}' is not one of your transports.",
            "004 Transport",
        )
    capacity = profile_in_play(state, carrier).value("transport") * len(carrier.living)
    used = sum(
        len(u.living) * max(1, profile_in_play(state, u).value("bulky"))
        for u in state.units.values()
        if u.embarked_in == carrier.id
    )
    need = len(unit.living) * max(1, profile_in_play(state, unit).value("bulky"))
    if profile_in_play(state, unit).big or used + need > capacity:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{carrier.id} has room for {capacity - used} more; {unit.id} needs {need}.",
            "004 Transport",
        )
    put(flow, unit.model_copy(update={"status": "embarked", "embarked_in": carrier.id}))
    flow.emit(EmbarkedAtStart(unit=unit.id, carrier=carrier.id))
    _after_placing(flow, unit.seat)
    return None


def _put_on_table(flow: Flow, unit: WUnit, placed: Unit, facing: int | None) -> None:
    models = tb.relocated(unit, placed.models)
    updates: dict[str, object] = {"models": models, "status": "table", "orders": ()}
    if facing is not None:
        updates["facing"] = facing % 360
    put(flow, unit.model_copy(update=updates))
    for passenger in [
        u for u in flow.state.units.values() if u.embarked_in == unit.id and u.status == "embarked"
    ]:
        del passenger  # passengers ride along: they stay embarked on the placed transport


def _seen_by_enemy(state: WastelandState, unit: WUnit, placed: Unit) -> str | None:
    probe = unit.model_copy(update={"models": tb.relocated(unit, placed.models), "status": "table"})
    trial = state.model_copy(update={"units": {**state.units, unit.id: probe}})
    for enemy in trial.enemies(unit.seat):
        if tb.sees(trial, enemy, probe):
            return f"{enemy.id} would see it; Scouts deploy out of sight of every enemy model"
    return None


def hold(flow: Flow, seat: str, action: HoldBack) -> Rejection | None:
    state = flow.state
    unit = _waiting_unit(state, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    profile = profile_in_play(state, unit)
    if profile.has("ambush"):
        put(flow, unit.model_copy(update={"status": "ambush"}))
        flow.emit(HeldBack(unit=unit.id, why="ambush"))
    elif profile.has("scouts") and "scouting" not in unit.orders:
        put(flow, unit.model_copy(update={"orders": ("scouting",)}))
        flow.emit(HeldBack(unit=unit.id, why="scouts"))
    elif deploy_spot(state, unit, scouting=False) is None:
        put(flow, unit.model_copy(update={"status": "ambush", "orders": (LATE,)}))
        flow.emit(HeldBack(unit=unit.id, why="no_room"))
    else:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only Ambush or Scouts units may be held back, or a unit with no room left in its "
            f"zone; {unit.id} is neither.",
            "004 Ambush, Scouts, Step 4",
        )
    _after_placing(flow, seat)
    return None


def arrive(flow: Flow, seat: str, action: Arrive) -> Rejection | None:
    """An Ambush unit arrives (at least 10" from enemy models) and activates with one Action."""
    state = flow.state
    unit = state.units.get(action.unit)
    if unit is None or unit.seat != seat or unit.status != "ambush":
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{action.unit}' is not one of your units in ambush.",
            "004 Ambush",
        )
    placed = _placed(state, unit, action)
    problem = arrival_problem(state, unit, placed)
    if problem is not None:
        rule = "004 Step 4" if LATE in unit.orders else "004 Ambush"
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{unit.id} cannot arrive there: {problem}.", rule
        )
    _put_on_table(flow, unit, placed, action.facing)
    flow.emit(Arrived(unit=unit.id, at=action.at, late=LATE in unit.orders))
    begin_arrival(flow, seat, unit.id)
    return None


def arrival_problem(state: WastelandState, unit: WUnit, placed: Unit) -> str | None:
    """Why ``unit`` cannot arrive as ``placed``: a unit that found no room at deployment
    enters its own zone; an Ambush unit anywhere at least 10" from the enemy (no limit with
    Scouts within 5"), never within 15" of Acute Senses."""
    if LATE in unit.orders:
        return placement_problem(state, unit, placed, zone=zone_of(state, unit.seat), enemy_gap=0)
    scouts_near = profile_in_play(state, unit).has("scouts") or any(
        profile_in_play(state, f).has("scouts")
        and _closest(placed, tb.geo(state, f))[2] <= 5 * PER_INCH
        for f in state.on_table(unit.seat)
    )
    problem = placement_problem(
        state, unit, placed, zone=None, enemy_gap=0 if scouts_near else AMBUSH_GAP
    )
    return problem if problem is not None else _acute(state, unit, placed)


def _acute(state: WastelandState, unit: WUnit, placed: Unit) -> str | None:
    profile = profile_in_play(state, unit)
    if not (profile.has("scouts") or profile.has("ambush")):
        return None
    for enemy in state.enemies(unit.seat):
        if not profile_in_play(state, enemy).has("acute_senses"):
            continue
        distance = _closest(placed, tb.geo(state, enemy))[2]
        if distance < ACUTE_GAP:
            return f'{enemy.id} has Acute Senses and is {show(distance)} away (15" needed)'
    return None


def reinforce(flow: Flow, seat: str, action: Reinforce) -> Rejection | None:
    """Reinforcements available: once per battle, a destroyed Troops unit returns whole in
    the deployment zone and activates at once."""
    state = flow.state
    if "reinforcements" not in state.advantages.get(seat, ()) or seat in state.reinforcements_used:
        return reject(
            RejectionCode.ILLEGAL_MOVE, "You have no Reinforcements available.", "004 Advantages"
        )
    unit = state.units.get(action.unit)
    if (
        unit is None
        or unit.seat != seat
        or unit.status != "destroyed"
        or profile_in_play(state, unit).type != "troops"
    ):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{action.unit}' is not one of your destroyed Troops units.",
            "004 Advantages",
        )
    wounds = max(1, profile_in_play(state, unit).value("tough"))
    fresh = unit.model_copy(
        update={
            "models": tuple(m.model_copy(update={"wounds": wounds}) for m in unit.models),
            "status": "reserve",
            "markers": 0,
        }
    )
    placed = _placed(state, fresh, action)
    problem = placement_problem(state, fresh, placed, zone=zone_of(state, seat), enemy_gap=0)
    if problem is not None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} cannot return there: {problem}.",
            "004 Advantages",
        )
    put(flow, fresh)
    _put_on_table(flow, fresh, placed, action.facing)
    flow.emit(ReinforcementUsed(seat=seat))
    flow.emit(Reinforced(unit=unit.id, name=unit.name))
    begin_arrival(flow, seat, unit.id)
    active = flow.state.active
    if active is not None:
        flow.emit(
            ActivationChanged(active=active.model_copy(update={"actions": 2, "ambush": False}))
        )
    return None


# -- where a unit could go (suggestions) --------------------------------------------------
SPOT_STEP = 3 * PER_INCH


def deploy_spot(state: WastelandState, unit: WUnit, *, scouting: bool) -> tuple[int, int] | None:
    """Where ``unit`` may deploy now (Scouts held back: anywhere out of enemy sight)."""
    zone = zone_of(state, unit.seat)
    if zone is None and not scouting:
        return None

    def problem(placed: Unit) -> str | None:
        found = placement_problem(
            state, unit, placed, zone=None if scouting else zone, enemy_gap=ENEMY_GAP
        )
        return found if found is not None or not scouting else _seen_by_enemy(state, unit, placed)

    return _spot(state, unit, None if scouting else zone, problem)


def arrival_spot(state: WastelandState, unit: WUnit) -> tuple[int, int] | None:
    """Where ``unit`` may arrive from ambush (or enter its zone after finding no room)."""
    field = zone_of(state, unit.seat) if LATE in unit.orders else None
    return _spot(state, unit, field, lambda placed: arrival_problem(state, unit, placed))


def _spot(
    state: WastelandState,
    unit: WUnit,
    field: Polygon | None,
    problem: Callable[[Unit], str | None],
) -> tuple[int, int] | None:
    """A whole-inch point in ``field`` (or anywhere) where ``unit`` fits in a blob, trying
    points far from the enemy's zones first; None if none was found."""
    table = state.table
    area = field or box(0, 0, table.width, table.depth)
    centre = area.representative_point()
    left, top, right, bottom = area.bounds
    # A coarse grid first, then the whole-inch points between its points.
    coarse = [
        (x, y)
        for x in range(_whole(left), int(right) + 1, SPOT_STEP)
        for y in range(_whole(top), int(bottom) + 1, SPOT_STEP)
    ]
    fine = [(x + d, y + d) for x, y in coarse for d in (PER_INCH, 2 * PER_INCH)]
    enemy_zones = [
        Polygon(z.points) for z in state.zones if z.seat != unit.seat and z.seat in state.seats
    ]

    def preference(p: tuple[int, int]) -> tuple[int, float, tuple[int, int]]:
        # Far from the enemy's zones leaves room for later deployments under the 25" rule.
        spot = ShapelyPoint(p)
        away = min((int(z.distance(spot)) // PER_INCH for z in enemy_zones), default=0)
        return -away, math.hypot(p[0] - centre.x, p[1] - centre.y), p

    for points in (coarse, fine):
        points.sort(key=preference)
        for point in points:
            if problem(_placed(state, unit, Deploy(unit=unit.id, at=point))) is None:
                return point
    return None


def _whole(value: float) -> int:
    """The first whole inch at or after ``value`` (in hundredths)."""
    return math.ceil(value / PER_INCH) * PER_INCH
