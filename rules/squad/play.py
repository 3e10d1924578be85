"""Deciding an action: by the phase, the window waiting for an answer, or the orders of
the activation phase; then pending steps run until somebody must answer."""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.settle import settle
from rules.squad import rules_cited as rule
from rules.squad.actions import (
    Allocate,
    AssaultOrder,
    ChooseFirst,
    ChooseForce,
    Deploy,
    EndActivation,
    HoldOrder,
    MoveOrder,
    ShootOrder,
)
from rules.squad.deployment import deploy
from rules.squad.flow import Flow
from rules.squad.forces import choose_force
from rules.squad.orders import activate, allocate, end
from rules.squad.seats import seat_label
from rules.squad.state import AllocateWindow, InitiativeWindow
from rules.squad.steps import STEPS
from rules.squad.turns import choose_first


def decide(flow: Flow, seat: str, action: Action) -> Rejection | None:
    problem = _decide(flow, seat, action)
    if problem is None:
        settle(flow, STEPS)
    return problem


def _decide(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    if state.finished or state.phase == "over":
        return reject(RejectionCode.GAME_OVER, "The battle is over.")
    if state.phase == "forces":
        if not isinstance(action, ChooseForce):
            return reject(
                RejectionCode.WRONG_PHASE, "First every player chooses a force.", rule.FORCES
            )
        return choose_force(flow, seat, action)
    if isinstance(action, ChooseForce):
        return reject(RejectionCode.ALREADY_DONE, "The forces are already revealed.", rule.FORCES)
    if state.phase == "deployment":
        if not isinstance(action, Deploy):
            return reject(
                RejectionCode.WRONG_PHASE,
                f"Deployment first: {seat_label(state.deploying)} is to deploy a unit.",
                rule.DEPLOYMENT,
            )
        return deploy(flow, seat, action)
    window = state.waiting_window()
    if isinstance(window, InitiativeWindow):
        if seat != window.seat or not isinstance(action, ChooseFirst):
            return reject(
                RejectionCode.NOT_YOUR_TURN,
                f"{seat_label(window.seat)} won the initiative and chooses who goes first.",
                rule.INITIATIVE,
            )
        return choose_first(flow, seat, action)
    if isinstance(window, AllocateWindow):
        if seat != window.seat or not isinstance(action, Allocate):
            return reject(
                RejectionCode.NOT_YOUR_TURN,
                f"{seat_label(window.seat)} is allocating the hits on {window.target}.",
                rule.ALLOCATE,
            )
        return allocate(flow, seat, action)
    if isinstance(action, MoveOrder | HoldOrder | ShootOrder | AssaultOrder):
        return activate(flow, seat, action)
    if isinstance(action, EndActivation):
        return end(flow, seat, action)
    if isinstance(action, ChooseFirst):
        return reject(
            RejectionCode.ALREADY_DONE,
            f"The initiative of turn {state.turn} is settled; {seat_label(state.to_act)} is to"
            " activate a unit.",
            rule.INITIATIVE,
        )
    if isinstance(action, Allocate):
        return reject(RejectionCode.WRONG_PHASE, "There are no hits to allocate.", rule.ALLOCATE)
    return reject(RejectionCode.WRONG_PHASE, "That is not possible now.", rule.ACTIVATION)
