"""Orders in the activation phase (001 Orders; `/rules` activation, move-order, hold-order,
assault-order, panic, rally-checks): which unit may take which order, moving and rushing,
holding, shooting and assaulting."""

from __future__ import annotations

from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.measure import in_contact
from rules.geometry.measure import unit_gap as geometry_gap
from rules.geometry.moves import moved_to, plan, toward
from rules.geometry.units import PER_INCH, show
from rules.squad import rules_cited as rule
from rules.squad.actions import (
    Allocate,
    AssaultOrder,
    EndActivation,
    HoldOrder,
    MoveOrder,
    ShootOrder,
)
from rules.squad.bodies import bases, body, engaged_with, in_combat, table_of
from rules.squad.combat import already_engaged, assault_positions, engage
from rules.squad.events import Activated, Held, Moved
from rules.squad.flow import Flow
from rules.squad.morale import rally
from rules.squad.reactions import open_reactions
from rules.squad.seats import seat_label
from rules.squad.shooting import damage, fire, nearest, targets
from rules.squad.state import AfterShotStep, Order, SquadState, SUnit
from rules.squad.turns import end_activation

UnitOrder = MoveOrder | HoldOrder | ShootOrder | AssaultOrder
CONTACT_MARGIN = PER_INCH // 2


def order_of(action: UnitOrder) -> Order:
    if isinstance(action, MoveOrder):
        return "rush" if action.rush else "move"
    if isinstance(action, HoldOrder):
        return "hold"
    if isinstance(action, ShootOrder):
        return "shoot"
    return "assault"


def order_problem(state: SquadState, unit: SUnit, order: Order) -> str | None:
    """Why ``unit`` may not take ``order`` now, before any die is rolled (panic aside: a
    panicked unit rallies first)."""
    engaged = engaged_with(state, unit)
    if engaged and order != "assault":  # Hold included: refused in base contact (001)
        enemies = ", ".join(u.id for u in engaged)
        return (
            f"{unit.id} is in close combat with {enemies}: only an Assault order (fight on) is"
            " possible."
        )
    return None


def activate(flow: Flow, seat: str, action: UnitOrder) -> Rejection | None:
    state = flow.state
    if state.activation is not None:
        acting = state.activation.unit
        if action.unit in (None, acting) and isinstance(action, ShootOrder | AssaultOrder):
            return _follow_up(flow, seat, acting, action)
        return reject(
            RejectionCode.WRONG_PHASE,
            f"{acting} has moved: it may still shoot or assault, or `end` its activation.",
            rule.ORDERS,
        )
    if state.to_act != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"It is {seat_label(state.to_act)}'s turn to activate a unit.",
            rule.ACTIVATION,
        )
    if action.unit is None:
        return reject(RejectionCode.BAD_ARGUMENT, "Name the unit to activate.", rule.ORDERS)
    unit = state.find(action.unit)
    if unit is None or unit.seat != seat or not unit.on_table:
        return reject(
            RejectionCode.BAD_ARGUMENT, f"You have no unit {action.unit} on the table.", rule.ORDERS
        )
    if unit.activated:
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{unit.id} has already been activated this turn.",
            rule.ACTIVATION,
        )
    order = order_of(action)
    problem = order_problem(state, unit, order)
    if problem is not None:
        return reject(RejectionCode.ILLEGAL_MOVE, problem, rule.ORDERS)
    check = _check(flow, unit, action)
    if check is not None:
        return check
    flow.emit(Activated(unit=unit.id, order=order))
    steady = not unit.panicked or rally(flow, unit.id)
    if not steady and order in ("hold", "shoot", "assault") and not in_combat(state, unit):
        # still panicked: the order is lost (/rules rally-checks); in close combat it fights on
        end_activation(flow, unit.id)
        return None
    return _carry_out(flow, unit.id, action)


def _check(flow: Flow, unit: SUnit, action: UnitOrder) -> Rejection | None:
    """Refuse an order that cannot be carried out, before the activation is recorded."""
    state = flow.state
    if isinstance(action, MoveOrder):
        found = destination(state, unit, action)
        return found if isinstance(found, Rejection) else None
    if isinstance(action, ShootOrder):
        found_target = target_of(state, unit, action.target, rallying=True)
        return found_target if isinstance(found_target, Rejection) else None
    if isinstance(action, AssaultOrder):
        return assault_problem(state, unit, action.target, rallying=True)
    return None


