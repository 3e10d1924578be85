"""Reading the square names players type (``C7``, ``c7``, ``AA12``, ``C7@1``) against a
board's size; anything else is refused with a message saying what was wrong."""

from __future__ import annotations

import re

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.size import BoardSize
from rules.grid.squares import Square, column_index

_NAME = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,4})(?:@([0-9]{1,3}))?$")

SQUARE_HELP = "Name a square by its column letter and row number, such as `C7`."


def read_square(text: str, size: BoardSize) -> Square | Rejection:
    """The square named by ``text`` if it lies on a board of ``size``, else a refusal."""
    typed = text.strip()
    shown = f"`{typed}`" if typed else "Nothing"
    match = _NAME.match(typed)
    if match is None:
        if typed and typed[0].isdigit():
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{shown} is not a square: the column letter comes first. {SQUARE_HELP}",
            )
        return reject(RejectionCode.BAD_ARGUMENT, f"{shown} is not a square. {SQUARE_HELP}")
    letters, digits, level_digits = match.groups()
    x = column_index(letters)
    row = int(digits)
    level = int(level_digits) if level_digits is not None else 0
    if row == 0:
        return reject(RejectionCode.BAD_ARGUMENT, f"{shown} is not a square: rows start at 1.")
    if level_digits is not None and size.levels == 1:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{shown} names a level, but this board has only one: leave out `@{level}`.",
        )
    if x >= size.columns or row > size.rows or level >= size.levels:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{shown} is off the board: it has {size.describe()}.",
        )
    return Square(x=x, y=row - 1, level=level)
