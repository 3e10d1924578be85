"""One squad content pack file: any mix of weapons, factions, scenarios and battlefields."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core.content import ContentModel, Ident, Name, Text
from rules.geometry.battlefields import BattlefieldDef
from rules.squad.content.factions import FactionDef
from rules.squad.content.scenarios import ScenarioDef
from rules.squad.content.weapons import WeaponDef

SCHEMA_ID = "https://umpire.invalid/schemas/squad-pack-1.json"
"""The identifier of the published JSON Schema of this pack format."""


class ContentPack(ContentModel):
    """The top level of a ``*.json`` content file for system ``squad``."""

    format: Literal["umpire-squad-pack/1"] = Field(description="Always 'umpire-squad-pack/1'.")
    id: Ident
    name: Name
    description: Text = ""
    weapons: tuple[WeaponDef, ...] = Field(default=(), max_length=200)
    factions: tuple[FactionDef, ...] = Field(default=(), max_length=20)
    scenarios: tuple[ScenarioDef, ...] = Field(default=(), max_length=40)
    battlefields: tuple[BattlefieldDef, ...] = Field(default=(), max_length=40)
