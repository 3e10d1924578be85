"""Lines of sight from the centre of one square to the centre of another on the same level.

A line is blocked by
- any edge it crosses that carries a standing wall or a closed door;
- any square it passes through that blocks sight: the caller's ``blockers`` (occupied
  squares, say) and squares under a standing sight-blocking floor element. The two ends
  never block: a figure sees out of its own square and sees a figure standing on a
  blocking square.

Where the line passes exactly through a corner it slips between the two squares beside
the corner, and is blocked only if both are blocking. Reading chosen for walls at a
corner: the line may slip round either side of the corner, past one side square from the
square it leaves to the square it enters diagonally; one side is shut if its square blocks
or if either of the two edges between it and those squares blocks sight. The line is
blocked only if both sides are shut. So a straight wall running through the corner, or
two walls meeting there in an L around either end square, block the line; a wall that
merely ends at the corner does not.

Sight is symmetric: the line from ``b`` to ``a`` crosses the same edges, squares and
corners as the line from ``a`` to ``b``.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel, ConfigDict

from rules.grid.board import Board
from rules.grid.squares import Square


class Crossing(BaseModel):
    """One step of a sight line: from ``left`` into ``entered`` across a side, or, at a
    corner, diagonally into ``entered`` between the two squares in ``beside``."""

    model_config = ConfigDict(frozen=True)

    left: Square
    entered: Square
    beside: tuple[Square, Square] | None = None


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def crossings(origin: Square, target: Square) -> Iterator[Crossing]:
    """The sides and corners the centre-to-centre line crosses, in order from ``origin``.

    The line crosses the i-th column boundary at ``t = (2i-1) / (2|dx|)`` and the j-th row
    boundary at ``t = (2j-1) / (2|dy|)``; comparing the cross products keeps it exact, and
    equal values are a corner."""
    if origin.level != target.level:
        raise ValueError(f"{origin} and {target} are on different levels")
    dx, dy = target.x - origin.x, target.y - origin.y
    sx, sy, adx, ady = _sign(dx), _sign(dy), abs(dx), abs(dy)
    here = origin
    i = j = 1
    while i <= adx or j <= ady:
        across_column = j > ady or (i <= adx and (2 * i - 1) * ady <= (2 * j - 1) * adx)
        across_row = i > adx or (j <= ady and (2 * j - 1) * adx <= (2 * i - 1) * ady)
        if across_column and across_row:
            side_a, side_b = here.shifted(sx, 0), here.shifted(0, sy)
            entered = here.shifted(sx, sy)
            yield Crossing(left=here, entered=entered, beside=(side_a, side_b))
            i, j = i + 1, j + 1
        elif across_column:
            entered = here.shifted(sx, 0)
            yield Crossing(left=here, entered=entered)
            i += 1
        else:
            entered = here.shifted(0, sy)
            yield Crossing(left=here, entered=entered)
            j += 1
        here = entered


def in_sight(
    board: Board, origin: Square, target: Square, blockers: frozenset[Square] = frozenset()
) -> bool:
    """Whether a line from the centre of ``origin`` to the centre of ``target`` is clear.
    Squares on different levels are never in sight here (games extend sight through stairs
    with :meth:`~rules.grid.board.Board.stair_ends`)."""
    if origin.level != target.level or not (board.on_board(origin) and board.on_board(target)):
        return False
    blocking = blockers | board.sight_blocked
    for step in crossings(origin, target):
        if step.beside is None:
            if board.sight_walled(step.left, step.entered):
                return False
        else:
            shut = [
                side in blocking
                or board.sight_walled(step.left, side)
                or board.sight_walled(side, step.entered)
                for side in step.beside
            ]
            if all(shut):
                return False
        if step.entered != target and step.entered in blocking:
            return False
    return True
