"""The turn: the Initiative phase [01], activation rounds [02] and the Final phase [03]."""

from __future__ import annotations

from rules.core.events import GameEnded
from rules.core.frames import FrameOpened
from rules.core.visibility import only
from rules.orders import events as ev
from rules.orders.bag import draw
from rules.orders.doorways import doorway_held
from rules.orders.duels import MANY, first_seat, open_initiative
from rules.orders.flow import Flow
from rules.orders.missions import check_missions
from rules.orders.state import HAND_LIMIT, RedrawWindow, ReduceWindow
from rules.orders.timers import final_effects, initiative_effects


def initiative_seat(flow: Flow) -> str:
    """Who has the initiative as the turn begins: the defender in a 2-player game
    ([20.4]); with 3 or 4 players the first seat, until an initiative duel ([21.4]) of
    the Initiative phase gives it to somebody else."""
    return first_seat(flow.state)


def in_turn_order(flow: Flow, first: str) -> tuple[str, ...]:
    seats = flow.state.seats_in_play()
    start = seats.index(first) if first in seats else 0
    return seats[start:] + seats[:start]


def begin_turn(flow: Flow) -> None:
    """[01] Initiative phase: draws to 5 tiles, the first turn's redraw, CP."""
    turn = flow.state.turn + 1
    first = initiative_seat(flow)
    flow.emit(ev.TurnBegan(turn=turn, initiative=first))
    order = in_turn_order(flow, first)
    for seat in order:
        missing = HAND_LIMIT - len(flow.state.player(seat).hand)
        if missing > 0:
            draw(flow, seat, missing)
    if turn == 1:
        # the initiative player answers first: its window goes on top
        for seat in reversed(order):
            flow.emit(FrameOpened(frame=RedrawWindow(seat=seat)))
        return
    receive_cp(flow)


def receive_cp(flow: Flow) -> None:
    """[01] step 01 CP: the base allowance and each controlled character's bonus CP; then,
    with 3 or 4 players, the initiative duels ([21.4]); then the initiative player starts
    the Activation phase."""
    state = flow.state
    for seat in in_turn_order(flow, state.initiative or state.seats[0]):
        bonus = sum(state.side_of(f).bonus_cp for f in state.standing(seat))
        flow.emit(ev.CpReceived(seat=seat, base=state.base_cp, bonus=bonus, visibility=only(seat)))
    initiative_effects(flow)
    if len(state.seats_in_play()) >= MANY:
        open_initiative(flow)
        return
    flow.emit(ev.RoundBegan(seat=flow.state.initiative or state.seats[0]))


def end_round(flow: Flow, passed: bool = False) -> None:
    """After one activation round: sliding doors opened in it close by themselves
    (unless a large miniature holds the doorway, ``doorways``), and the
    next player in turn order is active; once every player has passed in succession the
    Final phase follows ([02])."""
    state = flow.state
    seat = state.active or state.seats[0]
    for a, b in state.sliding_opened:
        if not doorway_held(state, a, b):
            flow.emit(ev.DoorClosed(a=a, b=b, by_itself=True))
    flow.emit(ev.RoundEnded(seat=seat, passed=passed))
    if flow.state.passes >= len(flow.state.seats_in_play()):
        final_phase(flow)
        return
    flow.emit(ev.RoundBegan(seat=flow.state.next_seat(seat)))


def final_phase(flow: Flow) -> None:
    """[03]: victory at the last turn (once the tile-holding missions have scored), cards
    disengaged, tiles discarded, CP returned; then players over the 5-tile limit discard;
    timers and the other Final phase effects ([03] step 06, [11.5])."""
    if flow.state.turn >= flow.state.turns:
        check_missions(flow, at_end=True)
    final_effects(flow)
    state = flow.state
    if state.turn >= state.turns:
        best = max(p.mp for p in state.players if p.seat in state.seats_in_play())
        winners = tuple(
            p.seat for p in state.players if p.mp == best and p.seat in state.seats_in_play()
        )
        flow.emit(
            ev.FinalPhase(turn=state.turn, discarded=_assigned(flow)),
            GameEnded(winners=winners, reason=f"after turn {state.turn}, most MP ({best})"),
        )
        return
    flow.emit(ev.FinalPhase(turn=state.turn, discarded=_assigned(flow)))
    over = [p.seat for p in flow.state.players if len(p.hand) > HAND_LIMIT]
    for seat in reversed(over):
        flow.emit(FrameOpened(frame=ReduceWindow(seat=seat)))
    if not over:
        after_reduce(flow)


def after_reduce(flow: Flow) -> None:
    """[03] steps 05-07 once every discard is made: kept tiles announced, next turn."""
    for player in flow.state.players:
        if player.seat in flow.state.seats_in_play():
            flow.emit(ev.TilesKept(seat=player.seat, count=len(player.hand)))
    begin_turn(flow)


def _assigned(flow: Flow) -> int:
    return sum(len(f.tiles) for f in flow.state.fighters)
