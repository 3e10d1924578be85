"""A force's cards (reading 3): one advance card, its morale cards, one troop card per troop
type it fields and its own faction cards. Names in English and German."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text

CardKind = Literal["advance", "morale", "troop", "faction"]
CardEffect = Literal["reload", "rally"]
"""What a faction card does for its own side besides command points (reading 5): every own
unit on the table loads its weapons again, or every own shaken unit steadies."""


class CardDef(ContentModel):
    id: Ident
    kind: CardKind
    name: Name
    name_de: Name = Field(description="The German name.")
    text: Text = Field(default="", description="What the card says, in English.")
    text_de: Text = Field(default="", description="What the card says, in German.")
    troop_type: Ident | None = Field(default=None, description="Troop cards only.")
    copies: int = Field(default=1, ge=1, le=4, description="How many of it the deck holds.")
    command_points: int = Field(
        default=0, ge=0, le=3, description="Faction cards: points gained by its own side."
    )
    effect: CardEffect | None = Field(
        default=None,
        description="Faction cards: reload (every own unit reloads) or rally (every own"
        " shaken unit steadies), played by its own side.",
    )

    @model_validator(mode="after")
    def _fits_its_kind(self) -> CardDef:
        if (self.kind == "troop") != (self.troop_type is not None):
            raise ValueError("a troop card, and only a troop card, names a troop_type")
        if self.command_points and self.kind != "faction":
            raise ValueError("only a faction card gives command points of its own")
        if self.effect is not None and self.kind != "faction":
            raise ValueError("only a faction card has an effect of its own")
        if self.kind == "advance" and self.copies != 1:
            raise ValueError("a force has exactly one advance card")
        return self
