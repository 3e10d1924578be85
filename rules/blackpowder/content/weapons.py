"""Weapons: the ranged weapons of the sheet's table (003 Fernkampfwaffen) and the melee
weapons whose rules it prints (003 Nahkampfwaffen).

A ranged weapon kills on its ``near`` score up to half its range and on its ``far`` score
beyond (003: "the first number applies to shots up to half the weapon's range, the second
beyond it"); a weapon with one number on the sheet has the same score for both.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text

Score = Annotated[int, Field(ge=0, le=10, description="A D10 score N+ (the die reads 0-9).")]
WeaponRule = Literal["single-shot", "black-powder"]
MeleeKind = Literal["sabre", "naval-weapons", "lance"]
"""The three melee weapons the sheet gives a rule (003 Nahkampfwaffen)."""


class RangedWeaponDef(ContentModel):
    id: Ident
    name: Name
    name_de: Name = Field(description="The German name.")
    description: Text = ""
    range: int = Field(ge=1, le=120, description="Inches.")
    near: Score = Field(description="Score to kill up to half range.")
    far: Score = Field(description="Score to kill beyond half range.")
    rules: tuple[WeaponRule, ...] = Field(default=(), max_length=2)

    @model_validator(mode="after")
    def _far_is_no_easier(self) -> RangedWeaponDef:
        if self.far < self.near:
            raise ValueError("beyond half range a weapon kills no more easily than within it")
        if len(set(self.rules)) != len(self.rules):
            raise ValueError("a weapon rule is named twice")
        return self

    @property
    def black_powder(self) -> bool:
        return "black-powder" in self.rules

    @property
    def single_shot(self) -> bool:
        return "single-shot" in self.rules

    @property
    def needs_reloading(self) -> bool:
        """Black-powder and single-shot weapons fire once between reloads (reading 14)."""
        return self.black_powder or self.single_shot


class MeleeWeaponDef(ContentModel):
    """A melee weapon of one of the sheet's three kinds; its effect is the kind's rule."""

    id: Ident
    name: Name
    name_de: Name = Field(description="The German name.")
    description: Text = ""
    kind: MeleeKind
