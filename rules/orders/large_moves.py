"""How a large miniature moves ([16]): a 2 x 2 block that walks forward for 1 Movement
point a square (both front squares must be open to enter), backward for 2 (both rear
squares), never sideways, and turns a quarter for its rotating cost (a half turn is two
quarters). With a rotating cost it cannot turn for free, not even at the end of a move.

The cheapest sequence of steps and turns to a goal is found over (corner, facing) states.
Readings:
- A step is blocked by walls and closed doors between the block's old and new squares,
  by floor elements that stop movement, by void (no floor tile) and by enemies; friends
  may be crossed but not stood on at the end (as for any miniature, [04.3]).
- A large miniature opens no doors on its way (doors are opened by a figure immediately
  facing them; the block is opened for by others or walks through open ones).
- A turn is made on the spot: the block keeps its squares, so it needs no free squares.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from rules.grid.board import Board
from rules.grid.facing import Facing
from rules.grid.large import Block
from rules.grid.squares import Square

FORWARD_COST = 1
BACKWARD_COST = 2


@dataclass(frozen=True)
class Pose:
    corner: Square
    facing: Facing


@dataclass(frozen=True)
class LargeRoute:
    poses: tuple[Pose, ...]
    cost: int


@dataclass(frozen=True)
class LargeRules:
    board: Board
    impassable: frozenset[Square]  # enemies and void
    no_stop: frozenset[Square]  # friends
    rotating_cost: int


def _step_ok(rules: LargeRules, old: Block, new: Block, towards: Facing) -> bool:
    board = rules.board
    for square in new.squares:
        if not board.on_board(square) or square in rules.impassable:
            return False
        if square in board.movement_blocked:
            return False
    # the squares entered must be reachable from the squares they are stepped from
    for square in new.squares:
        if square in old.squares:
            continue
        dx, dy = towards.step
        behind = Square(x=square.x - dx, y=square.y - dy, level=square.level)
        if board.walled(behind, square):
            return False
    nw, ne, sw, se = new.squares
    return not any(board.walled(a, b) for a, b in ((nw, ne), (sw, se), (nw, sw), (ne, se)))


def _onward(rules: LargeRules, pose: Pose) -> list[tuple[Pose, int]]:
    block = Block(corner=pose.corner)
    found: list[tuple[Pose, int]] = []
    for towards, cost in ((pose.facing, FORWARD_COST), (pose.facing.opposite, BACKWARD_COST)):
        moved = block.moved(towards)
        if moved is not None and _step_ok(rules, block, moved, towards):
            found.append((Pose(moved.corner, pose.facing), cost))
    for quarters in (1, -1):
        found.append((Pose(pose.corner, pose.facing.turned(quarters)), rules.rotating_cost))
    return found


def _order(pose: Pose) -> tuple[tuple[int, int, int], int]:
    return (pose.corner.order, list(Facing).index(pose.facing))


def large_costs(rules: LargeRules, start: Pose, budget: int) -> dict[Pose, tuple[int, Pose | None]]:
    """Every pose reachable within ``budget`` points: its cost and the pose before it."""
    best: dict[Pose, tuple[int, Pose | None]] = {start: (0, None)}
    frontier: list[tuple[int, tuple[tuple[int, int, int], int], Pose]] = [(0, _order(start), start)]
    done: set[Pose] = set()
    while frontier:
        spent, _, pose = heapq.heappop(frontier)
        if pose in done:
            continue
        done.add(pose)
        for nxt, cost in _onward(rules, pose):
            total = spent + cost
            if total > budget or nxt in done:
                continue
            if nxt not in best or total < best[nxt][0]:
                best[nxt] = (total, pose)
                heapq.heappush(frontier, (total, _order(nxt), nxt))
    return best


def large_route(
    rules: LargeRules, start: Pose, corner: Square, facing: Facing | None, budget: int
) -> LargeRoute | None:
    """The cheapest way to stand with the block's north-west square on ``corner`` (facing
    ``facing``, or any way when None), within ``budget`` points; never ending on a friend."""
    costs = large_costs(rules, start, budget)
    goals = [
        pose
        for pose in costs
        if pose.corner == corner
        and (facing is None or pose.facing == facing)
        and not set(Block(corner=pose.corner).squares) & rules.no_stop
    ]
    if not goals:
        return None
    goal = min(goals, key=lambda p: (costs[p][0], _order(p)))
    poses = [goal]
    while (before := costs[poses[-1]][1]) is not None:
        poses.append(before)
    return LargeRoute(poses=tuple(reversed(poses)), cost=costs[goal][0])
