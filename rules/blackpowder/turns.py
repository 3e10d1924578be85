"""Turns and goes (readings 4 and 6): the side that deployed second goes first; players
alternate, one card a go; a turn ends when the draw pile and both hands are empty; the
game ends after the scenario's turns (:mod:`rules.blackpowder.victory` names the winner)."""

from __future__ import annotations

from rules.blackpowder.deck import draw_up, shuffle
from rules.blackpowder.events import ActivationClosed, GoBegan, GoSkipped, TurnBegan, TurnEnded
from rules.blackpowder.flow import Flow
from rules.blackpowder.scenarios import last_turn
from rules.blackpowder.state import BPState
from rules.blackpowder.victory import end_of_battle
from rules.core.events import GameEnded


def first_seat(state: BPState) -> str:
    """The seat that deployed second (reading 4)."""
    return state.seats[1]


def holds_cards(state: BPState, seat: str) -> bool:
    player = state.player(seat)
    return bool(player.hand or player.reserve)


def turn_over(state: BPState) -> bool:
    """The draw pile and both hands are empty (a reserve does not count, reading 6)."""
    return not state.draw_pile and not any(p.hand for p in state.players)


def begin_turn(flow: Flow, turn: int) -> None:
    """A new turn: smoke off, the deck shuffled, both hands drawn, the first go."""
    flow.emit(TurnBegan(turn=turn))
    shuffle(flow)
    first = first_seat(flow.state)
    for seat in (first, flow.state.enemy(first)):
        draw_up(flow, seat)
    flow.emit(GoBegan(seat=first))


def end_go(flow: Flow) -> None:
    """The go's player draws back up to 3; the other player has the next go (a player
    holding no card in hand or reserve passes), or the turn ends."""
    state = flow.state
    seat = state.go
    assert seat is not None
    if state.activation is not None:
        flow.emit(ActivationClosed())
    draw_up(flow, seat)
    state = flow.state
    if turn_over(state):
        end_turn(flow)
        return
    other = state.enemy(seat)
    if holds_cards(state, other):
        flow.emit(GoBegan(seat=other))
        return
    flow.emit(GoSkipped(seat=other))
    if holds_cards(state, seat):
        flow.emit(GoBegan(seat=seat))
        return
    end_turn(flow)


def end_turn(flow: Flow) -> None:
    state = flow.state
    flow.emit(TurnEnded(turn=state.turn))
    if state.turn >= last_turn(state):
        end_of_battle(flow)
        return
    begin_turn(flow, state.turn + 1)


def end_if_wiped_out(flow: Flow) -> None:
    """The game ends when a side has no unit left on the table (reading 32)."""
    state = flow.state
    if flow.over or state.phase != "play":
        return
    left = [seat for seat in state.seats if state.on_table(seat)]
    if len(left) == len(state.seats):
        return
    flow.emit(
        GameEnded(
            winners=tuple(left),
            reason="The battle is over: "
            + ("no side" if not left else "only one side")
            + " has units left on the table.",
        )
    )
