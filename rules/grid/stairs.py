"""Stairs: a pair of squares on two different levels that a figure may step between."""

from __future__ import annotations

from typing import Self

from pydantic import BaseModel, ConfigDict, model_validator

from rules.grid.squares import Square


class Stair(BaseModel):
    """The two ends of one flight of stairs, each on its own level; either way round."""

    model_config = ConfigDict(frozen=True)

    a: Square
    b: Square

    @model_validator(mode="after")
    def _two_levels(self) -> Self:
        if self.a.level == self.b.level:
            raise ValueError(f"stairs join two levels, but {self.a} and {self.b} share one")
        return self

    def other_end(self, square: Square) -> Square | None:
        """The far end seen from ``square``, or ``None`` if ``square`` is neither end."""
        if square == self.a:
            return self.b
        if square == self.b:
            return self.a
        return None
