"""Adjacency and cheapest paths on small boards drawn by hand."""

from __future__ import annotations

from rules.grid.adjacency import adjacent, neighbours
from rules.grid.board import Board
from rules.grid.paths import Passage, path_costs, reachable, shortest_path
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.grid.stairs import Stair
from tests.grid.pictures import board_from


def test_adjacency_is_orthogonal_on_the_board_and_never_through_a_wall_or_closed_door() -> None:
    board, m = board_from(
        """
. . .
  -
.|aD.
  d
./. .
"""
    )
    a = m["a"]  # B2
    b1, c2, b3, a2 = Square(x=1, y=0), Square(x=2, y=1), Square(x=1, y=2), Square(x=0, y=1)
    assert neighbours(board, a) == (b3,)  # wall north, closed door east, wall west
    assert adjacent(board, a, b3) and adjacent(board, b3, a)
    assert not adjacent(board, a, b1) and not adjacent(board, a, c2)
    assert not adjacent(board, a, a2)
    assert not adjacent(board, a, Square(x=0, y=0))  # diagonals never
    corner = Square(x=0, y=0)
    assert neighbours(board, corner) == (Square(x=1, y=0), a2)  # nothing off the board
    # a broken wall is open floor
    assert adjacent(board, Square(x=0, y=2), b3)


def test_the_shortest_path_goes_round_walls_and_through_open_doors() -> None:
    board, m = board_from(
        """
s . .
  -
.|. .
    d
. .|g
"""
    )
    route = shortest_path(board, m["s"], m["g"])
    assert route is not None
    assert [str(s) for s in route.squares] == ["A1", "B1", "C1", "C2", "C3"]
    assert route.cost == 4


def test_a_shut_in_square_has_no_path_out() -> None:
    board, m = board_from(
        """
s|. .
-
. . g
"""
    )
    assert shortest_path(board, m["s"], m["g"]) is None
    assert path_costs(board, m["s"]) == {m["s"]: 0}


def test_entry_costs_impassable_and_no_stop_squares() -> None:
    board, m = board_from(
        """
s . . .

. e f g
"""
    )
    # entering the top row beyond A1 costs 3; the bottom row costs 1
    top = frozenset(Square(x=x, y=0) for x in range(1, 4))
    passage = Passage(entry_cost=lambda sq: 3 if sq in top else 1)
    route = shortest_path(board, m["s"], m["g"], passage)
    assert route is not None
    assert [str(s) for s in route.squares] == ["A1", "A2", "B2", "C2", "D2"]
    assert route.cost == 4
    # an enemy on B2 sends the path along the top, entering B1 and C1 at 3 each
    blocked = Passage(entry_cost=passage.entry_cost, impassable=frozenset({m["e"]}))
    route = shortest_path(board, m["s"], m["g"], blocked)
    assert route is not None
    assert [str(s) for s in route.squares] == ["A1", "B1", "C1", "C2", "D2"]
    assert route.cost == 3 + 3 + 1 + 1
    # a friend on C2 may be crossed but not stopped on
    friend = Passage(no_stop=frozenset({m["f"]}))
    assert shortest_path(board, m["s"], m["f"], friend) is None
    assert m["f"] not in reachable(board, m["s"], 5, friend)
    crossing = shortest_path(board, m["e"], m["g"], friend)
    assert crossing is not None and m["f"] in crossing.squares


def test_floor_elements_that_block_movement_are_never_entered() -> None:
    board, m = board_from(
        """
s # g

. o .
"""
    )
    route = shortest_path(board, m["s"], m["g"])
    assert route is not None
    assert [str(s) for s in route.squares] == ["A1", "A2", "B2", "C2", "C1"]
    assert shortest_path(board, m["s"], Square(x=1, y=0)) is None


def test_reachable_squares_within_a_number_of_points() -> None:
    board, m = board_from(
        """
s . .
  -
. . .
"""
    )
    got = {str(sq): cost for sq, cost in reachable(board, m["s"], 2).items()}
    assert got == {"A1": 0, "B1": 1, "C1": 2, "A2": 1, "B2": 2}
    assert reachable(board, m["s"], 0) == {m["s"]: 0}


def test_a_budget_cuts_a_path_short() -> None:
    board, m = board_from("s . . g")
    assert shortest_path(board, m["s"], m["g"], budget=2) is None
    route = shortest_path(board, m["s"], m["g"], budget=3)
    assert route is not None and route.cost == 3
    assert shortest_path(board, m["s"], m["s"]) is not None


def test_stairs_join_levels_when_the_passage_allows_them() -> None:
    size = BoardSize(columns=3, rows=1, levels=2)
    foot, head = Square(x=2, y=0), Square(x=0, y=0, level=1)
    board = Board(size=size, stairs=(Stair(a=foot, b=head),))
    goal = Square(x=2, y=0, level=1)
    route = shortest_path(board, Square(x=0, y=0), goal)
    assert route is not None
    assert [str(s) for s in route.squares] == ["A1", "B1", "C1", "A1@1", "B1@1", "C1@1"]
    assert route.cost == 5
    assert shortest_path(board, Square(x=0, y=0), goal, Passage(stairs=False)) is None
