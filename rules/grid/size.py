"""How big a board is: columns, rows and levels (16 x 20 on one level unless told)."""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel, ConfigDict, Field

from rules.grid.squares import Square, column_letters

# enough for any printed board; the caps keep typed names short (ZZ999@9)
MAX_COLUMNS = 702
MAX_ROWS = 999
MAX_LEVELS = 10


class BoardSize(BaseModel):
    """The squares ``A1`` to the last column and row, on each level from 0."""

    model_config = ConfigDict(frozen=True)

    columns: int = Field(default=16, ge=1, le=MAX_COLUMNS)
    rows: int = Field(default=20, ge=1, le=MAX_ROWS)
    levels: int = Field(default=1, ge=1, le=MAX_LEVELS)

    def contains(self, square: Square) -> bool:
        return square.x < self.columns and square.y < self.rows and square.level < self.levels

    def squares(self, level: int | None = None) -> Iterator[Square]:
        """Every square in reading order (one level, or all of them)."""
        levels = range(self.levels) if level is None else (level,)
        for z in levels:
            for y in range(self.rows):
                for x in range(self.columns):
                    yield Square(x=x, y=y, level=z)

    def describe(self) -> str:
        """``columns A-P, rows 1-20`` (and the levels when there are several)."""
        text = f"columns A-{column_letters(self.columns - 1)}, rows 1-{self.rows}"
        if self.levels > 1:
            text += f", levels 0-{self.levels - 1}"
        return text
