"""Deciding an action: by the phase, the window waiting for an answer, or the actions of
the Activation phase."""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.frames import FrameClosed
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.orders import actions as act
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.abilities import use_ability
from rules.orders.activation import activate, assign, buy, finish, pass_round, take_discard
from rules.orders.bag import draw
from rules.orders.deployment import deploy, face
from rules.orders.flow import Flow
from rules.orders.interact import interact
from rules.orders.ips_moves import mines_entered
from rules.orders.movement import move
from rules.orders.scrambling import place_markers, power_check, reveal_due
from rules.orders.seats import seat_label
from rules.orders.state import HAND_LIMIT, RadioWindow, RedrawWindow, ReduceWindow
from rules.orders.turns import after_reduce, receive_cp

ROUND_ACTIONS = (
    act.Activate,
    act.Assign,
    act.Move,
    act.EndRound,
    act.Pass,
    act.BuyTile,
    act.TakeDiscard,
    act.Interact,
    act.UseAbility,
)


def decide(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    if state.finished or state.phase == "over":
        return reject(RejectionCode.GAME_OVER, "The game is over.")
    generator = flow.catalog.generators.get(state.generator)
    decoys = generator.decoys if generator else 0
    distance = generator.marker_distance if generator else 0
    if state.phase == "deployment":
        if not isinstance(action, act.Deploy):
            return reject(
                RejectionCode.WRONG_PHASE,
                f"Deployment first: {seat_label(state.deploying)} places the next face-down"
                " marker.",
                rule.DEPLOY,
            )
        return deploy(flow, seat, action.fighter, action.at, decoys, distance)
    if state.phase == "facing":
        if not isinstance(action, act.Face):
            return reject(
                RejectionCode.WRONG_PHASE,
                "First every character is given its starting facing: `face A1 north`.",
                rule.DEPLOY,
            )
        return face(flow, seat, action.fighter, action.facing)
    window = state.waiting_window()
    if window is not None:
        if seat != window.seat:
            return reject(
                RejectionCode.NOT_YOUR_TURN,
                f"Waiting for {seat_label(window.seat)} to answer first.",
            )
        if isinstance(window, RedrawWindow):
            if not isinstance(action, act.Redraw):
                return reject(
                    RejectionCode.WRONG_PHASE,
                    "First turn: `redraw` your 5 tiles or `keep` them.",
                    rule.DRAW,
                )
            return _redraw(flow, seat, action.redraw)
        if isinstance(window, ReduceWindow):
            if not isinstance(action, act.Discard):
                return reject(
                    RejectionCode.WRONG_PHASE,
                    f"Final phase: discard down to {HAND_LIMIT} tiles (`discard <tile>, ...`).",
                    rule.FINAL,
                )
            return _reduce(flow, seat, action.tiles)
        if isinstance(window, RadioWindow):
            if not isinstance(action, act.RadioMarkers):
                return reject(
                    RejectionCode.WRONG_PHASE,
                    "Initiative phase: place your radio markers first (`radio random`, or"
                    " `radio B1 scrambled, B2 listening, ...`).",
                    rule.SCRAMBLING,
                )
            return place_markers(flow, seat, action.markers)
    if state.phase != "activation" or not isinstance(action, ROUND_ACTIONS):
        return reject(RejectionCode.WRONG_PHASE, "That is not something to do now.")
    if seat != state.active:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"It is {seat_label(state.active)}'s activation round.",
            rule.ACTIVATION,
        )
    problem = _round_action(flow, seat, action)
    if problem is None and not flow.trial:
        if flow.state.activation is not None:
            reveal_due(flow, flow.state.activation.fighter)
        power_check(flow)
    return problem


def _round_action(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    match action:
        case act.Activate():
            return activate(flow, seat, action.fighter, action.tile)
        case act.Assign():
            return assign(flow, seat, action.tile)
        case act.EndRound():
            return finish(flow, seat)
        case act.Pass():
            return pass_round(flow, seat)
        case act.BuyTile():
            return buy(flow, seat)
        case act.TakeDiscard():
            return take_discard(flow, seat, action.tile)
        case act.Move():
            if state.activation is None:
                return reject(
                    RejectionCode.WRONG_PHASE,
                    "Activate a character first: `activate <character> [tile]`.",
                    rule.ACTIVATE,
                )
            before = state.fighter(state.activation.fighter).square
            moved = move(flow, state.activation.fighter, action.to, action.facing, action.cp)
            if moved is None and not flow.trial:
                mines_entered(flow, state.activation.fighter, before)
            return moved
        case act.Interact() | act.UseAbility():
            return _use_line(flow, action)
    return reject(RejectionCode.WRONG_PHASE, "That is not something to do now.")


def _use_line(flow: Flow, action: act.Interact | act.UseAbility) -> Rejection | None:
    """An Interact order or a special ability of the activated character."""
    activation = flow.state.activation
    if activation is None:
        return reject(
            RejectionCode.WRONG_PHASE,
            "Activate a character first: `activate <character> [tile]`.",
            rule.ACTIVATE,
        )
    if isinstance(action, act.Interact):
        return interact(flow, activation.fighter, action.target, action.line, action.cp, action.on)
    return use_ability(flow, activation.fighter, action.ability, action.line, action.on)


def _redraw(flow: Flow, seat: str, again: bool) -> Rejection | None:
    if flow.trial:
        return None
    if again:
        first = flow.state.player(seat).hand
        draw_fresh(flow, seat, first)
    else:
        flow.emit(ev.RedrawDeclined(seat=seat))
    flow.emit(FrameClosed(answer="redraw" if again else "keep"))
    if flow.state.waiting_window() is None:
        receive_cp(flow)
    return None


def draw_fresh(flow: Flow, seat: str, first: tuple[str, ...]) -> None:
    """[01] first turn: 5 new tiles are drawn, then the first 5 go back into the bag."""
    draw(flow, seat, len(first), why="redraw")
    flow.emit(ev.TilesSetAside(seat=seat, tiles=first))


def _reduce(flow: Flow, seat: str, tiles: tuple[str, ...]) -> Rejection | None:
    hand = list(flow.state.player(seat).hand)
    for tile in tiles:
        if tile not in hand:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"You have no `{tile}` tile (left) behind your screen.",
                rule.FINAL,
            )
        hand.remove(tile)
    if len(hand) > HAND_LIMIT:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"You would keep {len(hand)} tiles; the limit is {HAND_LIMIT}: discard"
            f" {len(hand) - HAND_LIMIT} more.",
            rule.FINAL,
        )
    if flow.trial:
        return None
    flow.emit(ev.TilesDiscarded(seat=seat, tiles=tiles, visibility=only(seat)))
    flow.emit(FrameClosed(answer=f"discarded {len(tiles)}"))
    if flow.state.waiting_window() is None:
        after_reduce(flow)
    return None
