"""Which squares a walking character finds filled: by enemies (barred), by friends (crossed
but not stopped on, [04.3]) and the void beyond the floor tiles (off the map, [05.4]).
Whole blocks for large characters ([16])."""

from __future__ import annotations

from rules.grid.squares import Square
from rules.orders.state import Fighter, OrdersState


def occupied(
    state: OrdersState, fighter: Fighter
) -> tuple[frozenset[Square], frozenset[Square], frozenset[Square]]:
    """The squares enemies fill (barred), friends fill (crossed but not stopped on) and
    the void (off the map), as ``fighter`` walks ([04.3])."""
    assert state.ground is not None
    ground = state.ground
    enemies = frozenset(
        s for f in state.standing() if f.seat != fighter.seat for s in state.squares_of(f)
    )
    friends = frozenset(
        s for f in state.standing(fighter.seat) if f.id != fighter.id for s in state.squares_of(f)
    )
    void = frozenset(
        Square(x=x, y=y)
        for x in range(ground.board.size.columns)
        for y in range(ground.board.size.rows)
        if not ground.floor(Square(x=x, y=y))
    )
    return enemies, friends, void
