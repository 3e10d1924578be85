"""Lines of sight on small boards drawn by hand, and ranges in squares."""

from __future__ import annotations

import pytest

from rules.grid.board import Board
from rules.grid.ranges import distance, steps
from rules.grid.sight import crossings, in_sight
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from tests.grid.pictures import board_from


def _sq(name: str) -> Square:
    return Square(x=ord(name[0]) - ord("A"), y=int(name[1:]) - 1)


def test_walls_and_closed_doors_block_sight_and_open_or_broken_ones_do_not() -> None:
    board, m = board_from("a|.D.d./.")
    a = m["a"]
    assert not in_sight(board, a, _sq("B1"))
    board, m = board_from("a .D.d./.")
    assert in_sight(board, m["a"], _sq("B1"))
    assert not in_sight(board, m["a"], _sq("C1"))
    board, m = board_from("ad.d./.")
    assert in_sight(board, m["a"], _sq("D1"))


def test_figures_in_the_way_block_but_not_at_either_end() -> None:
    board, m = board_from("a . . b")
    a, b = m["a"], m["b"]
    assert in_sight(board, a, b)
    assert not in_sight(board, a, b, blockers=frozenset({_sq("B1")}))
    assert in_sight(board, a, b, blockers=frozenset({a, b}))


def test_a_sight_blocking_floor_element_hides_what_is_behind_it_but_not_itself() -> None:
    board, m = board_from("a o . b")
    assert not in_sight(board, m["a"], m["b"])
    assert in_sight(board, m["a"], _sq("B1"))
    assert in_sight(board, _sq("B1"), m["b"])  # a figure standing on it sees out
    board, m = board_from("a m . b")
    assert in_sight(board, m["a"], m["b"])  # blocking movement only


def test_the_squares_a_shallow_line_passes_through() -> None:
    # A1 to C2 passes through B1 then B2, never A2 or C1
    passed = [str(c.entered) for c in crossings(_sq("A1"), _sq("C2"))]
    assert passed == ["B1", "B2", "C2"]
    board = Board(size=BoardSize(columns=3, rows=2))
    for blocker, blocks in (("B1", True), ("B2", True), ("A2", False), ("C1", False)):
        assert in_sight(board, _sq("A1"), _sq("C2"), frozenset({_sq(blocker)})) is not blocks


def test_a_line_through_a_corner_is_blocked_only_if_both_squares_beside_it_block() -> None:
    board = Board(size=BoardSize(columns=3, rows=3))
    a1, c3 = _sq("A1"), _sq("C3")
    steps_taken = list(crossings(a1, c3))
    assert [(str(c.entered), c.beside) for c in steps_taken] == [
        ("B2", (_sq("B1"), _sq("A2"))),
        ("C3", (_sq("C2"), _sq("B3"))),
    ]
    assert in_sight(board, a1, c3, frozenset({_sq("B1")}))
    assert in_sight(board, a1, c3, frozenset({_sq("B1"), _sq("B3")}))
    assert not in_sight(board, a1, c3, frozenset({_sq("B1"), _sq("A2")}))
    assert not in_sight(board, a1, c3, frozenset({_sq("B2")}))
    # a line passing between (3, 1): from A1 to D2 through the corner of B1, C1, B2, C2
    wide = Board(size=BoardSize(columns=4, rows=2))
    assert [c.beside is not None for c in crossings(a1, _sq("D2"))] == [False, True, False]
    assert in_sight(wide, a1, _sq("D2"), frozenset({_sq("C1")}))
    assert not in_sight(wide, a1, _sq("D2"), frozenset({_sq("C1"), _sq("B2")}))


@pytest.mark.parametrize(
    ("picture", "seen"),
    [
        # a wall ending at the corner: the line slips past its end
        ("a|.\n   \n. b", True),
        ("a .\n  -\n. b", True),
        # a straight wall running through the corner
        ("a|.\n   \n.|b", False),
        ("a .\n- -\n. b", False),
        # two walls meeting in an L round either end square
        ("a|.\n-  \n. b", False),
        ("a .\n  -\n.|b", False),
        # an L round a square beside the corner shuts only that side
        ("a|.\n  -\n. b", True),
        # a wall on one side and a blocking square on the other shut both sides
        ("a|.\n   \no b", False),
        # a blocking square walled round shuts only its own side
        ("a .\n   \n#|b", True),
    ],
)
def test_walls_meeting_at_a_corner(picture: str, seen: bool) -> None:
    board, m = board_from(picture)
    assert in_sight(board, m["a"], m["b"]) is seen
    assert in_sight(board, m["b"], m["a"]) is seen


def test_squares_on_other_levels_or_off_the_board_are_not_in_sight() -> None:
    board = Board(size=BoardSize(columns=3, rows=3, levels=2))
    assert not in_sight(board, _sq("A1"), Square(x=0, y=1, level=1))
    assert not in_sight(board, _sq("A1"), _sq("A9"))
    assert in_sight(board, _sq("A1"), _sq("A1"))


def test_steps_and_distance() -> None:
    assert steps(_sq("A1"), _sq("C4")) == 5
    assert distance(_sq("A1"), _sq("C4")) == 3
    assert distance(_sq("B2"), _sq("C3")) == 1
    assert steps(_sq("B2"), _sq("B2")) == distance(_sq("B2"), _sq("B2")) == 0
    with pytest.raises(ValueError, match="different levels"):
        distance(_sq("A1"), Square(x=0, y=0, level=1))
