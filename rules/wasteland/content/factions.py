"""Factions: a name, a colour and the unit profiles they may field."""

from __future__ import annotations

from pydantic import Field, model_validator

from rules.core.content import Colour, ContentModel, Ident, Name, Text
from rules.wasteland.content.units import UnitDef


class FactionDef(ContentModel):
    id: Ident
    name: Name
    colour: Colour = "#7a7a7a"
    description: Text = ""
    units: tuple[UnitDef, ...] = Field(min_length=1, max_length=80)

    @model_validator(mode="after")
    def _has_command(self) -> FactionDef:
        if not any(u.type == "command" and u.has("leadership") for u in self.units):
            raise ValueError("a faction needs a Command unit with Leadership to field any force")
        return self
