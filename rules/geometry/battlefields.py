"""Battlefield presets any measured-table system may offer: a table size and its terrain
areas, in inches.

Points are inches from the top-left corner, x to the right and y down, and may have two
decimals. They become exact hundredths in the game (:meth:`BattlefieldDef.table`).
"""

from __future__ import annotations

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text
from rules.geometry.pieces import Area, Height, Table, Terrain
from rules.geometry.units import inches

Inch = float


class AreaDef(ContentModel):
    id: Ident
    name: Name
    points: tuple[tuple[Inch, Inch], ...] = Field(min_length=3, max_length=64)
    classes: tuple[Terrain, ...] = Field(min_length=1, max_length=4)
    height: Height = Height.FLAT
    dangerous: int | None = Field(default=None, ge=1, le=11)

    def area(self) -> Area:
        return Area(
            id=self.id,
            points=tuple((inches(x), inches(y)) for x, y in self.points),
            classes=self.classes,
            height=self.height,
            dangerous=self.dangerous,
        )


class BattlefieldDef(ContentModel):
    id: Ident
    name: Name
    description: Text = ""
    width: int = Field(default=72, ge=24, le=120, description="Inches.")
    depth: int = Field(default=48, ge=24, le=120, description="Inches.")
    areas: tuple[AreaDef, ...] = Field(default=(), max_length=80)

    @model_validator(mode="after")
    def _fits(self) -> BattlefieldDef:
        ids = [a.id for a in self.areas]
        if len(set(ids)) != len(ids):
            raise ValueError("area ids must differ")
        for area in self.areas:
            for x, y in area.points:
                if not (0 <= x <= self.width and 0 <= y <= self.depth):
                    raise ValueError(f"area '{area.id}' has a point ({x}, {y}) off the table")
            area.area()  # raises on a self-crossing outline or a missing dangerous roll
        return self

    def table(self) -> Table:
        return Table(
            width=inches(self.width),
            depth=inches(self.depth),
            areas=tuple(a.area() for a in self.areas),
        )
