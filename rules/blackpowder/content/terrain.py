"""Terrain types (003 Geländearten) and table presets built of them.

A type is an **obstacle** (a line: a fence, a wall, a wagon) or an **area** (a wood, a
field); it is low or high, its going is open, difficult or very difficult, and it gives no,
light, medium or hard cover. A preset lays pieces of those types on a table: an obstacle as
a line of 2 or more points, an area as an outline of 3 or more; coordinates are inches from
the table's top-left corner, ``x`` to the right and ``y`` down.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text

Form = Literal["obstacle", "area"]
Going = Literal["open", "difficult", "very-difficult"]
TerrainHeight = Literal["low", "high"]
Cover = Literal["none", "light", "medium", "hard"]
Inch = float


class TerrainTypeDef(ContentModel):
    id: Ident
    name: Name
    name_de: Name = Field(description="The German name.")
    form: Form
    going: Going = Field(default="open", description="Areas only; obstacles are crossed.")
    height: TerrainHeight
    cover: Cover
    road: bool = Field(default=False, description="A road or track (an open area).")
    building: bool = Field(default=False, description='Entered for -1" (003 Bewegung).')

    @model_validator(mode="after")
    def _fits_its_form(self) -> TerrainTypeDef:
        if self.form == "obstacle" and self.going != "open":
            raise ValueError("an obstacle is crossed, not entered: its going stays 'open'")
        if self.road and (self.form != "area" or self.going != "open"):
            raise ValueError("a road is an open area")
        if self.building and self.form != "area":
            raise ValueError("a building is an area")
        return self


class PieceDef(ContentModel):
    id: Ident
    type: Ident
    name: Name | None = Field(default=None, description="Defaults to the type's name.")
    points: tuple[tuple[Inch, Inch], ...] = Field(min_length=2, max_length=64)


class TableDef(ContentModel):
    id: Ident
    name: Name
    name_de: Name = Field(description="The German name.")
    description: Text = ""
    width: int = Field(default=48, ge=24, le=120, description="Inches.")
    depth: int = Field(default=48, ge=24, le=120, description="Inches.")
    pieces: tuple[PieceDef, ...] = Field(default=(), max_length=80)

    @model_validator(mode="after")
    def _pieces_on_the_table(self) -> TableDef:
        seen: set[str] = set()
        for piece in self.pieces:
            if piece.id in seen:
                raise ValueError(f"piece id '{piece.id}' is used twice")
            seen.add(piece.id)
            for x, y in piece.points:
                if not (0 <= x <= self.width and 0 <= y <= self.depth):
                    raise ValueError(
                        f"piece '{piece.id}': point ({x}, {y}) lies off the "
                        f"{self.width} x {self.depth} table"
                    )
        return self
