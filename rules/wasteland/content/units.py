"""Unit profiles: characteristics, models, points, weapons and special rules (004 Models,
Units)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text
from rules.wasteland.content.special import UnitRule, UnitRuleKind

UnitType = Literal["command", "support", "spearhead", "troops", "fast", "heavy"]
UNIT_TYPES: tuple[UnitType, ...] = ("command", "support", "spearhead", "troops", "fast", "heavy")
HeightName = Literal["low", "man", "tall", "towering"]


class UnitDef(ContentModel):
    """A unit profile. Every model carries every weapon listed (one is chosen per roll).

    ``will`` and ``life`` are the rolls needed (6 means 6+); ``points`` is per model."""

    id: Ident
    name: Name
    type: UnitType
    description: Text = ""
    min_models: int = Field(default=1, ge=1, le=30)
    max_models: int = Field(default=1, ge=1, le=30)
    points: int = Field(ge=1, le=2000, description="Points per model.")
    move: int = Field(ge=0, le=30, description="Inches.")
    will: int = Field(ge=1, le=11)
    life: int = Field(ge=1, le=11)
    base_mm: int = Field(default=25, ge=20, le=200)
    height: HeightName = "man"
    weapons: tuple[Ident, ...] = Field(min_length=1, max_length=6)
    rules: tuple[UnitRule, ...] = Field(default=(), max_length=12)

    @model_validator(mode="after")
    def _consistent(self) -> UnitDef:
        if self.min_models > self.max_models:
            raise ValueError("min_models is larger than max_models")
        kinds = {r.kind for r in self.rules}
        if {"vehicle", "monster"} <= kinds:
            raise ValueError("a unit is a Vehicle or a Monster, not both")
        if {"jump", "flying"} <= kinds:
            raise ValueError("Jump and Flying are one rule; give only one")
        if {"medic", "repair"} <= kinds:
            raise ValueError("Medic and Repair are one rule; give only one")
        if len(set(self.weapons)) != len(self.weapons):
            raise ValueError("a weapon is listed twice")
        return self

    def value(self, kind: UnitRuleKind) -> int:
        """The summed X of a rule (stacking), 1 for a present unnumbered rule, 0 if absent."""
        total = 0
        for rule in self.rules:
            if rule.kind == kind:
                total += rule.value if rule.value is not None else 1
        return total

    def has(self, kind: UnitRuleKind) -> bool:
        return any(r.kind == kind for r in self.rules)

    @property
    def big(self) -> bool:
        """Vehicle or Monster."""
        return self.has("vehicle") or self.has("monster")
