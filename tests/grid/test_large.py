"""Large miniatures filling a 2 x 2 block."""

from __future__ import annotations

from rules.grid.facing import Facing
from rules.grid.large import Block, adjacent_to_block, block_fits, block_sees, sees_block
from rules.grid.squares import Square
from tests.grid.pictures import board_from


def _names(squares: tuple[Square, ...]) -> list[str]:
    return [str(s) for s in squares]


def test_a_block_fills_four_squares_with_a_front_and_a_rear() -> None:
    block = Block(corner=Square(x=1, y=1))
    assert _names(block.squares) == ["B2", "C2", "B3", "C3"]
    assert _names(block.front(Facing.NORTH)) == ["B2", "C2"]
    assert _names(block.rear(Facing.NORTH)) == ["B3", "C3"]
    assert _names(block.front(Facing.EAST)) == ["C2", "C3"]
    assert _names(block.front(Facing.WEST)) == ["B2", "B3"]
    moved = block.moved(Facing.SOUTH)
    assert moved is not None and _names(moved.squares) == ["B3", "C3", "B4", "C4"]
    assert Block(corner=Square(x=0, y=0)).moved(Facing.WEST) is None


def test_a_block_fits_only_on_free_floor_with_no_wall_inside_it() -> None:
    board, _ = board_from(
        """
. . . .

. .|. .

. # . .
"""
    )
    assert block_fits(board, Block(corner=Square(x=0, y=0)))
    assert not block_fits(board, Block(corner=Square(x=1, y=0)))  # wall B2|C2 inside
    assert not block_fits(board, Block(corner=Square(x=0, y=1)))  # B3 blocks movement
    assert not block_fits(board, Block(corner=Square(x=3, y=0)))  # off the board
    free = Block(corner=Square(x=2, y=1))
    assert block_fits(board, free)
    assert not block_fits(board, free, impassable=frozenset({Square(x=3, y=2)}))


def test_adjacency_to_a_block_means_to_any_of_its_squares() -> None:
    board, m = board_from(
        """
. . . .

. . . a
     -
. . . b
"""
    )
    block = Block(corner=Square(x=1, y=1))  # B2 C2 B3 C3
    assert adjacent_to_block(board, m["a"], block)
    assert adjacent_to_block(board, m["b"], block)
    assert adjacent_to_block(board, Square(x=1, y=0), block)
    assert not adjacent_to_block(board, Square(x=0, y=0), block)  # diagonal to B2
    assert not adjacent_to_block(board, Square(x=1, y=1), block)  # its own square
    walled, _ = board_from(
        """
. .|a

. . .
"""
    )
    assert not adjacent_to_block(walled, Square(x=2, y=0), Block(corner=Square(x=0, y=0)))
    assert adjacent_to_block(walled, Square(x=2, y=1), Block(corner=Square(x=0, y=0)))


def test_sight_to_and_from_a_block_needs_a_line_to_one_of_its_squares() -> None:
    board, m = board_from(
        """
v . . .
-
. . . .

. . . .
"""
    )
    block = Block(corner=Square(x=2, y=1))  # C2 D2 C3 D3
    figures = frozenset(block.squares)
    assert sees_block(board, m["v"], block, figures)  # its own squares do not hide it
    assert block_sees(board, block, m["v"], figures)
    # figures on B1, C1 and B2 screen every line from A1 (the wall under A1 shuts the way
    # round past A2)
    screen = frozenset({Square(x=1, y=0), Square(x=2, y=0), Square(x=1, y=1)})
    assert not sees_block(board, m["v"], block, screen)
    assert not block_sees(board, block, m["v"], screen)


def test_a_block_sees_only_from_the_squares_it_is_told_to() -> None:
    board, m = board_from(
        """
v . . .
  -
. . . .
"""
    )
    block = Block(corner=Square(x=2, y=0))  # C1 D1 C2 D2
    c1, c2 = Square(x=2, y=0), Square(x=2, y=1)
    assert block_sees(board, block, m["v"], origins=(c1,))
    assert not block_sees(board, block, m["v"], origins=(c2,))  # the wall under B1
    assert not block_sees(board, block, m["v"], origins=(Square(x=0, y=1),))  # not its own
