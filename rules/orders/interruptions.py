"""Interruptions ([10.2]-[10.4]): the chance offered when the activated character meets
a new trigger, and the interruption a won duel gives.

The walking character stops on the trigger square (``movement``); each player with an
eligible character is asked in turn, clockwise from the first seat ([21.4]); whoever asks
bids secretly, the active player bids back (and may turn its character, [10.4]), and the
bids are revealed together (``duels``). The winner's character interrupts: while its
window is open it is the acting character (``OrdersState.acting``), may be assigned one
new tile (one per character per activation round, however many interruptions) and
executes up to 2 red or gold orders; ``done`` ends it and the paused character resumes.

Readings: one duel settles each stop, however many players asked (the askers and the
active player bid together); when the interruption ends, what the characters see of the
paused one then is noted as met, so moving into its sight while interrupting sets off no
chance later. A large miniature with a rotating cost may not turn freely when its duel is
asked ([16]): a bid turning one is refused (``duels.answer_bid``).
"""

from __future__ import annotations

from rules.core.frames import FrameClosed, Window
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.duels import ask, clockwise, first_seat, open_duel
from rules.orders.flow import Flow
from rules.orders.frames import Chance, InterruptOffer, InterruptWindow
from rules.orders.state import OrdersState
from rules.orders.triggers import watching

MAX_ORDERS = 2


def open_offers(flow: Flow, mover_id: str, square: Square, chances: tuple[Chance, ...]) -> None:
    state = flow.state
    mover = state.fighter(mover_id)
    by_seat: dict[str, list[Chance]] = {}
    for chance in chances:
        by_seat.setdefault(state.fighter(chance.fighter).seat, []).append(chance)
    offers: list[Window] = [
        InterruptOffer(seat=seat, mover=mover_id, square=square, chances=tuple(by_seat[seat]))
        for seat in clockwise(state, first_seat(state))
        if seat in by_seat
    ]
    open_duel(flow, "interrupt", mover.seat, offers, mover_id)


def ask_interrupt(
    flow: Flow, seat: str, window: InterruptOffer, fighter: str, cp: int
) -> Rejection | None:
    allowed = [c.fighter for c in window.chances]
    if fighter not in allowed:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{fighter} has no interruption trigger now; only {', '.join(allowed)} may"
            f" interrupt {window.mover}.",
            rule.INTERRUPT,
        )
    return ask(flow, seat, window, cp, fighter)


def assign_tile(flow: Flow, seat: str, window: InterruptWindow, tile: str) -> Rejection | None:
    fighter = flow.state.fighter(window.fighter)
    if fighter.tile_this_round:
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{fighter.id} was already assigned a new order tile this activation round, even"
            " counting other interruptions.",
            rule.INTERRUPTING,
        )
    if tile not in flow.state.player(seat).hand:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"You have no `{tile}` order tile behind your screen.",
            rule.INTERRUPTING,
        )
    if not flow.trial:
        flow.emit(ev.TileAssigned(fighter=fighter.id, tile=tile))
    return None


def order_refused(state: OrdersState) -> Rejection | None:
    """Why the interrupting character may give no more orders, if it may not."""
    interruption = state.interruption
    if interruption is not None and interruption.orders >= MAX_ORDERS:
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{interruption.fighter} has executed its {MAX_ORDERS} orders of this"
            " interruption: say `done`.",
            rule.INTERRUPTING,
        )
    return None


def end_interruption(flow: Flow, window: InterruptWindow) -> Rejection | None:
    if flow.trial:
        return None
    flow.emit(ev.InterruptEnded(fighter=window.fighter, mover=window.mover))
    mover = flow.state.fighter(window.mover)
    seen = tuple(k for k in watching(flow.state, mover) if k not in flow.state.watched)
    if seen:
        flow.emit(ev.Watched(keys=seen))
    flow.emit(FrameClosed(answer="done"))
    return None
