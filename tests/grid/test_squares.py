"""Square names as players type them, and the refusals for names that are not squares."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.core.rejection import Rejection, RejectionCode
from rules.grid.coordinates import read_square
from rules.grid.size import BoardSize
from rules.grid.squares import Square, column_index, column_letters, square_name

STANDARD = BoardSize()  # 16 columns x 20 rows


@pytest.mark.parametrize(
    ("index", "letters"), [(0, "A"), (2, "C"), (25, "Z"), (26, "AA"), (27, "AB"), (701, "ZZ")]
)
def test_column_letters_run_like_a_spreadsheet(index: int, letters: str) -> None:
    assert column_letters(index) == letters
    assert column_index(letters) == index
    assert column_index(letters.lower()) == index


def test_every_column_name_reads_back_to_its_index() -> None:
    assert [column_index(column_letters(i)) for i in range(800)] == list(range(800))


def test_bad_column_letters_are_refused() -> None:
    for bad in ("", "A1", "Ä"):
        with pytest.raises(ValueError):
            column_index(bad)
    with pytest.raises(ValueError):
        column_letters(-1)


def test_names_are_column_then_row_and_level_after_an_at_sign() -> None:
    assert square_name(Square(x=2, y=6)) == "C7"
    assert str(Square(x=26, y=11)) == "AA12"
    assert square_name(Square(x=2, y=6, level=1)) == "C7@1"


@pytest.mark.parametrize(
    ("typed", "square"),
    [("C7", Square(x=2, y=6)), (" c7 ", Square(x=2, y=6)), ("P20", Square(x=15, y=19))],
)
def test_typed_squares_on_the_standard_board(typed: str, square: Square) -> None:
    assert read_square(typed, STANDARD) == square


def test_a_typed_level_is_read_on_a_board_with_levels() -> None:
    size = BoardSize(columns=8, rows=8, levels=2)
    assert read_square("B3@1", size) == Square(x=1, y=2, level=1)
    assert read_square("B3", size) == Square(x=1, y=2, level=0)


def _refusal(typed: str, size: BoardSize = STANDARD) -> Rejection:
    answer = read_square(typed, size)
    assert isinstance(answer, Rejection), answer
    return answer


def test_squares_off_the_board_are_refused_with_the_board_size() -> None:
    for typed in ("Q1", "A21", "AA1"):
        refusal = _refusal(typed)
        assert refusal.code is RejectionCode.OUT_OF_RANGE
        assert refusal.message == f"`{typed}` is off the board: it has columns A-P, rows 1-20."
    refusal = _refusal("A1@2", BoardSize(levels=2))
    assert "levels 0-1" in refusal.message


def test_names_that_are_not_squares_say_why() -> None:
    assert "column letter comes first" in _refusal("7C").message
    assert "rows start at 1" in _refusal("C0").message
    assert "only one" in _refusal("C7@1").message
    assert _refusal("").message.startswith("Nothing is not a square")
    for typed in ("C", "C7x", "C-7", "ABCD1", "north"):
        refusal = _refusal(typed)
        assert refusal.code is RejectionCode.BAD_ARGUMENT
        assert refusal.message == (
            f"`{typed}` is not a square. Name a square by its column letter and row number, "
            "such as `C7`."
        )


def test_a_board_lists_its_squares_in_reading_order() -> None:
    size = BoardSize(columns=2, rows=2, levels=2)
    assert [str(s) for s in size.squares()] == [
        "A1",
        "B1",
        "A2",
        "B2",
        "A1@1",
        "B1@1",
        "A2@1",
        "B2@1",
    ]
    assert [str(s) for s in size.squares(level=1)] == ["A1@1", "B1@1", "A2@1", "B2@1"]
    assert size.contains(Square(x=1, y=1, level=1))
    assert not size.contains(Square(x=2, y=0))


def test_board_sizes_are_bounded() -> None:
    with pytest.raises(ValidationError):
        BoardSize(columns=0)
    with pytest.raises(ValidationError):
        BoardSize(rows=1000)
