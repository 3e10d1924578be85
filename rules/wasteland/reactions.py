"""Reactions (004 Shoot/Fight step 2, Reactions): Withdraw, Go to Ground, Counter-Attack.

Each targeted unit with no models in base contact with other friendly units may react;
Vehicles/Monsters and Fearless units never do. Its owner answers a window: declining
costs nothing; otherwise a Will roll decides: passed, the Reaction takes effect and the
unit then gains a Suppression marker; failed, it gains the marker instead.

Against a Vehicle/Monster's Fight Action a unit may not Go to Ground, and a Counter-Attack
that does not destroy the Vehicle/Monster destroys the reacting unit (004 Vehicle/Monster;
Umpire applies it to every Fight Action of a Vehicle/Monster, since the charge that follows
the reactions is what brings it into contact).
"""

from __future__ import annotations

from typing import TypeGuard

from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.units import inches, show
from rules.wasteland import actions, fighting, shooting
from rules.wasteland import table as tb
from rules.wasteland.checks import will_roll
from rules.wasteland.effects import add_marker, destroy_unit, withdraw
from rules.wasteland.facts.combat import Overrun, ReactionsOffered, ReactionTried, WentToGround
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.seats import seat_label
from rules.wasteland.shoot_fire import locked, ranged_weapons, source
from rules.wasteland.state import AttackPlan, ReactionWindow, WastelandState, WUnit

COUNTER_RANGE = inches(15)
NAMES = {"withdraw": "Withdraw", "ground": "Go to Ground", "counter": "Counter-Attack"}


def may_react(state: WastelandState, unit: WUnit) -> bool:
    profile = profile_in_play(state, unit)
    if not unit.on_table or profile.big or profile.has("fearless"):
        return False
    return not tb.friendly_contacts(state, unit)


def gap_between(state: WastelandState, unit: WUnit, attacker: WUnit) -> float:
    return tb.distance(state, unit, source(state, attacker))


def offer(flow: Flow, plan: AttackPlan) -> None:
    """Open a window for each target that may react, or resolve the plan at once.

    The first target's window is answered first, so it goes on top of the stack."""
    state = flow.state
    attacker = state.units[plan.unit]
    reacting = [
        t
        for t in dict.fromkeys(f.target for f in plan.fires)
        if t in state.units and may_react(state, state.units[t])
    ]
    if not reacting:
        _resume(flow, plan)
        return
    plan = plan.model_copy(update={"reacting": tuple(reacting)})
    windows = tuple(
        ReactionWindow(
            seat=state.units[t].seat,
            unit=t,
            attacker=attacker.id,
            counter_allowed=gap_between(state, state.units[t], attacker) <= COUNTER_RANGE,
            plan=plan,
        )
        for t in reacting
    )
    for window in reversed(windows):
        flow.emit(FrameOpened(frame=window))
    flow.emit(ReactionsOffered(units=tuple(reacting), attacker=attacker.id))


def _resume(flow: Flow, plan: AttackPlan) -> None:
    if plan.kind == "fight":
        fighting.resume(flow, plan)
        return

    shooting.resume(flow, plan)


def _against_big_fight(state: WastelandState, window: ReactionWindow) -> bool:
    attacker = state.units.get(window.attacker)
    return (
        window.plan.kind == "fight"
        and attacker is not None
        and profile_in_play(state, attacker).big
    )


def reaction_choices(state: WastelandState, window: ReactionWindow) -> list[tuple[str, str]]:
    """(notation, label) pairs for the reaction prompt."""
    unit = state.units[window.unit]
    attacker = window.attacker
    found = [
        (
            f"react {unit.id} withdraw",
            f"Withdraw (full Move straight away from {attacker})",
        )
    ]
    if _ground_refusal(state, window, unit) is None:
        found.append((f"react {unit.id} ground", "Go to ground (+2 Life)"))
    if _counter_refusal(state, window, unit) is None:
        found.append((f"react {unit.id} counter", f"Counter-attack {attacker} (free Shoot at -1)"))
    found.append((f"react {unit.id} none", "No reaction"))
    return found


def _ground_refusal(state: WastelandState, window: ReactionWindow, unit: WUnit) -> Rejection | None:
    profile = profile_in_play(state, unit)
    for kind, label in (("bulky", "Bulky"), ("flying", "Flying")):
        if profile.has(kind):  # type: ignore[arg-type]
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{unit.id} is {label} and cannot Go to Ground.",
                f"004 {label}",
            )
    if _against_big_fight(state, window):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} cannot Go to Ground against a Vehicle/Monster's Fight Action.",
            "004 Vehicle/Monster",
        )
    return None


def _counter_refusal(
    state: WastelandState, window: ReactionWindow, unit: WUnit
) -> Rejection | None:
    attacker = state.units.get(window.attacker)
    if attacker is None or not attacker.living or attacker.gone:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{window.attacker} is no longer there.")
    apart = gap_between(state, unit, attacker)
    if not window.counter_allowed or apart > COUNTER_RANGE:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f'{attacker.id} is {show(apart)} away; a Counter-Attack needs 15" or less.',
            "004 Counter-Attack",
        )
    if not ranged_weapons(state, unit):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} has no ranged weapon to counter-attack with.",
            "004 Counter-Attack",
        )
    engaged = [e for e in locked(state, unit) if not profile_in_play(state, e).big]
    if engaged:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is in base contact with {engaged[0].id} and cannot Shoot.",
            "004 Shoot",
        )
    return None


