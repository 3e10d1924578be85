"""One content pack file: any mix of maps, factions, characters, equipment and more."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core.content import ContentModel, Ident, Name, Text
from rules.tannhauser.content.characters import AffiliationDef, CharacterDef, FactionDef
from rules.tannhauser.content.equipment import BonusTokenDef, CrateDef, EquipmentDef
from rules.tannhauser.content.maps import MapDef
from rules.tannhauser.content.modes import ModeDef

SCHEMA_ID = "https://umpire.invalid/schemas/tannhauser-pack-1.json"
"""The identifier of the published JSON Schema of this pack format."""


class ContentPack(ContentModel):
    """The top level of a ``*.json`` content file for system ``tannhauser``."""

    format: Literal["umpire-tannhauser-pack/1"] = Field(
        description="Always 'umpire-tannhauser-pack/1'."
    )
    id: Ident
    name: Name
    description: Text = ""
    modes: tuple[ModeDef, ...] = Field(default=(), max_length=20)
    maps: tuple[MapDef, ...] = Field(default=(), max_length=20)
    factions: tuple[FactionDef, ...] = Field(default=(), max_length=20)
    affiliations: tuple[AffiliationDef, ...] = Field(default=(), max_length=60)
    characters: tuple[CharacterDef, ...] = Field(default=(), max_length=200)
    equipment: tuple[EquipmentDef, ...] = Field(default=(), max_length=600)
    bonus_tokens: tuple[BonusTokenDef, ...] = Field(default=(), max_length=200)
    crates: tuple[CrateDef, ...] = Field(default=(), max_length=200)
