"""Duels ([10.1], [21.4]): secret CP bids that settle contested timing, and the
initiative duel of the 3-4 player games.

Every player in a duel bids secretly (the asker at least 1 CP); the bids are kept in the
state (``OrdersState.duel``), told to their bidder alone, then shown together in one
public event, and all go back to the bank. The highest bid wins. With two players a tie
means nothing happens; with 3 or 4 the tied bidder with the fewest CP left behind the
screen wins, and a tie that remains means nobody wins.

Readings: the CP left that break a tie are counted after the bids went back to the bank,
and are always shown (nobody forfeits); the first seat ([21.4]'s indoor band) is the
defender's seat when there is one, else the first seat in play; the initiative holder
bids against those who demand it, and when nobody wins it keeps the marker; a player with
no CP behind the screen cannot ask for a duel (the asker bids at least 1) and is not
asked.
"""

from __future__ import annotations

from rules.core.frames import FrameClosed, FrameOpened, Window
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.frames import (
    Bid,
    BidWindow,
    DuelKind,
    DuelStep,
    InitiativeOffer,
    InterruptOffer,
    InterruptWindow,
)
from rules.orders.state import OrdersState

MANY = 3  # players from which the [21.4] tie-breaker applies
ASKER_LEAST = 1
"""The smallest bid of the player asking for a duel."""
ANSWER_LEAST = 0
"""The smallest bid of a player answering one."""


def first_seat(state: OrdersState) -> str:
    """The seat holding the initiative by default and asked first: the defender's seat,
    else the first seat in play."""
    playing = state.seats_in_play()
    defender = next((p.seat for p in state.players if p.side == "defender"), None)
    return defender if defender in playing else playing[0]


def clockwise(state: OrdersState, first: str) -> tuple[str, ...]:
    """The seats in play in turn order, starting with ``first``."""
    seats = state.seats_in_play()
    start = seats.index(first) if first in seats else 0
    return seats[start:] + seats[:start]


def winner(
    bids: tuple[Bid, ...], left: dict[str, int], many: bool
) -> tuple[str | None, tuple[ev.CpLeft, ...]]:
    """Who wins a duel and the CP left shown by the tied bidders ([10.1], [21.4])."""
    best = max(b.cp for b in bids)
    top = [b.seat for b in bids if b.cp == best]
    if len(top) == 1:
        return top[0], ()
    if not many:
        return None, ()
    shown = tuple(ev.CpLeft(seat=seat, cp=left[seat]) for seat in top)
    fewest = min(s.cp for s in shown)
    least = [s.seat for s in shown if s.cp == fewest]
    return (least[0] if len(least) == 1 else None), shown


def open_duel(
    flow: Flow, kind: DuelKind, seat: str, offers: list[Window], mover: str | None = None
) -> None:
    """A duel of ``kind`` against ``seat``: the offers are asked in order (the first on
    top), then ``run_duel`` carries on."""
    flow.emit(FrameOpened(frame=DuelStep(kind=kind, seat=seat, mover=mover)))
    for offer in reversed(offers):
        flow.emit(FrameOpened(frame=offer))


def run_duel(flow: Flow, step: DuelStep) -> None:
    """Once the offers are answered: nobody asked (the initiative goes to the round), or
    the defending seat bids; once it has, every bid is revealed and the winner acts."""
    duel = flow.state.duel
    if not step.bidding:
        if duel is None or not duel.bids:
            _after(flow, step, None)
            return
        flow.emit(FrameOpened(frame=step.model_copy(update={"bidding": True})))
        flow.emit(FrameOpened(frame=BidWindow(seat=step.seat, kind=step.kind, mover=step.mover)))
        return
    assert duel is not None
    state = flow.state
    left = {b.seat: state.player(b.seat).cp - b.cp for b in duel.bids}
    won, shown = winner(duel.bids, left, len(state.seats_in_play()) >= MANY)
    flow.emit(ev.DuelRevealed(kind=step.kind, bids=duel.bids, left=shown, winner=won))
    _after(flow, step, next((b for b in duel.bids if b.seat == won), None))


