"""Counting squares between two squares of the same level.

``steps`` counts orthogonal moves ignoring walls (what a figure walking an open floor would
spend). ``distance`` is the range used for targeting: the source's targeting section
([09.2]) defers to its targeting rules without saying how squares are counted, so the
reading chosen is the count of squares a king's move at a time, diagonals counting 1 (the
larger of the column and row differences). Two adjacent squares, orthogonal or diagonal,
are at distance 1; a square is at distance 0 from itself.
"""

from __future__ import annotations

from rules.grid.squares import Square


def _same_level(a: Square, b: Square) -> None:
    if a.level != b.level:
        raise ValueError(f"{a} and {b} are on different levels")


def steps(a: Square, b: Square) -> int:
    """Orthogonal steps from ``a`` to ``b``, walls ignored."""
    _same_level(a, b)
    return abs(a.x - b.x) + abs(a.y - b.y)


def distance(a: Square, b: Square) -> int:
    """Range in squares from ``a`` to ``b``, diagonal steps counting 1."""
    _same_level(a, b)
    return max(abs(a.x - b.x), abs(a.y - b.y))
