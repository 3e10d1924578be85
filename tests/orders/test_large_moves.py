"""Large miniatures move forward, back and turn, never sideways ([16])."""

from __future__ import annotations

from rules.grid.board import Board, PlacedBarrier
from rules.grid.edges import Wall, edge_between
from rules.grid.facing import Facing
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.orders.large_moves import LargeRules, Pose, large_route

OPEN = Board(size=BoardSize(columns=8, rows=8))


def at(x: int, y: int) -> Square:
    return Square(x=x, y=y)


def rules(
    board: Board = OPEN,
    enemies: frozenset[Square] = frozenset(),
    friends: frozenset[Square] = frozenset(),
    turn: int = 2,
) -> LargeRules:
    return LargeRules(board=board, impassable=enemies, no_stop=friends, rotating_cost=turn)


def test_forward_costs_one_a_square_and_backward_two() -> None:
    start = Pose(at(2, 2), Facing.EAST)
    forward = large_route(rules(), start, at(4, 2), Facing.EAST, 10)
    assert forward is not None and forward.cost == 2
    back = large_route(rules(), start, at(1, 2), Facing.EAST, 10)
    assert back is not None and back.cost == 2


def test_no_sideways_step_a_turn_costs_the_rotating_cost() -> None:
    start = Pose(at(2, 2), Facing.EAST)
    # one square south: turn to face south (2), step (1), turn back east (2)
    route = large_route(rules(), start, at(2, 3), Facing.EAST, 10)
    assert route is not None and route.cost == 5
    # facing left free: turn and step only
    route = large_route(rules(), start, at(2, 3), None, 10)
    assert route is not None and route.cost == 3
    assert large_route(rules(), start, at(2, 3), Facing.EAST, 4) is None


def test_both_front_squares_must_be_open() -> None:
    wall = PlacedBarrier(edge=edge_between(at(3, 3), at(4, 3)), barrier=Wall())
    board = Board(size=OPEN.size, barriers=(wall,))
    start = Pose(at(2, 2), Facing.EAST)
    route = large_route(rules(board), start, at(3, 2), Facing.EAST, 1)
    assert route is None
    enemy = large_route(rules(enemies=frozenset({at(4, 2)})), start, at(3, 2), Facing.EAST, 5)
    assert enemy is None


def test_friends_may_be_crossed_but_not_stood_on() -> None:
    start = Pose(at(0, 2), Facing.EAST)
    friend = frozenset({at(3, 2)})
    assert large_route(rules(friends=friend), start, at(2, 2), Facing.EAST, 10) is None
    route = large_route(rules(friends=friend), start, at(4, 2), Facing.EAST, 10)
    assert route is not None and route.cost == 4
