"""Forces: a side's unit profiles, its cards and the units it musters for a game."""

from __future__ import annotations

from collections import Counter

from pydantic import Field, model_validator

from rules.blackpowder.content.cards import CardDef
from rules.blackpowder.content.units import UnitDef
from rules.core.content import Colour, ContentModel, Ident, Name, Text


class ForceDef(ContentModel):
    id: Ident
    name: Name
    name_de: Name = Field(description="The German name.")
    colour: Colour = "#7a7a7a"
    description: Text = ""
    units: tuple[UnitDef, ...] = Field(min_length=1, max_length=40)
    cards: tuple[CardDef, ...] = Field(min_length=3, max_length=30)
    muster: tuple[Ident, ...] = Field(
        min_length=1, max_length=20, description="Unit profile ids fielded, one per unit."
    )

    @model_validator(mode="after")
    def _deck_fits_the_units(self) -> ForceDef:
        kinds = Counter(card.kind for card in self.cards)
        if kinds["advance"] != 1:
            raise ValueError("a force has exactly one advance card")
        if kinds["morale"] < 1:
            raise ValueError("a force has at least one morale card")
        troop_cards = Counter(c.troop_type for c in self.cards if c.troop_type is not None)
        doubled = sorted(t for t, n in troop_cards.items() if n > 1)
        if doubled:
            raise ValueError(f"troop type '{doubled[0]}' has more than one troop card")
        types = {unit.troop_type for unit in self.units}
        for troop_type in sorted(types - set(troop_cards)):
            raise ValueError(f"troop type '{troop_type}' has no troop card")
        for troop_type in sorted(set(troop_cards) - types):
            raise ValueError(f"the troop card for '{troop_type}' fits none of the force's units")
        own = {unit.id for unit in self.units}
        for unit in self.muster:
            if unit not in own:
                raise ValueError(f"muster names '{unit}', not a unit of {self.id}")
        return self

    def deck(self) -> tuple[CardDef, ...]:
        """Every card of the force, each as often as its ``copies``."""
        return tuple(card for card in self.cards for _ in range(card.copies))
