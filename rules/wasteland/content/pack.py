"""One Wasteland content pack file: any mix of weapons, factions and battlefields."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core.content import ContentModel, Ident, Name, Text
from rules.geometry.battlefields import BattlefieldDef
from rules.wasteland.content.factions import FactionDef
from rules.wasteland.content.weapons import WeaponDef

SCHEMA_ID = "https://umpire.invalid/schemas/wasteland-pack-1.json"
"""The identifier of the published JSON Schema of this pack format."""


class ContentPack(ContentModel):
    """The top level of a ``*.json`` content file for system ``wasteland``."""

    format: Literal["umpire-wasteland-pack/1"] = Field(
        description="Always 'umpire-wasteland-pack/1'."
    )
    id: Ident
    name: Name
    description: Text = ""
    weapons: tuple[WeaponDef, ...] = Field(default=(), max_length=400)
    factions: tuple[FactionDef, ...] = Field(default=(), max_length=20)
    battlefields: tuple[BattlefieldDef, ...] = Field(default=(), max_length=40)