def react(flow: Flow, seat: str, action: actions.React) -> Rejection | None:
    """Answer the window on top of the stack (a reaction window)."""
    state = flow.state
    window = state.window()
    if not isinstance(window, ReactionWindow):
        return reject(RejectionCode.WRONG_PHASE, "No unit is waiting to react.", "004 Reactions")
    if window.seat != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN, f"It is {seat_label(window.seat)}'s reaction, not yours."
        )
    if action.unit != window.unit:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"The reaction asked for is {window.unit}'s (targeted by {window.attacker}),"
            f" not {action.unit}'s.",
            "004 Reactions",
        )
    unit = state.units[window.unit]
    kind = action.reaction
    if kind == "ground":
        problem = _ground_refusal(state, window, unit)
        if problem is not None:
            return problem
    if kind == "counter":
        problem = _counter_refusal(state, window, unit)
        if problem is not None:
            return problem
    plan = window.plan
    if kind is None:
        flow.emit(ReactionTried(unit=unit.id))
    else:
        plan = _attempt(flow, window, kind)
    _close(flow, window, plan)
    return None


def _attempt(flow: Flow, window: ReactionWindow, kind: str) -> AttackPlan:
    """The Will roll and, if passed, the Reaction; the marker either way."""
    unit = flow.state.units[window.unit]
    plan = window.plan
    name = NAMES[kind]
    check = will_roll(flow, unit, f"{name} reaction")
    flow.emit(ReactionTried(unit=unit.id, reaction=kind, check=check))
    if not check.passed:
        add_marker(flow, unit.id, "failed reaction")
        return plan
    if kind == "withdraw":
        withdraw(flow, unit.id, window.attacker, "reaction")
        plan = plan.model_copy(update={"withdrawn": (*plan.withdrawn, unit.id)})
    elif kind == "ground":
        plan = plan.model_copy(update={"grounded": (*plan.grounded, unit.id)})
        flow.emit(WentToGround(unit=unit.id))
    else:
        shooting.counter_attack(flow, unit.id, window.attacker, against_fight=plan.kind == "fight")
        attacker = flow.state.units[window.attacker]
        if _against_big_fight(flow.state, window) and not attacker.gone:
            flow.emit(Overrun(unit=unit.id, attacker=attacker.id))
            destroy_unit(flow, unit.id, "overrun by a Vehicle/Monster (004 Vehicle/Monster)")
    if not flow.state.units[unit.id].gone:
        add_marker(flow, unit.id, f"{name} reaction")
    return plan


def _close(flow: Flow, window: ReactionWindow, plan: AttackPlan) -> None:
    """Pop the window, pass the updated plan on to the plan's other windows (closed and
    reopened with it); resolve after the plan's last window. The Action's
    :class:`~rules.wasteland.state.AfterAction` step beneath them carries on afterwards."""
    plan = plan.model_copy(update={"reacting": tuple(r for r in plan.reacting if r != window.unit)})
    plan = _drop_lost_targets(flow.state, plan)
    flow.emit(FrameClosed(answer="answered"))
    state = flow.state
    attacker = state.units.get(plan.unit)
    over = attacker is None or attacker.gone or not attacker.living
    others: list[ReactionWindow] = []
    while _same_plan(flow.state.top(), window):
        other = flow.state.top()
        assert isinstance(other, ReactionWindow)
        others.append(other)
        flow.emit(FrameClosed(answer="replaced"))
    rest = [
        w.model_copy(update={"plan": plan})
        for w in others
        # windows of units destroyed meanwhile, or of an attacker now gone, close unasked
        if not (over or not state.units[w.unit].on_table)
    ]
    for other in reversed(rest):
        flow.emit(FrameOpened(frame=other))
    if rest:
        return
    _resume(flow, plan)


def _same_plan(other: object, window: ReactionWindow) -> TypeGuard[ReactionWindow]:
    return (
        isinstance(other, ReactionWindow)
        and other.attacker == window.attacker
        and other.plan.kind == window.plan.kind
    )


def _drop_lost_targets(state: WastelandState, plan: AttackPlan) -> AttackPlan:
    """Targets destroyed by now, or (shooting) no longer seen after a withdrawal, leave."""
    attacker = state.units.get(plan.unit)
    keep = []
    for fire in plan.fires:
        target = state.units.get(fire.target)
        if target is None or not target.on_table:
            continue
        if (
            plan.kind != "fight"
            and fire.target in plan.withdrawn
            and attacker is not None
            and attacker.living
            and not plan.indirect
            and not tb.sees(state, source(state, attacker), target)
        ):
            continue
        keep.append(fire)
    return plan.model_copy(update={"fires": tuple(keep)})
