"""Deciding an action: by the phase, the window waiting for an answer, or the actions of
the Activation phase."""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.frames import FrameClosed
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.settle import settle
from rules.core.visibility import only
from rules.orders import actions as act
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.abilities import use_ability
from rules.orders.activation import activate, assign, buy, finish, pass_round, take_discard
from rules.orders.bag import draw
from rules.orders.barriers import element_target, fighter_edge_target
from rules.orders.capture import capture_attempt, torture
from rules.orders.close_combat import fight, fight_barrier
from rules.orders.combined_move import move_helpers
from rules.orders.deployment import deploy, face
from rules.orders.duels import answer_bid, ask, decline
from rules.orders.exits import exit_map
from rules.orders.flow import Flow
from rules.orders.frames import BidWindow, InitiativeOffer, InterruptOffer, InterruptWindow
from rules.orders.interact import interact
from rules.orders.interruptions import (
    ask_interrupt,
    assign_tile,
    end_interruption,
    order_refused,
)
from rules.orders.ips_moves import mines_entered
from rules.orders.missions import check_missions
from rules.orders.movement import move
from rules.orders.pause import STEPS
from rules.orders.scrambling import place_markers, power_check, reveal_due
from rules.orders.search import search
from rules.orders.search_windows import answer_window
from rules.orders.seats import seat_label
from rules.orders.shooting import shoot
from rules.orders.state import (
    HAND_LIMIT,
    DropWindow,
    RadioWindow,
    RedrawWindow,
    ReduceWindow,
    SearchWindow,
    SpyWindow,
)
from rules.orders.transfers import give, pick_up
from rules.orders.turns import after_reduce, receive_cp

ORDERS = (
    act.Move,
    act.Fight,
    act.Smash,
    act.Capture,
    act.Torture,
    act.Shoot,
    act.Search,
    act.Give,
    act.PickUp,
    act.Exit,
    act.Interact,
    act.UseAbility,
)


ROUND_ACTIONS = (
    act.Activate,
    act.Assign,
    act.EndRound,
    act.Pass,
    act.BuyTile,
    act.TakeDiscard,
    *ORDERS,
)


def decide(flow: Flow, seat: str, action: Action) -> Rejection | None:
    """Decide ``action``; once accepted, pending steps carry on until somebody must
    answer (a paused walk resumes, a duel goes on), then every mission it fulfilled is
    scored."""
    problem = _decide(flow, seat, action)
    if problem is None and not flow.trial:
        settle(flow, STEPS)
        if not flow.over:
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
        if isinstance(window, InterruptOffer | InitiativeOffer | BidWindow):
            return _duel_answer(flow, seat, window, action)
        if isinstance(window, InterruptWindow):
            return _interrupting(flow, seat, window, action)
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
    fallen = _fallen(flow, action)
    if fallen is not None:
        return fallen
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
        case (
            act.Move()
            | act.Fight()
            | act.Smash()
            | act.Capture()
            | act.Torture()
            | act.Shoot()
            | act.Search()
            | act.Give()
            | act.PickUp()
            | act.Exit()
            | act.Interact()
            | act.UseAbility()
        ):
            if state.activation is None:
                return reject(
                    RejectionCode.WRONG_PHASE,
                    "Activate a character first: `activate <character> [tile]`.",
                    rule.ACTIVATE,
                )
            return _order(flow, state.activation.fighter, action, interrupting=False)
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


INTERRUPTER_ORDERS = (
    act.Move,
    act.Shoot,
    act.Fight,
    act.Smash,
    act.Capture,
    act.Interact,
    act.UseAbility,
)
"""The orders an interrupting character may give (red and gold sections; an ability, paid
onto the card, is one of its 2 orders too). Searching, torture and hand-overs wait for
the character's own activation (reading)."""


