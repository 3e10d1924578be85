"""Who wins (readings 24, 32 and 65): the scenario's aims, checked after every decision
(a side that must break the enemy wins as soon as the enemy has lost half of its starting
models, fallen or fleeing) and at the end of the last turn (objectives held, then a side
that had only to hold out, then the smaller share of losses). A game without a scenario
ends after its last turn with no winner, as it did before scenarios."""

from __future__ import annotations

import math
from fractions import Fraction

from rules.blackpowder.board import models_of
from rules.blackpowder.content.scenarios import ObjectiveDef
from rules.blackpowder.flow import Flow
from rules.blackpowder.scenarios import last_turn, side
from rules.blackpowder.seats import seat_label
from rules.blackpowder.state import BPState
from rules.core.events import GameEnded
from rules.core.wording import plural
from rules.geometry.units import PER_INCH, inches

OBJECTIVE_REACH = 3 * PER_INCH
"""A model within 3" of an objective (base edge to its point) is at it."""


def starting(state: BPState, seat: str) -> int:
    return sum(u.starting for u in state.units if u.seat == seat)


def lost(state: BPState, seat: str) -> int:
    """The seat's models fallen, or standing in units that flee."""
    fallen = sum(u.starting - len(u.models) for u in state.units if u.seat == seat)
    return fallen + sum(len(u.models) for u in state.on_table(seat) if u.fleeing)


def broken(state: BPState, seat: str) -> bool:
    """Half of the seat's starting models have fallen or flee (reading 65)."""
    return 2 * lost(state, seat) >= starting(state, seat) > 0


def holder(state: BPState, objective: ObjectiveDef) -> str | None:
    """The seat with a model within 3" of the objective and no enemy model there."""
    point = (inches(objective.at[0]), inches(objective.at[1]))
    near = {
        unit.seat
        for unit in state.on_table()
        for model in models_of(state, unit)
        if math.dist(model.centre, point) - model.radius <= OBJECTIVE_REACH
    }
    return next(iter(near)) if len(near) == 1 else None


def held(state: BPState, seat: str) -> tuple[str, ...]:
    assert state.scenario is not None
    return tuple(o.name for o in state.scenario.objectives if holder(state, o) == seat)


def _named(state: BPState, seat: str) -> str:
    own = side(state, seat)
    return f"{seat_label(seat)} ({own.name})" if own is not None else seat_label(seat)


def _losses(state: BPState, seat: str) -> str:
    return f"{lost(state, seat)} of {plural(starting(state, seat), 'model')} fallen or fleeing"


def end_if_broken(flow: Flow) -> None:
    """A side whose aim is to break the enemy wins as soon as the enemy is broken."""
    state = flow.state
    if flow.over or state.phase != "play" or state.scenario is None:
        return
    winners = []
    for seat in state.seats:
        own = side(state, seat)
        if own is not None and "break" in own.aims and broken(state, state.enemy(seat)):
            winners.append(seat)
    if not winners:
        return
    if len(winners) > 1:
        flow.emit(GameEnded(winners=(), reason="Both sides are broken at once: a draw."))
        return
    winner = winners[0]
    loser = state.enemy(winner)
    flow.emit(
        GameEnded(
            winners=(winner,),
            reason=f"{_named(state, winner)} has broken {_named(state, loser)}:"
            f" {_losses(state, loser)}.",
        )
    )


def end_of_battle(flow: Flow) -> None:
    """The last turn is over: the scenario's aims name the winner (reading 65)."""
    state = flow.state
    turns = last_turn(state)
    if state.scenario is None:
        flow.emit(
            GameEnded(
                winners=(),
                reason=f"The last of {turns} turns is over (reading 24: the"
                " scenarios that name a winner come later).",
            )
        )
        return
    winners, why = _verdict(state)
    flow.emit(GameEnded(winners=winners, reason=f"The last of {turns} turns is over: {why}"))


def _verdict(state: BPState) -> tuple[tuple[str, ...], str]:
    aims = {seat: own.aims for seat in state.seats if (own := side(state, seat)) is not None}
    holding = {seat: held(state, seat) for seat in state.seats}
    for seat in state.seats:
        enemy = state.enemy(seat)
        if "hold" in aims[seat] and len(holding[seat]) > len(holding[enemy]):
            places = ", ".join(holding[seat])
            return (seat,), (
                f"{_named(state, seat)} holds more objectives ({places}) than"
                f" {_named(state, enemy)} ({len(holding[enemy])})."
            )
    surviving = tuple(seat for seat in state.seats if "survive" in aims[seat])
    if len(surviving) == 1:
        return surviving, f"{_named(state, surviving[0])} has held out to the end."
    shares = {seat: Fraction(lost(state, seat), starting(state, seat) or 1) for seat in state.seats}
    first, second = state.seats
    if shares[first] == shares[second]:
        return (), (
            f"both sides lost the same share of their models ({_losses(state, first)};"
            f" {_losses(state, second)}): a draw."
        )
    winner = first if shares[first] < shares[second] else second
    loser = state.enemy(winner)
    return (winner,), (
        f"{_named(state, winner)} lost the smaller share of its models"
        f" ({_losses(state, winner)}; {_named(state, loser)}: {_losses(state, loser)})."
    )
