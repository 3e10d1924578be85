"""A unit's action in the open activation (readings 8, 9 and 11): it must be one the
activation lets act and has not acted in it; it spots the enemy as it starts; spotting is
brought up to date as it ends, and the activation closes once nobody is left to act."""

from __future__ import annotations

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import Move, Rally, Reload, Shoot
from rules.blackpowder.activation import (
    activated_by,
    close_when_done,
    dummy_may_act,
    has_acted,
)
from rules.blackpowder.dice import face
from rules.blackpowder.dummies import dummy_move_events, dummy_route, own_dummy
from rules.blackpowder.events import Acted, Rallied, Reloaded
from rules.blackpowder.firing import aims, fire, weapon_for
from rules.blackpowder.flight import only_rally, rally_from_flight
from rules.blackpowder.flow import Flow
from rules.blackpowder.landing import counter_at, found_in_the_way
from rules.blackpowder.lookout import look_out, lose_sight, reveal
from rules.blackpowder.moving import Route, move_events, route
from rules.blackpowder.phrasebook import say
from rules.blackpowder.reacting import after_fire
from rules.blackpowder.readyfire import offer
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.state import AfterActionStep, BPUnit, Marker, Point
from rules.blackpowder.tables.reactions import RALLY_SCORES
from rules.core.frames import FrameOpened
from rules.core.language import Phrase
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.pieces import Model

Models = tuple[Model, ...]


def actor(flow: Flow, seat: str, piece: str) -> BPUnit | Rejection:
    """The unit ``piece`` names, if it may take an action now."""
    state = flow.state
    activation = state.activation
    if activation is None:
        return reject(
            RejectionCode.WRONG_PHASE,
            say("no-unit-may-act"),
            cited(rule.ACTIONS),
        )
    if own_dummy(state, seat, piece) is not None:
        return reject(
            RejectionCode.ILLEGAL_MOVE, say("dummy-only-moves", piece=piece), cited(rule.HIDDEN)
        )
    unit = state.by_piece(piece)
    if unit is None or not unit.on_table or unit.seat != seat:
        return reject(
            RejectionCode.BAD_ARGUMENT, say("no-own-unit", piece=piece), cited(rule.ACTIONS)
        )
    if unit not in activated_by(state, activation):
        card = state.cards[activation.card] if activation.card is not None else None
        what = (
            say("by-card", card=Phrase(card.name, card.name_de))
            if card is not None
            else say("by-command", unit=activation.unit or "")
        )
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("not-activated-by", piece=unit.piece, what=what),
            cited(rule.CARDS if activation.card is not None else rule.ABILITIES),
        )
    if has_acted(activation, unit):
        return reject(
            RejectionCode.ALREADY_DONE,
            say("has-acted", piece=unit.piece),
            cited(rule.ACTIONS),
        )
    return unit


def steady_actor(flow: Flow, seat: str, piece: str) -> BPUnit | Rejection:
    """:func:`actor`, for every action but the rally: a fleeing unit is pointed to its
    rally roll, its only action (reading 41)."""
    unit = actor(flow, seat, piece)
    if isinstance(unit, Rejection) or not unit.fleeing:
        return unit
    return only_rally(unit)


def move(flow: Flow, seat: str, action: Move) -> Rejection | None:
    dummy = own_dummy(flow.state, seat, action.unit)
    if dummy is not None:
        return move_dummy(flow, dummy, action.to)
    unit = steady_actor(flow, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    found = route(flow.state, unit, action.to)
    if isinstance(found, Rejection):
        return found
    before = flow.state
    piece = unit.piece
    look_out(flow, unit)
    # what the unit spotted as it started may stand where it was to end (reading 67)
    again = route(flow.state, flow.state.unit(unit.id), action.to)
    if found_in_the_way(flow, before, piece, unit.seat, *ending(again, unit, action.to)):
        return None
    assert not isinstance(again, Rejection)
    flow.emit(*move_events(flow.state, again))
    end_action(flow, piece)
    return None


def ending(found: Route | Rejection, unit: BPUnit, to: Point) -> tuple[Models | None, Model | None]:
    """Where a move checked again would leave the unit's models (None: it is refused now)
    and its marker, if it moves under one."""
    if isinstance(found, Rejection):
        return None, None
    counter = counter_at(unit.piece, unit.seat, to) if unit.hidden else None
    return found.after.models, counter


def move_dummy(flow: Flow, marker: Marker, to: Point) -> Rejection | None:
    """A dummy marker's move, told in public as a hidden unit's would be (reading 12)."""
    state = flow.state
    activation = state.activation
    if activation is None:
        return reject(RejectionCode.WRONG_PHASE, say("no-unit-may-act"), cited(rule.ACTIONS))
    if marker.id in activation.acted:
        return reject(
            RejectionCode.ALREADY_DONE, say("has-acted", piece=marker.id), cited(rule.ACTIONS)
        )
    if not dummy_may_act(state, marker):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say(
                "not-activated-by",
                piece=marker.id,
                what=say("by-command", unit=activation.unit or ""),
            ),
            cited(rule.ABILITIES),
        )
    found = dummy_route(state, marker, to)
    if isinstance(found, Rejection):
        return found
    look_out(flow, marker)
    again = dummy_route(flow.state, marker, to)
    counter = counter_at(marker.id, marker.seat, to)
    ends = None if isinstance(again, Rejection) else (counter,)
    if found_in_the_way(flow, state, marker.id, marker.seat, ends):
        return None
    assert not isinstance(again, Rejection)
    flow.emit(*dummy_move_events(again))
    end_action(flow, marker.id)
    return None


