"""What the dashboard and a catch-up count per seat: the command pool, the cards in hand
and held back (how many: which ones stay secret), and the models fallen or fleeing that
count towards breaking a side (reading 65). All of it is public."""

from __future__ import annotations

from rules.blackpowder.state import BPState
from rules.blackpowder.victory import lost
from rules.core.tallies import Tally


def tallies(state: BPState) -> tuple[Tally, ...]:
    if not state.players:
        return ()
    seats = state.seats
    return (
        Tally(label="Command points", counts=tuple((s, state.player(s).points) for s in seats)),
        Tally(label="Cards in hand", counts=tuple((s, len(state.player(s).hand)) for s in seats)),
        Tally(
            label="Cards held back", counts=tuple((s, len(state.player(s).reserve)) for s in seats)
        ),
        Tally(label="Models fallen or fleeing", counts=tuple((s, lost(state, s)) for s in seats)),
    )
