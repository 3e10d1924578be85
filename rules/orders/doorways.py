"""Doorways a large miniature holds ([05.1], [16]): a door cannot close while a large
miniature stands in its doorway, not even a sliding door shutting by itself at the end of
the round. Reading: the doorway is held when a square of a standing large character's
block lies on either side of the door; a sliding door held open stays open and shuts at
the end of the first later round in which its doorway is free."""

from __future__ import annotations

from rules.grid.squares import Square
from rules.orders.state import OrdersState


def doorway_held(state: OrdersState, a: Square, b: Square) -> bool:
    return any(
        a in state.squares_of(f) or b in state.squares_of(f)
        for f in state.standing()
        if state.is_large(f)
    )
