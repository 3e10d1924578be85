"""What a player catching up compares: models lost and mission points, per seat.

Both are public once the battle is under way: every unit's starting and living models
are in every view, and scoring is announced as it happens.
"""

from __future__ import annotations

from rules.core.tallies import Tally
from rules.wasteland.state import WastelandState


def tallies(state: WastelandState) -> tuple[Tally, ...]:
    if not state.units:  # army lists are still secret drafts
        return ()
    lost = tuple(
        (seat, sum(u.starting - len(u.living) for u in state.units_of(seat)))
        for seat in state.seats
    )
    found: list[Tally] = [Tally(label="Models lost", counts=lost)]
    if state.scores:
        points = tuple((seat, state.scores.get(seat, 0)) for seat in state.seats)
        found.append(Tally(label="Mission points", counts=points))
    return tuple(found)
