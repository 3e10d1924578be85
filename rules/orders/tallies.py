"""The public counts per seat: mission points and characters lost (dead or captured).

Command Points stay behind each player's screen, so they are no tally here.
"""

from __future__ import annotations

from rules.core.tallies import Tally
from rules.orders.state import OrdersState


def tallies(state: OrdersState) -> tuple[Tally, ...]:
    if not state.players:
        return ()
    seats = [p.seat for p in state.players]
    points = tuple((p.seat, p.mp) for p in state.players)
    lost = tuple(
        (
            seat,
            sum(
                1 for f in state.fighters if f.seat == seat and f.condition in ("dead", "captured")
            ),
        )
        for seat in seats
    )
    return (Tally(label="MP", counts=points), Tally(label="Characters lost", counts=lost))
