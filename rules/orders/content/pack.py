"""One order-tile game content pack file: any mix of the sections below."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core.content import ContentModel, Ident, Name, Text
from rules.orders.content.abilities import AbilityDef
from rules.orders.content.characters import CharacterDef
from rules.orders.content.dice import DieDef
from rules.orders.content.equipment import EquipmentCardDef, EquipmentDef
from rules.orders.content.factions import FactionDef
from rules.orders.content.missions import MissionDef
from rules.orders.content.orders import OrderTileDef
from rules.orders.content.scenarios import GeneratorDef
from rules.orders.content.tiles import DoorDef, TileDef

SCHEMA_ID = "https://umpire.invalid/schemas/orders-pack-1.json"
"""The identifier of the published JSON Schema of this pack format."""


class ContentPack(ContentModel):
    """The top level of a ``*.json`` content file for the order-tile game."""

    format: Literal["umpire-orders-pack/1"] = Field(description="Always 'umpire-orders-pack/1'.")
    id: Ident
    name: Name
    description: Text = ""
    dice: tuple[DieDef, ...] = Field(default=(), max_length=8, description="One per colour.")
    order_tiles: tuple[OrderTileDef, ...] = Field(default=(), max_length=60)
    abilities: tuple[AbilityDef, ...] = Field(default=(), max_length=100)
    equipment: tuple[EquipmentDef, ...] = Field(default=(), max_length=100)
    cards: tuple[EquipmentCardDef, ...] = Field(
        default=(), max_length=100, description="Equipment cards (the search deck)."
    )
    doors: tuple[DoorDef, ...] = Field(default=(), max_length=20)
    tiles: tuple[TileDef, ...] = Field(default=(), max_length=100)
    missions: tuple[MissionDef, ...] = Field(default=(), max_length=60)
    generators: tuple[GeneratorDef, ...] = Field(default=(), max_length=10)
    factions: tuple[FactionDef, ...] = Field(default=(), max_length=10)
    mercenaries: tuple[CharacterDef, ...] = Field(
        default=(), max_length=30, description="Characters of no faction (3/4-player bands)."
    )