def _carry_out(flow: Flow, unit_id: str, action: UnitOrder) -> Rejection | None:
    state = flow.state
    unit = state.unit(unit_id)
    if isinstance(action, HoldOrder):
        flow.emit(Held(unit=unit_id))
        end_activation(flow, unit_id)
        return None
    if isinstance(action, MoveOrder):
        moved = destination(state, unit, action)
        assert not isinstance(moved, Rejection)
        positions, distance = moved
        flow.emit(
            Moved(
                unit=unit_id,
                positions=positions,
                distance=distance,
                how="rush" if action.rush else "move",
            )
        )
        open_reactions(flow, unit_id, rush=action.rush)
        return None
    if isinstance(action, ShootOrder):
        return _shoot(flow, unit_id, action.target)
    return _assault(flow, unit_id, action.target)


def _follow_up(
    flow: Flow, seat: str, acting: str, action: ShootOrder | AssaultOrder
) -> Rejection | None:
    """A Shoot or Assault after a Move, in the same activation (/rules move-order)."""
    state = flow.state
    unit = state.unit(acting)
    if unit.seat != seat:
        return reject(RejectionCode.NOT_YOUR_TURN, "It is not your turn.", rule.ACTIVATION)
    if unit.panicked:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is panicked: it cannot shoot or assault until it rallies.",
            rule.MORALE,
        )
    if isinstance(action, ShootOrder):
        found = target_of(state, unit, action.target)
        if isinstance(found, Rejection):
            return found
        return _shoot(flow, acting, action.target)
    problem = assault_problem(state, unit, action.target)
    return problem if problem is not None else _assault(flow, acting, action.target)


def end(flow: Flow, seat: str, action: EndActivation) -> Rejection | None:
    state = flow.state
    if state.activation is None or state.unit(state.activation.unit).seat != seat:
        return reject(RejectionCode.WRONG_PHASE, "You have no activation to end.", rule.ACTIVATION)
    end_activation(flow, state.activation.unit)
    return None


# -- moving -------------------------------------------------------------------------------
def destination(
    state: SquadState, unit: SUnit, action: MoveOrder
) -> tuple[tuple[tuple[int, int], ...], int] | Rejection:
    """Where the models end and the longest model's move, or why they cannot."""
    allowance = state.profile(unit).move * PER_INCH * (3 if action.rush else 1)
    word = "Rush" if action.rush else "Move"
    before = body(state, unit)
    if action.toward is not None:
        enemy = state.find(action.toward)
        if enemy is None or not enemy.on_table:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"There is no unit {action.toward} on the table.",
                rule.ORDERS,
            )
        room = geometry_gap(before, body(state, enemy)) - CONTACT_MARGIN
        after = toward(before, body(state, enemy), max(0, min(allowance, int(room))))
    elif action.to is not None:
        after = moved_to(before, *action.to)
    else:
        return reject(RejectionCode.BAD_ARGUMENT, f"Say where {unit.id} moves.", rule.ORDERS)
    others = [body(state, u) for u in state.on_table() if u.id != unit.id]
    checked = plan(before, after, table_of(state), others)
    if checked.longest <= 0:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{unit.id} would not move at all.", rule.ORDERS)
    if checked.longest > allowance + 1:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{unit.id} would move {show(checked.longest)}; its {word} is {show(allowance)}.",
            rule.ORDERS,
        )
    if checked.problems:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} cannot move there: {'; '.join(checked.problems[:3])}.",
            rule.ORDERS,
        )
    foes = [m for u in state.on_table() if u.seat != unit.seat for m in bases(state, u)]
    if any(in_contact(a, b) for a in after.models for b in foes):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only an Assault brings {unit.id} into base contact with an enemy.",
            rule.ORDERS,
        )
    return tuple((m.x, m.y) for m in after.models), round(checked.longest)


