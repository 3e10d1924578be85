"""Scenarios (readings 24, 64 and 65): the table a battle is fought on, its number of
turns, where each side deploys, the objective markers and what each side must do to win.

A side's ``aims`` are any of:

* ``break``: the enemy has lost half of its starting models (removed, or in units that
  flee): the game ends at once and this side wins;
* ``hold``: at the end of the last turn this side holds more objectives than the enemy (a
  side holds an objective when one of its models is within 3" of it and no enemy model is);
* ``survive``: at the end of the last turn no other aim has named a winner.

Coordinates are inches from the table's top-left corner, ``x`` to the right and ``y``
down; a zone is a rectangle from its top-left to its bottom-right corner.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text

Aim = Literal["break", "hold", "survive"]
Inch = float


class ZoneDef(ContentModel):
    """A deployment zone: its units stand evenly along the line through its middle,
    across its longer side."""

    left: Inch = Field(ge=0)
    top: Inch = Field(ge=0)
    right: Inch = Field(ge=0)
    bottom: Inch = Field(ge=0)

    @model_validator(mode="after")
    def _has_room(self) -> ZoneDef:
        if self.right - self.left < 4 or self.bottom - self.top < 2:
            raise ValueError('a deployment zone is at least 4" wide and 2" deep')
        return self


class SideDef(ContentModel):
    """One side of a scenario: its part, where it deploys and what it must do."""

    name: Name = Field(description="The side's part, e.g. 'Raiders'.")
    name_de: Name = Field(description="The German name of the part.")
    zone: ZoneDef | None = Field(
        default=None, description='None: 4" from its own table edge, across the table.'
    )
    hidden: bool = Field(
        default=False, description="Every unit deploys under a hidden-movement marker."
    )
    aims: tuple[Aim, ...] = Field(min_length=1, max_length=3)
    aim_text: Text = Field(description="What the side must do, in English.")
    aim_text_de: Text = Field(description="What the side must do, in German.")

    @model_validator(mode="after")
    def _aims_once(self) -> SideDef:
        if len(set(self.aims)) != len(self.aims):
            raise ValueError("an aim is named twice")
        return self


class ObjectiveDef(ContentModel):
    id: Ident
    name: Name
    name_de: Name = Field(description="The German name.")
    at: tuple[Inch, Inch]


class ScenarioDef(ContentModel):
    id: Ident
    name: Name
    name_de: Name = Field(description="The German name.")
    description: Text = ""
    description_de: Text = ""
    table: Ident | None = Field(
        default=None, description="The table preset; None: the game's `table` option."
    )
    turns: int | None = Field(
        default=None, ge=1, le=20, description="None: the game's `turns` option."
    )
    first: SideDef = Field(description="The first seat's side (its edge is the bottom one).")
    second: SideDef = Field(description="The second seat's side (its edge is the top one).")
    objectives: tuple[ObjectiveDef, ...] = Field(default=(), max_length=12)

    @model_validator(mode="after")
    def _consistent(self) -> ScenarioDef:
        holding = "hold" in self.first.aims or "hold" in self.second.aims
        if holding and not self.objectives:
            raise ValueError("a side that must hold objectives needs objectives to hold")
        if self.table is None and (self.first.zone or self.second.zone or self.objectives):
            raise ValueError("deployment zones and objectives need the scenario's own table")
        ids = [o.id for o in self.objectives]
        if len(set(ids)) != len(ids):
            raise ValueError("an objective id is used twice")
        return self

    def side(self, first: bool) -> SideDef:
        return self.first if first else self.second
