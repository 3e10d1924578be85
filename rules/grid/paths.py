"""Cheapest legal paths over a board: from square to adjacent square (and up or down
stairs when allowed), each step costing what the caller says entering its square costs.

The caller's rules come in as a :class:`Passage`: the cost of entering each square, the
squares no path may enter (enemy figures, say), the squares a path may cross but not
end on (friendly figures, say), and what it costs to open a closed door on the way (if a
figure may). Squares filled by a standing floor element that blocks
movement are never entered, whatever the passage says.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from rules.grid.adjacency import neighbours, touching
from rules.grid.board import Board
from rules.grid.edges import Door
from rules.grid.squares import Square

EntryCost = Callable[[Square], int]
DoorCost = Callable[[Square, Square], int | None]
"""The extra cost of opening the closed door between two neighbours so as to pass it, or
``None`` when the figure cannot open it."""


def one_point(square: Square) -> int:
    """Every square costs 1 to enter."""
    return 1


@dataclass(frozen=True)
class Passage:
    """What the caller's rules make of the squares a path may use."""

    entry_cost: EntryCost = one_point
    impassable: frozenset[Square] = field(default_factory=frozenset)
    no_stop: frozenset[Square] = field(default_factory=frozenset)
    stairs: bool = True
    opens: DoorCost | None = None


class Route(BaseModel):
    """A path from its first square to its last, and what entering its squares cost."""

    model_config = ConfigDict(frozen=True)

    squares: tuple[Square, ...]
    cost: int


def _steps(board: Board, square: Square, passage: Passage) -> list[tuple[Square, int]]:
    """Where a path may go next from ``square`` and the extra cost of getting there (a
    door to open)."""
    onward = [(other, 0) for other in neighbours(board, square)]
    if passage.opens is not None:
        for other in touching(square):
            door = board.barrier(square, other)
            if isinstance(door, Door) and board.on_board(other) and board.walled(square, other):
                extra = passage.opens(square, other)
                if extra is not None:
                    onward.append((other, extra))
    if passage.stairs:
        onward.extend((end, 0) for end in board.stair_ends(square))
    return onward


def _search(
    board: Board, start: Square, passage: Passage, budget: int | None, goal: Square | None
) -> tuple[dict[Square, int], dict[Square, Square]]:
    """Dijkstra from ``start``: the cheapest cost to each square reached within ``budget``
    and the square each was reached from. Ties go to the square first in reading order,
    so the same board always gives the same paths."""
    cost: dict[Square, int] = {start: 0}
    came_from: dict[Square, Square] = {}
    done: set[Square] = set()
    frontier: list[tuple[int, tuple[int, int, int], Square]] = [(0, start.order, start)]
    blocked = passage.impassable | board.movement_blocked
    while frontier:
        spent, _, square = heapq.heappop(frontier)
        if square in done:
            continue
        done.add(square)
        if square == goal:
            break
        for nxt, extra in _steps(board, square, passage):
            if nxt in blocked or nxt in done:
                continue
            step = passage.entry_cost(nxt) + extra
            if step < 0:
                raise ValueError(f"entering {nxt} cannot cost less than nothing ({step})")
            total = spent + step
            if budget is not None and total > budget:
                continue
            if nxt not in cost or total < cost[nxt]:
                cost[nxt] = total
                came_from[nxt] = square
                heapq.heappush(frontier, (total, nxt.order, nxt))
    return cost, came_from


def path_costs(
    board: Board, start: Square, passage: Passage | None = None, budget: int | None = None
) -> dict[Square, int]:
    """The cheapest cost of reaching every square a path from ``start`` can reach (within
    ``budget`` points if given), squares it may not end on included; ``start`` costs 0."""
    return _search(board, start, passage or Passage(), budget, None)[0]


def reachable(
    board: Board, start: Square, points: int, passage: Passage | None = None
) -> dict[Square, int]:
    """The squares a figure on ``start`` may end on with ``points`` to spend, with what
    reaching each costs (``start`` itself at 0 unless it is a no-stop square)."""
    rules = passage or Passage()
    costs = path_costs(board, start, rules, points)
    return {square: spent for square, spent in costs.items() if square not in rules.no_stop}


def shortest_path(
    board: Board,
    start: Square,
    goal: Square,
    passage: Passage | None = None,
    budget: int | None = None,
) -> Route | None:
    """The cheapest legal path from ``start`` to ``goal`` (within ``budget`` if given), or
    ``None`` when there is none or ``goal`` is a square the path may not end on."""
    rules = passage or Passage()
    if goal in rules.no_stop or not board.on_board(goal):
        return None
    cost, came_from = _search(board, start, rules, budget, goal)
    if goal not in cost:
        return None
    squares = [goal]
    while squares[-1] != start:
        squares.append(came_from[squares[-1]])
    return Route(squares=tuple(reversed(squares)), cost=cost[goal])
