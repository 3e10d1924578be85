"""The public counts per seat: Command Points in hand and characters lost.

Both are public: Command Points are announced as they are rolled and spent, and every
character's health row is on the board.
"""

from __future__ import annotations

from rules.core.tallies import Tally
from rules.tannhauser.state import TannhauserState


def tallies(state: TannhauserState) -> tuple[Tally, ...]:
    found: list[Tally] = []
    if state.command_points:
        points = tuple((seat, state.command_points.get(seat, 0)) for seat in state.seats)
        found.append(Tally(label="CP", counts=points))
    if state.tokens:
        lost = tuple(
            (seat, sum(1 for t in state.tokens.values() if t.seat == seat and t.dead))
            for seat in state.seats
        )
        found.append(Tally(label="Characters lost", counts=lost))
    return tuple(found)
