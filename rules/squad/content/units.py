"""Unit profiles: the characteristics the tables use (001), models, points and weapons.

A *squad* is several models of one wound each; an *individual* is one model with several
wounds. Every model of a unit carries every weapon listed (the best one for the band is
used).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text

Kind = Literal["squad", "individual"]
Ability = Literal["battle_awareness", "leader", "steady"]
ABILITIES: dict[Ability, str] = {
    "battle_awareness": "may shoot any enemy unit in sight, not only the nearest",
    "leader": 'friendly units within 6" add 1 to morale and rally checks',
    "steady": "adds 1 to its own morale and rally checks",
}


class UnitDef(ContentModel):
    id: Ident
    name: Name
    kind: Kind
    description: Text = ""
    models: int = Field(ge=1, le=20, description="Models in the unit (1 for an individual).")
    points: int = Field(ge=1, le=1000, description="Points for the whole unit.")
    move: int = Field(ge=1, le=24, description="Movement in inches.")
    sh: int = Field(ge=1, le=10, description="Shooting (SH).")
    assault: int = Field(ge=1, le=10, description="Assault (AS).")
    toughness: int = Field(ge=1, le=10, description="Toughness (T).")
    morale: int = Field(
        ge=1, le=10, description="Morale (ML), the stat of morale and rally checks."
    )
    size: int = Field(ge=1, le=9, description="Size: 1 small, 2-3 a soldier, 4 and up bigger.")
    wounds: int = Field(default=1, ge=1, le=10, description="Wounds of an individual.")
    base_mm: int = Field(default=25, ge=20, le=120)
    weapons: tuple[Ident, ...] = Field(min_length=1, max_length=4)
    abilities: tuple[Ability, ...] = Field(default=(), max_length=3)

    @model_validator(mode="after")
    def _consistent(self) -> UnitDef:
        if self.kind == "individual" and self.models != 1:
            raise ValueError("an individual is one model")
        if self.kind == "squad" and self.wounds != 1:
            raise ValueError("squad models have one wound each; give wounds only to individuals")
        if self.kind == "squad" and self.models < 2:
            raise ValueError("a squad has two models or more")
        if len(set(self.weapons)) != len(self.weapons):
            raise ValueError("a weapon is listed twice")
        return self
