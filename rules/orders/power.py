"""Electricity ([11.6]): which floor elements have power.

Readings: the building has one power grid: the tiles printed as on it (``powered``). The
power is cut while an element that interrupts the power (a generator) is destroyed, and
comes back when a line restores it (a fuse board): each restore makes good every cut made
so far, so destroying a second generator cuts it again. An element that needs power, or a
line with the ``powered`` condition, works only on a tile of the grid while the power is on.
"""

from __future__ import annotations

from rules.grid.squares import Square
from rules.orders.ips_places import elements
from rules.orders.state import OrdersState


def cuts(state: OrdersState) -> int:
    """How many power-interrupting elements are destroyed (each one a cut)."""
    if state.ground is None:
        return 0
    board = state.ground.board
    destroyed = [f.squares for f in board.floor if f.destroyed]
    return sum(
        1
        for placed in elements(state.ground)
        if placed.element.interrupt_power and placed.squares in destroyed
    )


def power_on(state: OrdersState) -> bool:
    """Whether the building's power is on (every cut made good)."""
    return cuts(state) <= state.ips.power_restored


def powered(state: OrdersState, square: Square) -> bool:
    """Whether the tile at ``square`` has power now."""
    if state.ground is None:
        return False
    tile = state.ground.tile_at(square)
    return tile is not None and tile.tile.powered and power_on(state)
