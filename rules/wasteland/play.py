"""The battle: who may act now, and which rules module handles each action.

An Action of the active unit is spent before its handler runs (a refused action changes
nothing, since no events are kept), with an :class:`~rules.wasteland.state.AfterAction`
step pushed beneath whatever the Action opens. Every accepted action ends with
:func:`~rules.wasteland.steps.settle`, which carries on with the pending steps until a
window waits for an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.actions import Action
from rules.core.frames import FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.wasteland import actions as act
from rules.wasteland import casting, fighting, missions, moving, orders, reactions, shooting
from rules.wasteland.activation import activate, finish, pass_round, ready, spend
from rules.wasteland.deployment import arrive, reinforce
from rules.wasteland.effects import put
from rules.wasteland.facts.units import Defending
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.seats import seat_label
from rules.wasteland.state import AfterAction
from rules.wasteland.steps import settle

Handler = Callable[[Flow, str, Any], Rejection | None]

ACTION_NAMES: dict[type[Action], str] = {
    act.Move: "move",
    act.Shoot: "shoot",
    act.Fight: "fight",
    act.Defend: "defend",
    act.Cast: "cast",
    act.Interact: "interact",
}


def handlers() -> dict[type[Action], Handler]:
    return {
        act.Move: moving.move,
        act.Shoot: shooting.shoot,
        act.Fight: fighting.fight,
        act.Defend: defend,
        act.Cast: casting.cast,
        act.Interact: missions.interact,
        act.GiveOrder: orders.give_order,
        act.React: reactions.react,
        act.Nullify: casting.nullify,
        act.Arrive: arrive,
        act.Reinforce: reinforce,
    }


def decide_battle(flow: Flow, seat: str, action: Action) -> Rejection | None:
    problem = _decide(flow, seat, action)
    if problem is None:
        settle(flow)
    return problem


def _decide(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    window = state.window()
    if window is not None:
        if not isinstance(action, act.React | act.Nullify):
            return reject(
                RejectionCode.WRONG_PHASE,
                f"Waiting for {seat_label(window.seat)} to answer first ({window.frame}).",
                "004 Reactions",
            )
        if window.seat != seat:
            return reject(
                RejectionCode.NOT_YOUR_TURN, f"It is {seat_label(window.seat)}'s answer, not yours."
            )
        return handlers()[type(action)](flow, seat, action)
    if isinstance(action, act.React | act.Nullify):
        return reject(RejectionCode.WRONG_PHASE, "Nothing is waiting for an answer.")
    if isinstance(action, act.GiveOrder):
        return handlers()[act.GiveOrder](flow, seat, action)
    active = state.active
    if active is None:
        if state.turn != seat:
            return reject(
                RejectionCode.NOT_YOUR_TURN,
                f"It is {seat_label(state.turn)}'s turn to activate a unit.",
                "004 Phase 2",
            )
        if isinstance(action, act.Activate):
            return activate(flow, seat, action.unit, action.heroic)
        if isinstance(action, act.Arrive | act.Reinforce):
            return handlers()[type(action)](flow, seat, action)
        if isinstance(action, act.EndActivation):
            if ready(state, seat):
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    "You still have units to activate this round; only a side with nothing "
                    "but held-back units may wait.",
                    "004 Phase 2",
                )
            pass_round(flow, seat)
            return None
        return reject(
            RejectionCode.WRONG_PHASE,
            "Activate a unit first (activate <unit>).",
            "004 Phase 2",
        )
    if active.seat != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"{active.unit} of {seat_label(active.seat)} is activating.",
        )
    if isinstance(action, act.EndActivation):
        finish(flow, active.unit)
        return None
    name = ACTION_NAMES.get(type(action))
    if name is None:
        return reject(
            RejectionCode.WRONG_PHASE,
            f"{active.unit} is activating: move, shoot, fight, defend, cast, interact or end.",
        )
    if active.actions <= 0:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{active.unit} has no Actions left.")
    unit = state.units[active.unit]
    carrier = state.units.get(unit.embarked_in or "")
    open_top = carrier is not None and profile_in_play(state, carrier).has("open")
    if (
        unit.status == "embarked"
        and name != "move"
        and not (open_top and name in ("shoot", "cast"))
    ):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is embarked: its only Action is a Move to disembark.",
            "004 Transport",
        )
    spend(flow, name)
    flow.emit(FrameOpened(frame=AfterAction()))
    return handlers()[type(action)](flow, seat, action)


def defend(flow: Flow, seat: str, action: act.Defend) -> Rejection | None:
    """Defend (004): the last Action; +1 Life against shooting and +1 Will this round."""
    active = flow.state.active
    assert active is not None
    unit = flow.state.units[active.unit]
    profile = profile_in_play(flow.state, unit)
    if profile.big:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "Vehicles and Monsters cannot Defend.",
            "004 Vehicle/Monster",
        )
    for kind, label in (("fearless", "Fearless"), ("bulky", "Bulky"), ("flying", "Flying")):
        if profile.has(kind):  # type: ignore[arg-type]
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{label} units cannot take Defend Actions.",
                f"004 {label}",
            )
    put(flow, unit.model_copy(update={"defending": True}))
    flow.emit(Defending(unit=unit.id))
    return None