def _order(flow: Flow, fighter_id: str, action: Action, interrupting: bool) -> Rejection | None:
    """An order given to the acting character: the activated one, or an interrupting one
    (red and gold sections only)."""
    state = flow.state
    fighter = state.fighter(fighter_id)
    match action:
        case act.Move():
            helped = move_helpers(flow, fighter_id, action.joined, interrupting)
            if helped is not None:
                return helped
            before = fighter.square
            moved = move(flow, fighter_id, action.to, action.facing, action.cp, interrupting)
            if moved is None and not flow.trial:
                mines_entered(flow, fighter_id, before)
            return moved
        case act.Interact():
            return interact(
                flow,
                fighter_id,
                action.target,
                action.line,
                action.cp,
                action.on,
                interrupting,
                action.joined,
            )
        case act.UseAbility():
            return use_ability(flow, fighter_id, action.ability, action.line, action.on)
        case act.Shoot():
            return shoot(flow, fighter_id, action, interrupting)
        case act.Search():
            return search(flow, fighter_id, action.cp, action.joined, action.where)
        case act.Give():
            return give(flow, fighter_id, action.item, action.to)
        case act.PickUp():
            return pick_up(flow, fighter_id, action.item)
        case act.Exit():
            return exit_map(flow, fighter_id, action.via, action.cp)
        case act.Fight():
            return fight(flow, fighter_id, action.enemy, action.cp, action.helpers, interrupting)
        case act.Capture():
            return capture_attempt(flow, fighter_id, action.enemy, action.cp, interrupting)
        case act.Torture():
            return torture(flow, fighter_id, action.prisoner, action.cp, action.joined)
        case act.Smash():
            if fighter.square is None:
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"{fighter.id} is not on the map.",
                    rule.CLOSE_COMBAT,
                )
            if action.part == "element":
                target = element_target(state, state.squares_of(fighter), action.element)
            else:
                assert action.side is not None
                target = fighter_edge_target(state, fighter, action.part, action.side, action.at)
            return fight_barrier(flow, fighter_id, target, action.cp, interrupting)
    return reject(RejectionCode.WRONG_PHASE, "That is not an order.")


def _duel_answer(
    flow: Flow, seat: str, window: InterruptOffer | InitiativeOffer | BidWindow, action: Action
) -> Rejection | None:
    match window, action:
        case InterruptOffer(), act.AskInterrupt():
            return ask_interrupt(flow, seat, window, action.fighter, action.cp)
        case InitiativeOffer(), act.DemandInitiative():
            return ask(flow, seat, window, action.cp)
        case InterruptOffer() | InitiativeOffer(), act.Decline():
            return decline(flow, seat, window)
        case BidWindow(), act.Bid():
            return answer_bid(flow, seat, window, action.cp, action.facing)
    if isinstance(window, BidWindow):
        what = f"`bid <n>` ({window.mover} is paused: `bid <n> face <side>` turns it too)"
        if window.mover is None:
            what = "`bid <n>` to keep the initiative"
        return reject(RejectionCode.WRONG_PHASE, f"A duel is asked: answer {what}.", rule.DUEL)
    if isinstance(window, InitiativeOffer):
        return reject(
            RejectionCode.WRONG_PHASE,
            "Demand the initiative with a secret bid (`demand bid <n>`) or `let pass`.",
            rule.DUEL_MANY,
        )
    return reject(
        RejectionCode.WRONG_PHASE,
        f"{window.mover} may be interrupted: `interrupt <character> bid <n>` or `let pass`.",
        rule.INTERRUPT,
    )


def _interrupting(
    flow: Flow, seat: str, window: InterruptWindow, action: Action
) -> Rejection | None:
    match action:
        case act.EndRound():
            return end_interruption(flow, window)
        case act.Assign():
            return assign_tile(flow, seat, window, action.tile)
    if isinstance(action, INTERRUPTER_ORDERS):
        return order_refused(flow.state) or _order(flow, window.fighter, action, True)
    return reject(
        RejectionCode.WRONG_PHASE,
        f"{window.fighter} interrupts {window.mover}: `assign <tile>`, up to 2 red or gold"
        " orders (`move to <square>`, `interact <item>`) or abilities (`ability <name>`),"
        " then `done`.",
        rule.INTERRUPTING,
    )


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
