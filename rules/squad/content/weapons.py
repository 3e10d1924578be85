"""Weapons: the strength they hit with in each range band and in close combat (001 Range
bands).

A band left out is out of the weapon's reach: ``{"short": 4, "medium": 4, "long": 3}``
is a rifle that cannot fire at extreme range. ``cc`` is the strength the weapon strikes
with in base contact (001 CC band); a weapon without it is no use there.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text

Strength = int
BandName = Literal["short", "medium", "long", "extreme"]
BANDS: tuple[BandName, ...] = ("short", "medium", "long", "extreme")
BAND_LIMIT_INCHES: dict[BandName, int] = {"short": 12, "medium": 24, "long": 36, "extreme": 48}


class WeaponDef(ContentModel):
    id: Ident
    name: Name
    description: Text = ""
    short: Strength | None = Field(default=None, ge=1, le=10, description='Strength up to 12".')
    medium: Strength | None = Field(default=None, ge=1, le=10, description='Strength 12-24".')
    long: Strength | None = Field(default=None, ge=1, le=10, description='Strength 24-36".')
    extreme: Strength | None = Field(default=None, ge=1, le=10, description='Strength 36-48".')
    cc: Strength | None = Field(default=None, ge=1, le=10, description="Strength in base contact.")
    shots: int = Field(default=1, ge=1, le=6, description="To-hit dice per model firing it.")

    @model_validator(mode="after")
    def _reaches(self) -> WeaponDef:
        if self.cc is None and self.reach() == 0:
            raise ValueError("a weapon needs a strength in close combat or in some range band")
        return self

    def strength(self, band: BandName) -> Strength | None:
        value: Strength | None = getattr(self, band)
        return value

    def reach(self) -> int:
        """The furthest it fires, in inches (0: a close-combat weapon only)."""
        return max((BAND_LIMIT_INCHES[b] for b in BANDS if self.strength(b)), default=0)
