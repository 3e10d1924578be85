"""Playing a card (readings 4 and 5, 003 Kommandopunkte erhalten): what each kind grants
to its own side (a faction card its points and its effect), and the command point any card
of the other side gives."""

from __future__ import annotations

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import PlayCard
from rules.blackpowder.activation import close_when_done
from rules.blackpowder.content.cards import CardDef
from rules.blackpowder.events import ActivationOpened, CardPlayed, PointsGained, Reloaded, Steadied
from rules.blackpowder.flow import Flow
from rules.blackpowder.naming import card_name
from rules.blackpowder.phrasebook import say
from rules.blackpowder.reacting import after_morale_card
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.tables.command import (
    ENEMY_CARD_POINTS,
    LOST_TROOP_POINTS,
    advance_card_points,
)
from rules.core.rejection import Rejection, RejectionCode, reject


def play_card(flow: Flow, seat: str, action: PlayCard) -> Rejection | None:
    state = flow.state
    player = state.player(seat)
    if state.played:
        return reject(
            RejectionCode.ALREADY_DONE,
            say("card-played-already"),
            cited(rule.GO),
        )
    in_hand = action.card in player.hand
    if not in_hand and action.card not in player.reserve:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("no-card-in-hand-or-reserve", card=action.card),
            cited(rule.GO),
            [f"play {c}" for c in (*player.hand, *player.reserve)],
        )
    card = state.cards[action.card]
    own = state.own_card(seat, action.card)
    if action.decline and not (own and card.kind == "advance"):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("decline-own-advance-only"),
            cited(rule.COMMAND_POINTS),
        )
    flow.emit(
        CardPlayed(seat=seat, card=action.card, from_reserve=not in_hand, declined=action.decline)
    )
    if not own:
        flow.emit(
            PointsGained(
                seat=seat,
                points=ENEMY_CARD_POINTS,
                why=f"{card_name(state, action.card).english} is a card of the other side",
            )
        )
        if card.kind == "morale":
            after_morale_card(flow, state.enemy(seat))
        return None
    if card.kind == "troop":
        units = [u for u in state.on_table(seat) if state.profile(u).troop_type == card.troop_type]
        if not units:
            flow.emit(
                PointsGained(
                    seat=seat, points=LOST_TROOP_POINTS, why="every unit of that troop card is gone"
                )
            )
            return None
        _open(flow, seat, action.card)
    elif card.kind == "advance":
        if action.decline:
            officers = sum(
                1 for u in state.on_table(seat) if state.profile(u).officer and not u.fleeing
            )
            flow.emit(
                PointsGained(
                    seat=seat,
                    points=advance_card_points(officers),
                    why=f"the advance card's actions declined ({officers} officer(s) not fleeing)",
                )
            )
            return None
        _open(flow, seat, action.card)
    elif card.kind == "faction":
        if card.command_points:
            flow.emit(PointsGained(seat=seat, points=card.command_points, why=card.name))
        _effect(flow, seat, card)
    return None


def _effect(flow: Flow, seat: str, card: CardDef) -> None:
    """A faction card's effect for its own side (reading 5): every own unit on the table
    loads its weapons again, or every own shaken unit (not fleeing) steadies."""
    own = flow.state.on_table(seat)
    if card.effect == "reload":
        flow.emit(*(Reloaded(unit=u.id) for u in own if u.spent))
    elif card.effect == "rally":
        flow.emit(*(Steadied(unit=u.id) for u in own if u.shaken and not u.fleeing))


def _open(flow: Flow, seat: str, card: str) -> None:
    flow.emit(ActivationOpened(seat=seat, source="card", card=card))
    close_when_done(flow)
