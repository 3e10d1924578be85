"""Large miniatures: figures filling a 2 x 2 block of squares, named by the block's
north-west square. Adjacency and sight to a large miniature mean to any of its squares;
its own squares never hide one another, so they are left out of the blockers when a line
is drawn to or from the block."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.grid.adjacency import neighbours
from rules.grid.board import Board
from rules.grid.facing import Facing, square_ahead
from rules.grid.sight import in_sight
from rules.grid.squares import Square


class Block(BaseModel):
    """A 2 x 2 block with ``corner`` its north-west square."""

    model_config = ConfigDict(frozen=True)

    corner: Square

    @property
    def squares(self) -> tuple[Square, Square, Square, Square]:
        """North-west, north-east, south-west, south-east."""
        c = self.corner
        return (c, c.shifted(1, 0), c.shifted(0, 1), c.shifted(1, 1))

    def front(self, facing: Facing) -> tuple[Square, Square]:
        """The two squares on the side the block faces."""
        dx, dy = facing.step
        picked = [s for s in self.squares if _on_side(self.corner, s, dx, dy)]
        return (picked[0], picked[1])

    def rear(self, facing: Facing) -> tuple[Square, Square]:
        return self.front(facing.opposite)

    def moved(self, facing: Facing) -> Block | None:
        """The block one square further in ``facing`` (``None`` past column A or row 1)."""
        corner = square_ahead(self.corner, facing)
        return None if corner is None else Block(corner=corner)


def _on_side(corner: Square, square: Square, dx: int, dy: int) -> bool:
    """Whether ``square`` of the block at ``corner`` lies on the side toward ``(dx, dy)``."""
    if dx:
        return (square.x - corner.x) == (1 if dx > 0 else 0)
    return (square.y - corner.y) == (1 if dy > 0 else 0)


def block_fits(board: Board, block: Block, impassable: frozenset[Square] = frozenset()) -> bool:
    """The block lies on the board, on no square barred to movement, with no standing wall
    or closed door between its own squares."""
    squares = block.squares
    if not all(board.on_board(s) for s in squares):
        return False
    if any(s in impassable or s in board.movement_blocked for s in squares):
        return False
    nw, ne, sw, se = squares
    return not any(board.walled(a, b) for a, b in ((nw, ne), (sw, se), (nw, sw), (ne, se)))


def adjacent_to_block(board: Board, square: Square, block: Block) -> bool:
    """``square`` lies outside the block and is adjacent to one of its squares."""
    own = block.squares
    return square not in own and any(square in neighbours(board, s) for s in own)


def sees_block(
    board: Board, viewer: Square, block: Block, blockers: frozenset[Square] = frozenset()
) -> bool:
    """A figure on ``viewer`` has a clear line to at least one square of the block."""
    clear = blockers - frozenset(block.squares)
    return any(in_sight(board, viewer, s, clear) for s in block.squares)


def block_sees(
    board: Board,
    block: Block,
    target: Square,
    blockers: frozenset[Square] = frozenset(),
    origins: tuple[Square, ...] | None = None,
) -> bool:
    """A clear line runs to ``target`` from one of ``origins`` (by default every square of
    the block; games pass only the squares whose arc holds the target)."""
    own = block.squares
    starts = own if origins is None else tuple(s for s in origins if s in own)
    clear = blockers - frozenset(own)
    return any(in_sight(board, s, target, clear) for s in starts)
