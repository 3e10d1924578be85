"""Facings typed as words, and the arcs around a figure relative to its facing."""

from __future__ import annotations

import pytest

from rules.core.rejection import Rejection, RejectionCode
from rules.grid.arcs import Arc, arc_of
from rules.grid.facing import Facing, facing_toward, read_facing, square_ahead
from rules.grid.squares import Square

CENTRE = Square(x=3, y=3)


@pytest.mark.parametrize(
    ("typed", "facing"),
    [("north", Facing.NORTH), ("E", Facing.EAST), (" South ", Facing.SOUTH), ("w", Facing.WEST)],
)
def test_facings_are_read_from_words(typed: str, facing: Facing) -> None:
    assert read_facing(typed) is facing


def test_corners_and_other_words_are_refused() -> None:
    corner = read_facing("NE")
    assert isinstance(corner, Rejection)
    assert corner.code is RejectionCode.BAD_ARGUMENT
    assert "a figure faces a side of its square" in corner.message
    for word in ("sideways", "left"):
        other = read_facing(word)
        assert isinstance(other, Rejection)
        assert other.message.startswith(f"`{word}` is not a facing.")
    empty = read_facing("  ")
    assert isinstance(empty, Rejection) and empty.message.startswith("Nothing is not a facing")


def test_turning_and_facing_a_neighbour() -> None:
    assert Facing.NORTH.turned(1) is Facing.EAST
    assert Facing.NORTH.turned(-1) is Facing.WEST
    assert Facing.EAST.opposite is Facing.WEST
    assert facing_toward(CENTRE, Square(x=3, y=2)) is Facing.NORTH
    assert facing_toward(CENTRE, Square(x=4, y=3)) is Facing.EAST
    assert facing_toward(CENTRE, Square(x=4, y=4)) is None
    assert facing_toward(CENTRE, Square(x=3, y=2, level=1)) is None
    assert square_ahead(CENTRE, Facing.SOUTH) == Square(x=3, y=4)
    assert square_ahead(Square(x=0, y=0), Facing.NORTH) is None


# the 7 x 7 surroundings of D4 facing north: F front, L left, R right, B rear (behind);
# the forward diagonals are front, the rear diagonals left and right
NORTH_ARCS = """
FFFFFFF
LFFFFFR
LLFFFRR
LLL.RRR
LLLBRRR
LLBBBRR
LBBBBBR
"""


def _arc_picture(facing: Facing) -> str:
    letters = {Arc.FRONT: "F", Arc.LEFT: "L", Arc.RIGHT: "R", Arc.REAR: "B"}
    rows = []
    for y in range(7):
        row = ""
        for x in range(7):
            square = Square(x=x, y=y)
            row += "." if square == CENTRE else letters[arc_of(CENTRE, facing, square)]
        rows.append(row)
    return "\n" + "\n".join(rows) + "\n"


def _rotated_clockwise(picture: str) -> str:
    rows = picture.strip("\n").split("\n")
    turned = ["".join(rows[len(rows) - 1 - y][x] for y in range(len(rows))) for x in range(7)]
    return "\n" + "\n".join(turned) + "\n"


def test_arcs_are_quadrants_with_the_forward_diagonals_in_front() -> None:
    assert _arc_picture(Facing.NORTH) == NORTH_ARCS
    # turning the figure turns the picture
    picture = NORTH_ARCS
    for facing in (Facing.EAST, Facing.SOUTH, Facing.WEST):
        picture = _rotated_clockwise(picture)
        assert _arc_picture(facing) == picture


def test_arcs_need_another_square_on_the_same_level() -> None:
    with pytest.raises(ValueError, match="own square"):
        arc_of(CENTRE, Facing.NORTH, CENTRE)
    with pytest.raises(ValueError, match="another level"):
        arc_of(CENTRE, Facing.NORTH, Square(x=3, y=2, level=1))
