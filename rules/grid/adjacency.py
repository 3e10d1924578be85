"""Adjacency: squares sharing a side on the same level, not separated by a standing wall or
a closed door, and both on the board. Diagonals are never adjacent; stairs are not
adjacency (see :meth:`~rules.grid.board.Board.stair_ends`)."""

from __future__ import annotations

from rules.grid.board import Board
from rules.grid.facing import Facing, square_ahead
from rules.grid.squares import Square


def touching(square: Square) -> tuple[Square, ...]:
    """The up to four squares sharing a side with ``square``, north, east, south, west,
    ignoring walls and the board's far edges (never west of column A or north of row 1)."""
    ahead = (square_ahead(square, facing) for facing in Facing)
    return tuple(other for other in ahead if other is not None)


def neighbours(board: Board, square: Square) -> tuple[Square, ...]:
    """The squares adjacent to ``square`` on ``board``, north, east, south, west."""
    return tuple(
        other
        for other in touching(square)
        if board.on_board(other) and not board.walled(square, other)
    )


def adjacent(board: Board, a: Square, b: Square) -> bool:
    return board.on_board(a) and b in neighbours(board, a)