def end_action(flow: Flow, piece: str) -> None:
    flow.emit(Acted(piece=piece))
    lose_sight(flow)
    close_when_done(flow)
    unit = flow.state.by_piece(piece)
    if unit is not None:
        offer(flow, unit.id)


def shoot(flow: Flow, seat: str, action: Shoot) -> Rejection | None:
    unit = steady_actor(flow, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    weapon = weapon_for(flow.state, unit, action.weapon)
    if isinstance(weapon, Rejection):
        return weapon
    state = flow.state
    target = state.by_piece(action.target)
    if target is None or not target.on_table or target.seat == seat:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("no-enemy-unit", target=action.target),
            cited(rule.RANGED_FIRE),
        )
    if target.marker is not None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("marker-not-a-target", marker=target.marker),
            cited(rule.HIDDEN),
        )
    piece = unit.piece
    look_out(flow, unit)
    if not flow.state.unit(target.id).spotted:
        return reject(
            RejectionCode.NO_LINE_OF_SIGHT,
            say("not-spotted", target=target.id),
            cited(rule.SPOTTING),
        )
    if action.weapon is None:  # the first loaded weapon that reaches it (reading 62)
        weapon = weapon_for(flow.state, unit, None, flow.state.unit(target.id))
        assert not isinstance(weapon, Rejection)
    lines = aims(flow.state, unit, flow.state.unit(target.id), weapon)
    if not lines:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            say(
                "out-of-range",
                piece=piece,
                target=target.id,
                weapon=Phrase(weapon.name, weapon.name_de),
                range=weapon.range,
            ),
            cited(rule.RANGED_FIRE),
        )
    reveal(flow, unit, "it shoots")
    shooter = flow.state.unit(unit.id)
    # the action ends once the target's reaction is settled (its owner may have to choose);
    # it is the unit's, now on show, whose marker is gone
    flow.emit(FrameOpened(frame=AfterActionStep(piece=shooter.id)))
    fallen = fire(flow, shooter, flow.state.unit(target.id), weapon, lines)
    if fallen:
        after_fire(flow, target.id, shooter, fallen)
    return None


def reload(flow: Flow, seat: str, action: Reload) -> Rejection | None:
    unit = steady_actor(flow, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    if not unit.spent:
        return reject(
            RejectionCode.ALREADY_DONE,
            say("loaded-already", piece=unit.piece),
            cited(rule.RANGED_WEAPONS),
        )
    piece = unit.piece
    look_out(flow, unit)
    flow.emit(Reloaded(unit=unit.id))
    end_action(flow, piece)
    return None


def rally(flow: Flow, seat: str, action: Rally) -> Rejection | None:
    unit = actor(flow, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    if unit.fleeing:
        piece = unit.piece
        look_out(flow, unit)
        rally_from_flight(flow, unit)
        end_action(flow, piece)
        return None
    if not unit.shaken:
        return reject(
            RejectionCode.ILLEGAL_MOVE, say("not-shaken", piece=unit.piece), cited(rule.RALLY)
        )
    piece = unit.piece
    look_out(flow, unit)
    score = RALLY_SCORES[flow.state.profile(unit).quality]
    rolled = face(flow.dice(1, f"{unit.id} rallies")[0])
    flow.emit(Rallied(unit=unit.id, face=rolled, score=score, rallied=rolled >= score))
    end_action(flow, piece)
    return None
