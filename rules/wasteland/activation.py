"""Activations (004 Phase 2): choosing a unit, the activation order constraints, the two
Actions, suppression and heroism, and passing the turn.

Action handlers (move, shoot, fight, …) do their work and return; the dispatcher spends the
Action and pushes an :class:`~rules.wasteland.state.AfterAction` step beneath whatever the
Action opens, so :func:`after_action` runs once the Action and every window it opened are
resolved, and ends the activation once no Actions remain. When no seat has units left,
:func:`advance` pushes an :class:`~rules.wasteland.state.EndRound` step.
"""

from __future__ import annotations

from rules.core.frames import FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.wasteland.checks import effective_markers, will_roll
from rules.wasteland.effects import add_marker, put
from rules.wasteland.events import ActivationChanged, Measured, SeatPassed, TurnPassed
from rules.wasteland.facts.units import Activated, Heroism
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import Activation, EndRound, WastelandState, WUnit


def must_go_first(state: WastelandState, unit: WUnit) -> bool:
    profile = profile_in_play(state, unit)
    return profile.type == "fast" or profile.has("transport") or profile.has("scouts")


def ready(state: WastelandState, seat: str) -> list[WUnit]:
    """Units of ``seat`` that have not activated this round (on the table or embarked)."""
    return [
        u
        for u in state.units_of(seat)
        if not u.activated
        and u.living
        and (u.status == "table" or (u.status == "embarked" and _transport_on_table(state, u)))
    ]


def _transport_on_table(state: WastelandState, unit: WUnit) -> bool:
    carrier = state.units.get(unit.embarked_in or "")
    return carrier is not None and carrier.on_table


def arrivals(state: WastelandState, seat: str) -> list[WUnit]:
    """Ambush units of ``seat`` still waiting off the table."""
    return [u for u in state.units_of(seat) if u.status == "ambush" and u.living]


def allowed(state: WastelandState, seat: str) -> list[WUnit]:
    """Units ``seat`` may activate now, honouring Fast/Transport/Scouts first and Heavy last
    (a unit told to Seize the initiative may go regardless)."""
    pool = ready(state, seat)
    seized = [u for u in pool if u.seize]
    first = [u for u in pool if must_go_first(state, u)]
    if first:
        return _unique(first + seized)
    light = [u for u in pool if profile_in_play(state, u).type != "heavy"]
    return _unique((light or pool) + seized)


def _unique(units: list[WUnit]) -> list[WUnit]:
    seen: dict[str, WUnit] = {}
    for u in units:
        seen.setdefault(u.id, u)
    return list(seen.values())


def why_not(state: WastelandState, seat: str, unit: WUnit) -> str:
    pool = ready(state, seat)
    if unit not in pool:
        if unit.gone:
            return f"{unit.id} is out of the battle ({unit.status}): it cannot activate again."
        if unit.activated:
            return f"{unit.id} has already activated this round."
        return f"{unit.id} cannot activate now."
    if any(must_go_first(state, u) for u in pool) and not must_go_first(state, unit):
        names = ", ".join(u.id for u in pool if must_go_first(state, u))
        return f"Fast, Transport and Scouts units activate first: {names}. (004 Phase 2)"
    return "Heavy units activate last; activate your other units first. (004 Phase 2)"


def activate(flow: Flow, seat: str, unit_id: str, heroic: bool) -> Rejection | None:
    state = flow.state
    unit = state.units.get(unit_id)
    if unit is None or unit.seat != seat:
        return reject(RejectionCode.BAD_ARGUMENT, f"You have no unit '{unit_id}'.")
    if unit not in allowed(state, seat):
        return reject(RejectionCode.ILLEGAL_MOVE, why_not(state, seat, unit), "004 Phase 2")
    markers = effective_markers(state, unit)
    actions = 2
    if heroic and markers == 0:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} has no Suppression markers to overcome; activate it normally.",
            "004 Phase 2",
        )
    flow.emit(Measured(measures=()))
    updates: dict[str, object] = {"seize": False}
    if unit.blessed:
        updates.update(blessed=False, blessing_active=True)
    put(flow, unit.model_copy(update=updates))
    if heroic:
        check = will_roll(flow, unit, "heroism", -markers)
        if not check.passed:
            flow.emit(Heroism(unit=unit.id, check=check))
            add_marker(flow, unit.id, "failed heroism")
            finish(flow, unit.id)
            return None
        flow.emit(Heroism(unit=unit.id, check=check))
    else:
        actions = max(0, 2 - markers)
    active = Activation(unit=unit.id, seat=seat, actions=actions, heroic=heroic)
    flow.emit(ActivationChanged(active=active))
    lost = 0 if heroic else markers
    flow.emit(Activated(unit=unit.id, name=unit.name, actions=actions, suppressed=lost))
    if actions == 0:
        finish(flow, unit.id)
    return None


def begin_arrival(flow: Flow, seat: str, unit_id: str) -> None:
    """An Ambush unit just placed activates with one Action."""
    flow.emit(Measured(measures=()))
    flow.emit(ActivationChanged(active=Activation(unit=unit_id, seat=seat, actions=1, ambush=True)))


def spend(flow: Flow, name: str) -> None:
    active = flow.state.active
    assert active is not None
    flow.emit(
        ActivationChanged(
            active=active.model_copy(
                update={"actions": active.actions - 1, "taken": (*active.taken, name)}
            )
        )
    )


def after_action(flow: Flow) -> None:
    """Once an Action is fully resolved: end the activation when nothing is left to do."""
    state = flow.state
    if flow.over:
        return
    active = state.active
    if active is None:
        return
    unit = state.units[active.unit]
    if not unit.living or unit.gone or active.actions <= 0 or (active.taken[-1:] == ("defend",)):
        finish(flow, active.unit)


def finish(flow: Flow, unit_id: str) -> None:
    """Deactivate ``unit_id`` and pass the turn to the next seat with units left."""
    unit = flow.state.units[unit_id]
    put(flow, unit.model_copy(update={"activated": True, "blessing_active": False}))
    flow.emit(ActivationChanged(active=None))
    advance(flow, unit.seat)


def pass_round(flow: Flow, seat: str) -> None:
    flow.emit(SeatPassed(seat=seat))
    advance(flow, seat)


def has_turn(state: WastelandState, seat: str) -> bool:
    if seat in state.passed or seat not in state.seats_in_play():
        return False
    return bool(ready(state, seat)) or bool(arrivals(state, seat))


def advance(flow: Flow, after: str) -> None:
    """The next seat in initiative order (after ``after``) with units to activate."""
    if flow.over:
        return
    order = flow.state.order
    start = order.index(after) if after in order else -1
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        if has_turn(flow.state, seat):
            flow.emit(TurnPassed(seat=seat))
            return
    flow.emit(TurnPassed(seat=None))
    flow.emit(FrameOpened(frame=EndRound()))