# -- shooting -----------------------------------------------------------------------------
def target_of(
    state: SquadState, unit: SUnit, wanted: str | None, rallying: bool = False
) -> str | Rejection:
    """The unit shoots ``wanted`` (None: the nearest); ``rallying`` checks the target as if
    the panicked unit had rallied, which its activation's rally check decides."""
    if unit.panicked and not rallying:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is panicked: it cannot shoot until it rallies.",
            rule.MORALE,
        )
    allowed = nearest(state, unit)
    if not allowed:
        return reject(
            RejectionCode.NO_LINE_OF_SIGHT,
            f"{unit.id} sees no enemy unit in range that is not in close combat.",
            rule.SHOOTING,
        )
    if wanted is None:
        return allowed[0].target.id
    if any(s.target.id == wanted for s in allowed):
        return wanted
    seen = {s.target.id: s for s in targets(state, unit)}
    first = allowed[0]
    if wanted in seen:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} must shoot the nearest enemy unit in sight: {first.target.id}"
            f" ({show(first.gap)}) is nearer than {wanted} ({show(seen[wanted].gap)}).",
            rule.TARGET,
            [f"shoot {unit.id} at {s.target.id}" for s in allowed],
        )
    target = state.find(wanted)
    why = "is not on the table"
    if target is not None and target.on_table:
        why = "is in close combat" if in_combat(state, target) else "is out of sight or range"
    return reject(
        RejectionCode.NO_LINE_OF_SIGHT,
        f"{wanted} {why}; {unit.id} can shoot {first.target.id} ({show(first.gap)}).",
        rule.SHOOTING,
    )


def _shoot(flow: Flow, unit_id: str, wanted: str | None) -> Rejection | None:
    state = flow.state
    unit = state.unit(unit_id)
    target_id = target_of(state, unit, wanted)
    assert isinstance(target_id, str)
    seen = next(s for s in targets(state, unit) if s.target.id == target_id)
    if state.activation is not None and state.activation.order == "move":
        flow.emit(Activated(unit=unit_id, order="shoot"))
    flow.emit(FrameOpened(frame=AfterShotStep(shooter=unit_id)))
    waiting = fire(flow, unit_id, seen)
    if not waiting:
        flow.emit(FrameClosed(answer="resolved"))
        end_activation(flow, unit_id)
    return None


def allocate(flow: Flow, seat: str, action: Allocate) -> Rejection | None:
    window = flow.state.waiting_allocation()
    if window is None or window.seat != seat:
        return reject(
            RejectionCode.WRONG_PHASE, "There are no hits for you to allocate.", rule.ALLOCATE
        )
    target = flow.state.unit(window.target)
    living = {m.id for m in target.living}
    unknown = [m for m in action.models if m not in living]
    if unknown:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{target.id} has no living model {unknown[0]}; its models are "
            + ", ".join(sorted(living, key=int))
            + ".",
            rule.ALLOCATE,
        )
    if len(set(action.models)) != len(action.models):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Name each model once: every model takes a hit before any takes a second.",
            rule.ALLOCATE,
        )
    flow.emit(FrameClosed(answer=",".join(action.models) or "closest"))
    damage(flow, window, action.models)
    return None


# -- assaulting ---------------------------------------------------------------------------
def assault_problem(
    state: SquadState, unit: SUnit, target_id: str, rallying: bool = False
) -> Rejection | None:
    target = state.find(target_id)
    if target is None or not target.on_table or target.seat == unit.seat:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"There is no enemy unit {target_id} on the table.",
            rule.CLOSE_COMBAT,
        )
    if unit.panicked and not rallying and not in_combat(state, unit):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is panicked: it cannot assault until it rallies.",
            rule.MORALE,
        )
    engaged = engaged_with(state, unit)
    if engaged and not any(u.id == target_id for u in engaged):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is locked in close combat with "
            + ", ".join(u.id for u in engaged)
            + ": it fights on against them.",
            rule.CLOSE_COMBAT,
        )
    placed, _ = assault_positions(state, unit, target)
    foes = bases(state, target)
    if not any(in_contact(m, f) for m in placed for f in foes):
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"No model of {unit.id} can reach {target.id}: the gap is"
            f" {show(geometry_gap(body(state, unit), body(state, target)))}, its Movement"
            f' {state.profile(unit).move}".',
            rule.CLOSE_COMBAT,
        )
    return None


def _assault(flow: Flow, unit_id: str, target_id: str) -> Rejection | None:
    state = flow.state
    unit, target = state.unit(unit_id), state.unit(target_id)
    if state.activation is not None and state.activation.order == "move":
        flow.emit(Activated(unit=unit_id, order="assault"))
    charge = not already_engaged(state, unit, target)
    placed, longest = assault_positions(state, unit, target)
    if longest > 0:
        flow.emit(
            Moved(
                unit=unit_id,
                positions=tuple((m.x, m.y) for m in placed),
                distance=longest,
                how="assault" if charge else "close_in",
            )
        )
        # Holding units may shoot at the assault move first; then the combat (/rules reaction-shots)
        open_reactions(flow, unit_id, assault=target_id, charge=charge)
        return None
    engage(flow, unit_id, target_id, charge)
    end_activation(flow, unit_id)
    return None
