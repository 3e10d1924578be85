"""Factions: a name, a colour, their unit profiles and ready-made forces."""

from __future__ import annotations

from pydantic import Field, model_validator

from rules.core.content import Colour, ContentModel, Ident, Name, Text
from rules.squad.content.units import UnitDef


class ForceDef(ContentModel):
    """A ready-made force: unit profile ids, one entry per unit fielded."""

    id: Ident
    name: Name
    description: Text = ""
    units: tuple[Ident, ...] = Field(min_length=1, max_length=20)


class FactionDef(ContentModel):
    id: Ident
    name: Name
    colour: Colour = "#7a7a7a"
    description: Text = ""
    units: tuple[UnitDef, ...] = Field(min_length=1, max_length=60)
    forces: tuple[ForceDef, ...] = Field(default=(), max_length=20)

    @model_validator(mode="after")
    def _forces_use_own_units(self) -> FactionDef:
        own = {u.id for u in self.units}
        for force in self.forces:
            for unit in force.units:
                if unit not in own:
                    raise ValueError(f"force '{force.id}' names '{unit}', not a unit of {self.id}")
        return self
