"""Unit profiles: troop type and quality, the three scores, special rules and weapons.

The sheet (003) names the troop qualities (the rally table's columns) and the special rules;
the three scores are Umpire's reading 2: ``shooting`` to hit with a ranged weapon,
``melee`` to hit in melee, ``defence`` to save a melee hit, each a D10 score N+.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.blackpowder.content.weapons import Score
from rules.core.content import ContentModel, Ident, Name, Text

Quality = Literal["trained", "skirmisher", "native", "recruit", "warrior", "conscript"]
QUALITIES: tuple[Quality, ...] = (
    "trained",
    "skirmisher",
    "native",
    "recruit",
    "warrior",
    "conscript",
)
"""In the order of the rally table's columns (003 Sammeln-Wert)."""

Vehicle = Literal["wagon", "canoe"]
"""What a unit's models are when they are not figures: each a wagon or a canoe with its
crew, a large target (reading 63)."""
SpecialRule = Literal["scouts", "locals", "cavalry", "light-cavalry", "close-formation", "mounted"]


class UnitDef(ContentModel):
    id: Ident
    name: Name
    name_de: Name = Field(description="The German name.")
    description: Text = ""
    troop_type: Ident = Field(description="The troop card that activates it.")
    quality: Quality
    models: int = Field(ge=1, le=20)
    officer: bool = Field(default=False, description="A single officer model.")
    elite: bool = Field(default=False, description="Activated by the advance card.")
    shooting: Score
    melee: Score
    defence: Score
    special_rules: tuple[SpecialRule, ...] = Field(default=(), max_length=6)
    ranged: tuple[Ident, ...] = Field(default=(), max_length=3)
    melee_weapon: Ident | None = None
    vehicle: Vehicle | None = Field(
        default=None,
        description="Each model is a wagon or a canoe with its crew: a large target, +2"
        " columns to spot and +2 to hit, on a 50 mm base.",
    )
    points: int = Field(ge=1, le=1000, description="For the whole unit.")

    @model_validator(mode="after")
    def _consistent(self) -> UnitDef:
        if self.officer and self.models != 1:
            raise ValueError("an officer is one model")
        if len(set(self.special_rules)) != len(self.special_rules):
            raise ValueError("a special rule is named twice")
        if "light-cavalry" in self.special_rules and "cavalry" in self.special_rules:
            raise ValueError("light cavalry is cavalry already: name only 'light-cavalry'")
        if self.vehicle is not None and self.mounted:
            raise ValueError(f"a {self.vehicle} is not mounted: drop the mounted special rules")
        return self

    def has(self, rule: SpecialRule) -> bool:
        return rule in self.special_rules

    @property
    def cavalry(self) -> bool:
        """Cavalry or light cavalry (both are mounted)."""
        return self.has("cavalry") or self.has("light-cavalry")

    @property
    def mounted(self) -> bool:
        return self.cavalry or self.has("mounted")
