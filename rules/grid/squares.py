"""Squares of a grid and the names players type for them: column letters then row number.

Columns run ``A`` to ``Z``, then ``AA``, ``AB`` ... like a spreadsheet; rows are numbered
from 1. ``x`` and ``y`` are 0-based (``A1`` is ``x=0, y=0``), ``y`` grows southward, so
row 1 is the northern edge of the board. ``level`` tells the floors of a many-level board
apart; a one-level board has only level 0, and a square on another level is written with
``@`` and its level after the name (``C7@1``).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Square(BaseModel):
    """One square of the grid; hashable, so it can key maps and fill sets."""

    model_config = ConfigDict(frozen=True)

    x: int = Field(ge=0)
    y: int = Field(ge=0)
    level: int = Field(default=0, ge=0)

    @property
    def order(self) -> tuple[int, int, int]:
        """Reading order: by level, then row, then column (used to break ties the same way
        every time)."""
        return (self.level, self.y, self.x)

    def shifted(self, dx: int, dy: int) -> Square:
        """The square ``dx`` columns east and ``dy`` rows south on the same level (which
        may lie off any board; raises ``ValueError`` past column A or row 1)."""
        return Square(x=self.x + dx, y=self.y + dy, level=self.level)

    def __str__(self) -> str:
        return square_name(self)


def column_letters(x: int) -> str:
    """``0 -> 'A'``, ``25 -> 'Z'``, ``26 -> 'AA'``: bijective base 26."""
    if x < 0:
        raise ValueError(f"a column index is never negative, got {x}")
    letters = ""
    n = x + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = LETTERS[rest] + letters
    return letters


def column_index(letters: str) -> int:
    """``'A' -> 0``, ``'AA' -> 26``; the inverse of :func:`column_letters` (upper or lower
    case). Raises ``ValueError`` on anything but letters A-Z."""
    if not letters or not all(ch in LETTERS for ch in letters.upper()):
        raise ValueError(f"column letters must be A-Z, got {letters!r}")
    n = 0
    for ch in letters.upper():
        n = n * 26 + LETTERS.index(ch) + 1
    return n - 1


def square_name(square: Square) -> str:
    """``C7``, or ``C7@1`` for a square on level 1."""
    name = f"{column_letters(square.x)}{square.y + 1}"
    return name if square.level == 0 else f"{name}@{square.level}"
