"""Stairs between levels ([19]): which stair tile corresponds to which, and how far apart
two squares are when stairs may lie between them.

Readings:
- Corresponding stair tiles lie one above the other (``rules.orders.layout``); each
  square of one is joined to the square straight above or below it, which is where a
  character climbing or descending arrives.
- Sight, close combat, shots and blasts reach *the whole* corresponding tile: from any
  square of a stair tile to any square of the tile it corresponds to, at a range of 1.
- Elsewhere two squares on different levels are as far apart as the cheapest way over
  stairs: steps to a stair square, 1 to climb, steps on from its other end. Only the
  automatic player and the least distance between deployed markers use this.
"""

from __future__ import annotations

from rules.grid.ranges import steps
from rules.grid.squares import Square
from rules.orders.ground import Ground

STAIR_TERRAINS = ("stairs_up", "stairs_down")


def matching_tile(ground: Ground, square: Square) -> tuple[Square, ...]:
    """The squares of the stair tile corresponding to the one ``square`` lies on (none
    when ``square`` is on no stair tile or its tile leads nowhere)."""
    tile = ground.tile_at(square)
    if tile is None or tile.tile.terrain not in STAIR_TERRAINS:
        return ()
    ends = ground.board.stair_ends(square)
    if not ends:
        return ()
    other = ground.tile_at(ends[0])
    return () if other is None else ground.cells(other)


def across_stairs(ground: Ground, a: Square, b: Square) -> bool:
    """Whether ``a`` and ``b`` stand on corresponding stair tiles of two levels."""
    return a.level != b.level and b in matching_tile(ground, a)


def span(ground: Ground, a: Square, b: Square) -> int | None:
    """The range in squares from ``a`` to ``b``: counted on one level, 1 across stairs,
    ``None`` between other squares of two levels."""
    if a.level == b.level:
        return steps(a, b)
    return 1 if across_stairs(ground, a, b) else None


def separation(ground: Ground, a: Square, b: Square) -> int:
    """Squares between ``a`` and ``b`` counting each climb as 1 (module notes); a large
    number when no stairs join their levels."""
    if a.level == b.level:
        return steps(a, b)
    best = FAR
    for stair in ground.board.stairs:
        for near, far in ((stair.a, stair.b), (stair.b, stair.a)):
            if near.level == a.level and far.level == b.level:
                best = min(best, steps(a, near) + 1 + steps(far, b))
    return best


FAR = 10_000
"""What :func:`separation` answers for levels no stairs join."""
