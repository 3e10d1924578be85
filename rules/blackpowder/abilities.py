"""The command abilities paid from the command pool on the player's own go, before or
after the go's card (readings 7 and 8, 003 Kommandofähigkeiten). *Enemy sighted!* comes
with ranged fire."""

from __future__ import annotations

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import Command, HoldBack, Prepare, StandFast
from rules.blackpowder.activation import close_when_done
from rules.blackpowder.dummies import own_dummy
from rules.blackpowder.events import (
    ActivationOpened,
    CardTakenBack,
    HeldBack,
    PointsSpent,
    StoodFast,
)
from rules.blackpowder.flow import Flow
from rules.blackpowder.naming import card_name
from rules.blackpowder.phrasebook import COMMAND_POINTS, say, word
from rules.blackpowder.state import BPUnit
from rules.blackpowder.tables.command import Ability, ability_cost
from rules.blackpowder.terms import term
from rules.core.language import Phrase
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only

DUMMY_MODELS = 1
"""A Command to a dummy marker costs what one to a small unit does (reading 12)."""


def cited(ability: Ability) -> Phrase:
    """The sheet's heading with the ability's German and English names (the German
    alone for a German reader)."""
    german = term(ability).german[0]
    return Phrase(
        f"{rule.ABILITIES}: {german} ({term(ability).english})",
        f"{rule.GERMAN[rule.ABILITIES]}: {german}",
    )


def _afford(flow: Flow, seat: str, ability: Ability, cost: int) -> Rejection | None:
    pool = flow.state.player(seat).points
    if pool < cost:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            say("cannot-afford", ability=word(ability), cost=COMMAND_POINTS(cost), pool=pool),
            cited(ability),
        )
    return None


def _own_unit(flow: Flow, seat: str, piece: str, ability: Ability) -> BPUnit | Rejection:
    unit = flow.state.by_piece(piece)
    if unit is None or not unit.on_table or unit.seat != seat:
        own = [u.piece for u in flow.state.on_table(seat)]
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("no-own-unit", piece=piece),
            cited(ability),
            own,
        )
    return unit


def hold_back(flow: Flow, seat: str, action: HoldBack) -> Rejection | None:
    state = flow.state
    if action.card not in state.player(seat).hand:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("no-card-in-hand", card=action.card),
            cited("hold-back"),
        )
    card = state.cards[action.card]
    if card.kind != "troop" or not state.own_card(seat, action.card):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("only-own-troop-cards", card=card_name(state, action.card)),
            cited("hold-back"),
        )
    cost = ability_cost("hold-back")
    problem = _afford(flow, seat, "hold-back", cost)
    if problem is not None:
        return problem
    flow.emit(
        PointsSpent(seat=seat, ability="hold-back", points=cost),
        HeldBack(seat=seat, card=action.card, visibility=only(seat)),
    )
    return None


def stand_fast(flow: Flow, seat: str, action: StandFast) -> Rejection | None:
    unit = _own_unit(flow, seat, action.unit, "stand-fast")
    if isinstance(unit, Rejection):
        return unit
    if not unit.fleeing:
        return reject(
            RejectionCode.ILLEGAL_MOVE, say("not-fleeing", piece=unit.piece), cited("stand-fast")
        )
    cost = ability_cost("stand-fast")
    problem = _afford(flow, seat, "stand-fast", cost)
    if problem is not None:
        return problem
    flow.emit(
        PointsSpent(seat=seat, ability="stand-fast", points=cost, piece=unit.piece),
        StoodFast(unit=unit.id),
    )
    return None


def command(flow: Flow, seat: str, action: Command) -> Rejection | None:
    dummy = own_dummy(flow.state, seat, action.unit)
    if dummy is not None:
        return _command(flow, seat, dummy.id, ability_cost("command", DUMMY_MODELS))
    unit = _own_unit(flow, seat, action.unit, "command")
    if isinstance(unit, Rejection):
        return unit
    return _command(flow, seat, unit.piece, ability_cost("command", len(unit.models)))


def _command(flow: Flow, seat: str, piece: str, cost: int) -> Rejection | None:
    problem = _afford(flow, seat, "command", cost)
    if problem is not None:
        return problem
    flow.emit(
        PointsSpent(seat=seat, ability="command", points=cost, piece=piece),
        ActivationOpened(seat=seat, source="command", piece=piece),
    )
    close_when_done(flow)
    return None


def prepare(flow: Flow, seat: str, action: Prepare) -> Rejection | None:
    state = flow.state
    own_troops = [
        c for c in state.discard if state.own_card(seat, c) and state.cards[c].kind == "troop"
    ]
    if action.card not in own_troops:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("not-own-troop-on-discard", card=action.card),
            cited("preparation"),
            [f"prepare {c}" for c in own_troops],
        )
    cost = ability_cost("preparation")
    problem = _afford(flow, seat, "preparation", cost)
    if problem is not None:
        return problem
    flow.emit(
        PointsSpent(seat=seat, ability="preparation", points=cost),
        CardTakenBack(seat=seat, card=action.card),
    )
    return None
