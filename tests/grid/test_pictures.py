"""The picture helper draws what it says, so the other grid tests can trust it."""

from __future__ import annotations

from rules.grid.edges import Door, Wall, WallKind
from rules.grid.squares import Square
from tests.grid.pictures import board_from


def test_a_picture_places_walls_doors_and_floor_elements() -> None:
    board, marks = board_from(
        """
a|.D#
  = d
o m b
"""
    )
    assert board.size.columns == 3 and board.size.rows == 2
    assert marks == {"a": Square(x=0, y=0), "b": Square(x=2, y=1)}
    a1, b1, c1 = (Square(x=x, y=0) for x in range(3))
    a2, b2, c2 = (Square(x=x, y=1) for x in range(3))
    assert board.barrier(a1, b1) == Wall()
    assert board.barrier(b1, c1) == Door(kind="wooden")
    assert board.barrier(a1, a2) is None
    assert board.barrier(b1, b2) == Wall(kind=WallKind.DOUBLE)
    assert board.barrier(c1, c2) == Door(kind="wooden", open=True)
    assert board.movement_blocked == {c1, b2}
    assert board.sight_blocked == {c1, a2}
