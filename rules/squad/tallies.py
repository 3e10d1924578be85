"""The public counts per seat: points of enemy units destroyed and models lost.

Both are public once the forces are on the table: kills are scored as they happen and
every model is in every view.
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
    return (Tally(label="Points destroyed", counts=points), Tally(label="Models lost", counts=lost))
