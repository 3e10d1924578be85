"""Factions: which side of the complex they are on, and their characters."""

from __future__ import annotations

from pydantic import Field

from rules.core.content import Colour, ContentModel, Ident, Name, Text
from rules.orders.content.characters import CharacterDef
from rules.orders.content.terms import Side


class FactionDef(ContentModel):
    id: Ident
    name: Name
    colour: Colour = "#7a7a7a"
    description: Text = ""
    side: Side = Field(description="defender: deploys indoors; attacker: outdoors or borers.")
    characters: tuple[CharacterDef, ...] = Field(min_length=1, max_length=30)
