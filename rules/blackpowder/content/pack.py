"""One black-powder content pack file: any mix of weapons, forces, terrain types, tables
and scenarios."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.blackpowder.content.forces import ForceDef
from rules.blackpowder.content.scenarios import ScenarioDef
from rules.blackpowder.content.terrain import TableDef, TerrainTypeDef
from rules.blackpowder.content.weapons import MeleeWeaponDef, RangedWeaponDef
from rules.core.content import ContentModel, Ident, Name, Text

SCHEMA_ID = "https://umpire.invalid/schemas/blackpowder-pack-1.json"
"""The identifier of the published JSON Schema of this pack format."""


class ContentPack(ContentModel):
    """The top level of a ``*.json`` content file for system ``blackpowder``."""

    format: Literal["umpire-blackpowder-pack/1"] = Field(
        description="Always 'umpire-blackpowder-pack/1'."
    )
    id: Ident
    name: Name
    description: Text = ""
    ranged_weapons: tuple[RangedWeaponDef, ...] = Field(default=(), max_length=100)
    melee_weapons: tuple[MeleeWeaponDef, ...] = Field(default=(), max_length=100)
    forces: tuple[ForceDef, ...] = Field(default=(), max_length=20)
    terrain_types: tuple[TerrainTypeDef, ...] = Field(default=(), max_length=60)
    tables: tuple[TableDef, ...] = Field(default=(), max_length=40)
    scenarios: tuple[ScenarioDef, ...] = Field(default=(), max_length=40)
