"""The public counts per seat: points of enemy units destroyed and models lost, and the
final score once the game is over.

All are public once the forces are on the table: kills are scored as they happen, every
model is in every view, and the final score is announced.
"""

from __future__ import annotations

from rules.core.tallies import Tally
from rules.squad.state import SquadState


def tallies(state: SquadState) -> tuple[Tally, ...]:
    if not state.units:  # the forces are still secret
        return ()
    points = tuple((seat, state.kills.get(seat, 0)) for seat in state.seats)
    lost = tuple(
        (seat, sum(len(u.models) - len(u.living) for u in state.units if u.seat == seat))
        for seat in state.seats
    )
    found = [
        Tally(label="Points destroyed", counts=points),
        Tally(label="Models lost", counts=lost),
    ]
    if state.scores:  # the final score, objectives held included, once the game is over
        final = tuple((seat, state.scores.get(seat, 0)) for seat in state.seats)
        found.append(Tally(label="Final score", counts=final))
    return tuple(found)
