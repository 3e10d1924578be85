"""Numeric tables: a grid (row × column → value) or a list (row → named fields).

Both kinds share one shape — rows, columns and a rectangular block of cells — so a list is
simply a grid whose columns are named fields. ``kind`` only changes how answers are worded.
"""

from __future__ import annotations

import re
import string
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
    model_validator,
)

from rules.reference.fields import (
    Name,
    Pack,
    Titled,
    check_members,
    duplicates,
    with_system,
)

Label = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Short = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=12)]
Cell = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
Note = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=400)]

SENTENCE_FIELDS = frozenset({"row", "row_name", "column", "column_name", "value"})

_EXACT = re.compile(r"^(-?\d+)$")
_AT_LEAST = re.compile(r"^(-?\d+)\+$")
_BELOW = re.compile(r"^<\s*(-?\d+)$")
_SPAN = re.compile(r"^(-?\d+)\s*[-–]\s*(-?\d+)$")


class Heading(BaseModel):
    """A row or a column: its label, other names for it, and optional numeric bounds.

    A bare number (``5``), ``8+``, ``<0`` or ``2-4`` as the label implies the bounds, so a
    numeric answer such as "12" finds the ``8+`` row. ``at_least``/``at_most`` set them
    explicitly (a range band, say). ``short`` abbreviates the heading when the whole table
    is drawn; ``phrase`` is how a one-cell answer names it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: Label
    aliases: list[Name] = Field(default_factory=list)
    short: Short | None = None
    phrase: Name | None = None
    at_least: float | None = None
    at_most: float | None = None

    @model_validator(mode="after")
    def _bounds_in_order(self) -> Heading:
        if self.at_least is not None and self.at_most is not None and self.at_least > self.at_most:
            raise ValueError("at_least is greater than at_most")
        return self

    def bounds(self) -> tuple[float | None, float | None] | None:
        """The numbers this heading stands for, as (lowest, highest); ``None`` if none."""
        if self.at_least is not None or self.at_most is not None:
            return (self.at_least, self.at_most)
        label = self.label.replace('"', "").strip()
        if match := _EXACT.match(label):
            value = float(match.group(1))
            return (value, value)
        if match := _AT_LEAST.match(label):
            return (float(match.group(1)), None)
        if match := _BELOW.match(label):
            return (None, float(match.group(1)) - 1)
        if match := _SPAN.match(label):
            return (float(match.group(1)), float(match.group(2)))
        return None

    def names(self) -> list[str]:
        return [self.label, *self.aliases]


def _check_headings(headings: list[Heading], what: str) -> list[Heading]:
    repeated = duplicates([name for heading in headings for name in heading.names()])
    if repeated:
        raise ValueError(f"{what} labels or aliases used twice: {', '.join(repeated)}")
    return headings


class Table(Titled):
    """One reference table. ``cells[r][c]`` is the value for ``rows[r]`` and ``columns[c]``."""

    kind: Literal["grid", "list"]
    row_label: Label
    column_label: Label
    rows: list[Heading] = Field(min_length=1)
    columns: list[Heading] = Field(min_length=1)
    cells: list[list[Cell]]
    notes: list[Note] = Field(default_factory=list)
    corrections: list[Note] = Field(default_factory=list)
    """Where the data departs from a misprinted or misread source: for maintainers, never shown."""
    sentence: Name | None = None
    default_column: Label | None = None
    abbreviations: dict[Cell, Short] = Field(default_factory=dict)

    @field_validator("rows")
    @classmethod
    def _rows_distinct(cls, rows: list[Heading]) -> list[Heading]:
        return _check_headings(rows, "row")

    @field_validator("columns")
    @classmethod
    def _columns_distinct(cls, columns: list[Heading]) -> list[Heading]:
        return _check_headings(columns, "column")

    @field_validator("cells")
    @classmethod
    def _rectangular(cls, cells: list[list[str]], info: ValidationInfo) -> list[list[str]]:
        rows = info.data.get("rows")
        columns = info.data.get("columns")
        if rows is None or columns is None:
            return cells  # already reported against rows or columns
        if len(cells) != len(rows):
            raise ValueError(f"has {len(cells)} rows of cells but the table has {len(rows)} rows")
        for position, line in enumerate(cells):
            if len(line) != len(columns):
                raise ValueError(
                    f"row {position} ('{rows[position].label}') has {len(line)} cells "
                    f"but the table has {len(columns)} columns"
                )
        return cells

    @field_validator("sentence")
    @classmethod
    def _sentence_fields(cls, sentence: str | None) -> str | None:
        if sentence is None:
            return None
        used = {name for _, name, _, _ in string.Formatter().parse(sentence) if name is not None}
        unknown = used - SENTENCE_FIELDS
        if unknown:
            known = ", ".join(sorted(SENTENCE_FIELDS))
            raise ValueError(f"unknown placeholders {sorted(unknown)}; use {known}")
        return sentence

    @field_validator("default_column")
    @classmethod
    def _default_is_a_column(cls, default: str | None, info: ValidationInfo) -> str | None:
        columns = info.data.get("columns")
        if default is not None and columns is not None:
            labels = [column.label for column in columns]
            if default not in labels:
                raise ValueError(f"'{default}' is not a column label ({', '.join(labels)})")
        return default

    def names(self) -> list[str]:
        return [self.title, *self.aliases]


class TablePack(Pack):
    """A ``tables_<system>.json`` file: the system's name and its tables."""

    tables: list[Table] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _fill_system(cls, data: object) -> object:
        return with_system(data, "tables")

    @field_validator("tables")
    @classmethod
    def _consistent(cls, tables: list[Table], info: ValidationInfo) -> list[Table]:
        check_members(tables, info.data.get("system"), "tables", "table")
        return tables
