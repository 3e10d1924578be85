"""A unit's action in the open activation (readings 8, 9 and 11): it must be one the
activation lets act and has not acted in it; it spots the enemy as it starts; spotting is
brought up to date as it ends, and the activation closes once nobody is left to act."""

from __future__ import annotations

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import Move
from rules.blackpowder.activation import activated_by, close_when_done, has_acted
from rules.blackpowder.events import Acted
from rules.blackpowder.flow import Flow
from rules.blackpowder.lookout import look_out, lose_sight
from rules.blackpowder.moving import move_events, route
from rules.blackpowder.state import BPUnit
from rules.core.rejection import Rejection, RejectionCode, reject


def actor(flow: Flow, seat: str, piece: str) -> BPUnit | Rejection:
    """The unit ``piece`` names, if it may take an action now."""
    state = flow.state
    activation = state.activation
    if activation is None:
        return reject(
            RejectionCode.WRONG_PHASE,
            "No unit may act now: play a card that activates units, or give a Command (Befehl).",
            rule.ACTIONS,
        )
    unit = state.by_piece(piece)
    if unit is None or not unit.on_table or unit.seat != seat:
        return reject(
            RejectionCode.BAD_ARGUMENT, f"You have no unit '{piece}' on the table.", rule.ACTIONS
        )
    if unit not in activated_by(state, activation):
        what = (
            f"the {state.cards[activation.card].name}"
            if activation.card is not None
            else f"the Command given to {activation.unit}"
        )
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.piece} is not activated by {what}.",
            rule.CARDS if activation.card is not None else rule.ABILITIES,
        )
    if has_acted(activation, unit):
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{unit.piece} has taken its action in this activation.",
            rule.ACTIONS,
        )
    return unit


def move(flow: Flow, seat: str, action: Move) -> Rejection | None:
    unit = actor(flow, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    found = route(flow.state, unit, action.to)
    if isinstance(found, Rejection):
        return found
    piece = unit.piece
    look_out(flow, unit)
    flow.emit(*move_events(found), Acted(piece=piece))
    lose_sight(flow)
    close_when_done(flow)
    return None