def _after(flow: Flow, step: DuelStep, won: Bid | None) -> None:
    if step.kind == "initiative":
        if won is not None and won.seat != flow.state.initiative:
            flow.emit(ev.InitiativeTaken(seat=won.seat))
        flow.emit(ev.RoundBegan(seat=flow.state.initiative or flow.state.seats[0]))
        return
    if won is None or won.seat == step.seat or won.fighter is None or step.mover is None:
        return
    flow.emit(ev.InterruptBegan(fighter=won.fighter, mover=step.mover))
    window = InterruptWindow(seat=won.seat, fighter=won.fighter, mover=step.mover)
    flow.emit(FrameOpened(frame=window))


def open_initiative(flow: Flow) -> None:
    """[21.4] after the CP are received, each player after the holder, clockwise, may
    demand the initiative; with nobody able to, the Activation phase begins."""
    state = flow.state
    holder = state.initiative or first_seat(state)
    offers: list[Window] = [
        InitiativeOffer(seat=seat, holder=holder)
        for seat in clockwise(state, holder)[1:]
        if state.player(seat).cp >= ASKER_LEAST
    ]
    if not offers:
        flow.emit(ev.RoundBegan(seat=holder))
        return
    open_duel(flow, "initiative", holder, offers)


def _affordable(flow: Flow, seat: str, cp: int, least: int, why: str) -> Rejection | None:
    have = flow.state.player(seat).cp
    if cp < least:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"The player asking for a duel bids at least {least} CP, not {cp}.",
            rule.DUEL,
        )
    if cp > have:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            f"You have {have} CP behind your screen; you cannot bid {cp} {why}.",
            rule.DUEL,
        )
    return None


def ask(
    flow: Flow, seat: str, window: Window, cp: int, fighter: str | None = None
) -> Rejection | None:
    """``seat`` asks for the duel its offer is about, bidding ``cp`` secretly."""
    kind: DuelKind = "interrupt" if isinstance(window, InterruptOffer) else "initiative"
    mover = window.mover if isinstance(window, InterruptOffer) else None
    problem = _affordable(flow, seat, cp, ASKER_LEAST, f"to {'interrupt' if mover else 'take it'}")
    if problem is not None or flow.trial:
        return problem
    flow.emit(ev.DuelAsked(kind=kind, seat=seat, fighter=fighter, mover=mover))
    bid = Bid(seat=seat, cp=cp, fighter=fighter)
    flow.emit(ev.BidMade(kind=kind, bid=bid, visibility=only(seat)))
    flow.emit(FrameClosed(answer="asked"))
    return None


def decline(flow: Flow, seat: str, window: Window) -> Rejection | None:
    if not isinstance(window, InterruptOffer | InitiativeOffer):
        return reject(RejectionCode.WRONG_PHASE, "There is no duel to decline now.", rule.DUEL)
    if flow.trial:
        return None
    kind: DuelKind = "interrupt" if isinstance(window, InterruptOffer) else "initiative"
    mover = window.mover if isinstance(window, InterruptOffer) else None
    flow.emit(ev.DuelDeclined(kind=kind, seat=seat, mover=mover))
    flow.emit(FrameClosed(answer="declined"))
    return None


def answer_bid(
    flow: Flow, seat: str, window: BidWindow, cp: int, facing: Facing | None
) -> Rejection | None:
    """The defending seat's secret bid; in an interruption duel it may turn the paused
    character first ([10.4])."""
    problem = _affordable(flow, seat, cp, ANSWER_LEAST, "in this duel")
    if problem is not None:
        return problem
    if facing is not None and window.mover is None:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Only an interruption duel lets you turn a character with your bid.",
            rule.PAUSE,
        )
    if facing is not None and window.mover is not None:
        mover = flow.state.fighter(window.mover)
        turning = flow.state.characters[mover.character].rotating_cost
        if turning is not None and facing != mover.facing:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{mover.id} {mover.name} is a large miniature with a rotating cost of"
                f" {turning}: it cannot turn freely when its duel is asked.",
                rule.LARGE,
            )
    if flow.trial:
        return None
    if facing is not None and window.mover is not None:
        flow.emit(ev.Faced(fighter=window.mover, facing=facing))
    bid = Bid(seat=seat, cp=cp)
    flow.emit(ev.BidMade(kind=window.kind, bid=bid, visibility=only(seat)))
    flow.emit(FrameClosed(answer="bid"))
    return None
