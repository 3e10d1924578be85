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
from rules.orders.activation import activate, assign, buy, finish, pass_round, take_discard
from rules.orders.bag import draw
from rules.orders.barriers import edge_target, element_target
from rules.orders.capture import capture_attempt, torture
from rules.orders.close_combat import fight, fight_barrier
from rules.orders.deployment import deploy, face
from rules.orders.exits import exit_map
from rules.orders.flow import Flow
from rules.orders.missions import check_missions
from rules.orders.movement import move
from rules.orders.search import search
from rules.orders.search_windows import answer_window
from rules.orders.seats import seat_label
from rules.orders.shooting import shoot
from rules.orders.state import (
    HAND_LIMIT,
    DropWindow,
    RedrawWindow,
    ReduceWindow,
    SearchWindow,
    SpyWindow,
)
from rules.orders.transfers import give, pick_up
from rules.orders.turns import after_reduce, receive_cp

ROUND_ACTIONS = (
    act.Activate,
    act.Assign,
    act.Move,
    act.EndRound,
    act.Pass,
    act.BuyTile,
    act.TakeDiscard,
    act.Fight,
    act.Smash,
    act.Capture,
    act.Torture,
    act.Shoot,
    act.Search,
    act.Give,
    act.PickUp,
    act.Exit,
)


ORDERS = (act.Move, act.Fight, act.Smash, act.Capture, act.Torture)


def decide(flow: Flow, seat: str, action: Action) -> Rejection | None:
    """Decide ``action``; once accepted, every mission it fulfilled is scored."""
    problem = _decide(flow, seat, action)
    if problem is None and not flow.trial and not flow.over:
        check_missions(flow)
    return problem


def _decide(flow: Flow, seat: str, action: Action) -> Rejection | None:
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
        if isinstance(window, SearchWindow | SpyWindow | DropWindow):
            return answer_window(flow, window, action)
    if state.phase != "activation" or not isinstance(action, ROUND_ACTIONS):
        return reject(RejectionCode.WRONG_PHASE, "That is not something to do now.")
    if seat != state.active:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"It is {seat_label(state.active)}'s activation round.",
            rule.ACTIVATION,
        )
    fallen = _fallen(flow, action)
    if fallen is not None:
        return fallen
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
            return move(flow, state.activation.fighter, action.to, action.facing, action.cp)
        case act.Fight() | act.Smash() | act.Capture() | act.Torture():
            return _combat(flow, action)
        case act.Shoot():
            if state.activation is None:
                return reject(
                    RejectionCode.WRONG_PHASE,
                    "Activate a character first: `activate <character> [tile]`.",
                    rule.ACTIVATE,
                )
            return shoot(flow, state.activation.fighter, action)
        case act.Search() | act.Give() | act.PickUp() | act.Exit():
            if state.activation is None:
                return reject(
                    RejectionCode.WRONG_PHASE,
                    "Activate a character first: `activate <character> [tile]`.",
                    rule.ACTIVATE,
                )
            return _order(flow, state.activation.fighter, action)
    return reject(RejectionCode.WRONG_PHASE, "That is not something to do now.")


def _fallen(flow: Flow, action: Action) -> Rejection | None:
    """An activated character killed during its round gives no more orders."""
    activation = flow.state.activation
    if activation is None or isinstance(action, act.EndRound):
        return None
    fighter = flow.state.fighter(activation.fighter)
    if fighter.standing or not isinstance(action, ORDERS):
        return None
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        f"{fighter.id} {fighter.name} is {fighter.condition}: it gives no more orders; say"
        " `done` to end the round.",
        rule.WOUNDS,
    )


def _combat(
    flow: Flow, action: act.Fight | act.Smash | act.Capture | act.Torture
) -> Rejection | None:
    """Close combat, destruction, capture and torture by the activated character."""
    state = flow.state
    if state.activation is None:
        return reject(
            RejectionCode.WRONG_PHASE,
            "Activate a character first: `activate <character> [tile]`.",
            rule.ACTIVATE,
        )
    fighter = state.fighter(state.activation.fighter)
    if fighter.square is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{fighter.id} is not on the map.", rule.CLOSE_COMBAT
        )
    match action:
        case act.Fight():
            return fight(flow, fighter.id, action.enemy, action.cp, action.helpers)
        case act.Capture():
            return capture_attempt(flow, fighter.id, action.enemy, action.cp)
        case act.Torture():
            return torture(flow, fighter.id, action.prisoner, action.cp)
    if action.part == "element":
        target = element_target(state, fighter.square, action.element)
    else:
        assert action.side is not None
        target = edge_target(state, fighter.square, action.part, action.side)
    return fight_barrier(flow, fighter.id, target, action.cp)


def _order(
    flow: Flow, fighter: str, action: act.Search | act.Give | act.PickUp | act.Exit
) -> Rejection | None:
    match action:
        case act.Search():
            return search(flow, fighter, action.cp)
        case act.Give():
            return give(flow, fighter, action.item, action.to)
        case act.PickUp():
            return pick_up(flow, fighter, action.item)
        case act.Exit():
            return exit_map(flow, fighter, action.via, action.cp)


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
