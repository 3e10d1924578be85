"""Deciding an action: whose go it is, then the card, the command abilities and the
actions of the units the card or a Command activated."""

from __future__ import annotations

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.abilities import cited, command, hold_back, prepare, stand_fast
from rules.blackpowder.acting import move, rally, reload, shoot
from rules.blackpowder.actions import (
    Charge,
    ChooseReaction,
    Command,
    EndActivation,
    EndGo,
    Form,
    HoldBack,
    HoldFire,
    Move,
    MoveShoot,
    PickCasualties,
    PlayCard,
    Prepare,
    Rally,
    ReadyFire,
    Reload,
    Shoot,
    ShowHand,
    StandFast,
)
from rules.blackpowder.cards import play_card
from rules.blackpowder.casualty_picks import pick
from rules.blackpowder.charging import charge
from rules.blackpowder.events import ActivationClosed, HandShown
from rules.blackpowder.flow import Flow
from rules.blackpowder.formations import form
from rules.blackpowder.moveshoot import move_and_shoot
from rules.blackpowder.phrasebook import MODELS, say
from rules.blackpowder.reacting import choose
from rules.blackpowder.readyfire import answer
from rules.blackpowder.rules_cited import cited as heading
from rules.blackpowder.seats import seat_label
from rules.blackpowder.steps import STEPS
from rules.blackpowder.turns import end_go, end_if_wiped_out, holds_cards
from rules.blackpowder.victory import end_if_broken
from rules.core.actions import Action
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.settle import settle
from rules.core.visibility import only


def decide(flow: Flow, seat: str, action: Action) -> Rejection | None:
    problem = _decide(flow, seat, action)
    if problem is None:
        settle(flow, STEPS)
        end_if_wiped_out(flow)
        end_if_broken(flow)
    return problem


def _decide(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    if state.finished or state.phase == "over":
        return reject(RejectionCode.GAME_OVER, say("battle-over"))
    if state.phase != "play" or state.go is None:
        return reject(RejectionCode.WRONG_PHASE, say("still-setting-up"), heading(rule.SETUP))
    if isinstance(action, ShowHand):  # at any time, and nothing changes
        player = state.player(seat)
        flow.emit(
            HandShown(
                seat=seat,
                hand=player.hand,
                reserve=player.reserve,
                points=player.points,
                visibility=only(seat),
            )
        )
        return None
    picking = state.casualty_choice()
    if picking is not None:
        if seat != picking.seat or not isinstance(action, PickCasualties):
            return reject(
                RejectionCode.NOT_YOUR_TURN,
                say(
                    "picks-first",
                    seat=seat_label(picking.seat),
                    models=MODELS(picking.count),
                    unit=picking.unit,
                ),
                heading(rule.RANGED_FIRE),
            )
        return pick(flow, seat, action)
    if isinstance(action, PickCasualties):
        return reject(RejectionCode.WRONG_PHASE, say("no-pick-waiting"), heading(rule.RANGED_FIRE))
    choosing = state.reaction_choice()
    if choosing is not None:
        if seat != choosing.seat or not isinstance(action, ChooseReaction):
            return reject(
                RejectionCode.NOT_YOUR_TURN,
                say("first-chooses", seat=seat_label(choosing.seat), unit=choosing.unit),
                heading(rule.REACTION_TESTS),
            )
        choose(flow, seat, action)
        return None
    if isinstance(action, ChooseReaction):
        return reject(
            RejectionCode.WRONG_PHASE,
            say("nobody-chooses"),
            heading(rule.REACTION_TESTS),
        )
    window = state.ready_fire()
    if window is not None:
        if seat != window.seat or not isinstance(action, ReadyFire | HoldFire):
            return reject(
                RejectionCode.NOT_YOUR_TURN,
                say("may-first-fire", seat=seat_label(window.seat), mover=window.mover),
                cited("enemy-sighted"),
            )
        return answer(flow, seat, action)
    if isinstance(action, ReadyFire | HoldFire):
        return reject(
            RejectionCode.WRONG_PHASE,
            say("ready-fire-when"),
            cited("enemy-sighted"),
        )
    if seat != state.go:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            say("not-your-go", seat=seat_label(state.go)),
            heading(rule.GO),
        )
    if isinstance(action, Move):
        return move(flow, seat, action)
    if isinstance(action, Shoot):
        return shoot(flow, seat, action)
    if isinstance(action, Reload):
        return reload(flow, seat, action)
    if isinstance(action, Rally):
        return rally(flow, seat, action)
    if isinstance(action, MoveShoot):
        return move_and_shoot(flow, seat, action)
    if isinstance(action, Form):
        return form(flow, seat, action)
    if isinstance(action, Charge):
        return charge(flow, seat, action)
    if isinstance(action, EndActivation):
        if state.activation is None:
            return reject(
                RejectionCode.WRONG_PHASE, say("nothing-activated"), heading(rule.ACTIONS)
            )
        flow.emit(ActivationClosed())
        return None
    if isinstance(action, EndGo):
        if not state.played and holds_cards(state, seat):
            return reject(
                RejectionCode.WRONG_PHASE,
                say("play-a-card-first"),
                heading(rule.GO),
            )
        end_go(flow)
        return None
    if state.activation is not None:
        return reject(
            RejectionCode.WRONG_PHASE,
            say("finish-activation"),
            heading(rule.GO),
        )
    if isinstance(action, PlayCard):
        return play_card(flow, seat, action)
    if isinstance(action, HoldBack):
        return hold_back(flow, seat, action)
    if isinstance(action, StandFast):
        return stand_fast(flow, seat, action)
    if isinstance(action, Command):
        return command(flow, seat, action)
    if isinstance(action, Prepare):
        return prepare(flow, seat, action)
    return reject(RejectionCode.UNKNOWN_ACTION, say("not-an-action"), heading(rule.GO))
