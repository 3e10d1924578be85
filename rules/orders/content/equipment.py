"""Equipment ([06], [24]): weapons, explosives and special items, each with its weight,
where a search may find it and how hard it is to find; and the double-sided cards the
search deck is made of ([13]).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text
from rules.orders.content.characters import CombatDice
from rules.orders.content.ips import IpsLine
from rules.orders.content.terms import RoomType, Side

Target = Literal["character", "door", "wall", "element"]
ALL_TARGETS: tuple[Target, ...] = ("character", "door", "wall", "element")


class FireStats(ContentModel):
    """What a firing weapon rolls ([09.2]-[09.4]): blue targeting dice added to the
    shooter's, and red damage dice per damage zone of the shooter's arc of sight."""

    shooting: int = Field(ge=0, le=6, description="Blue targeting dice the weapon adds.")
    red: CombatDice = Field(description="Damage in the red (narrow, forward) zone.")
    orange: CombatDice | None = Field(
        default=None, description="Damage in the orange (outer) zone; none: out of reach."
    )
    pour_it_on: int = Field(
        default=0, ge=0, le=4, description="Extra CP it takes for damage dice (one die each)."
    )
    ammo: bool = Field(default=True, description="Can run out of ammo (the die icon counts).")
    targets: tuple[Target, ...] = Field(default=ALL_TARGETS, min_length=1)


class AreaOfEffect(ContentModel):
    """An explosion's diagram around the targeted square: ``red`` squares take the red
    damage, ``orange`` the orange damage ([09.6]). Offsets are ``(east, south)`` steps."""

    red: tuple[tuple[int, int], ...] = Field(min_length=1, max_length=25)
    orange: tuple[tuple[int, int], ...] = Field(default=(), max_length=40)
    red_damage: CombatDice
    orange_damage: CombatDice | None = None

    @model_validator(mode="after")
    def _diagram(self) -> AreaOfEffect:
        if (0, 0) not in self.red:
            raise ValueError("an explosion's red zone holds the targeted square (0, 0)")
        if set(self.red) & set(self.orange):
            raise ValueError("a square is in both the red and the orange zone")
        if self.orange and self.orange_damage is None:
            raise ValueError("an orange zone needs orange_damage")
        for dx, dy in (*self.red, *self.orange):
            if abs(dx) > 3 or abs(dy) > 3:
                raise ValueError(f"({dx}, {dy}) is more than 3 squares from the target")
        return self


class EquipmentDef(ContentModel):
    id: Ident
    name: Name
    description: Text = ""
    kind: Literal["weapon", "explosive", "item"] = Field(
        description="weapon: shoot or close combat; explosive: an area; item: IPS lines."
    )
    weight: int = Field(ge=0, le=4, description="Counts against the weight allowance.")
    find_factor: int = Field(ge=0, le=6, description="Search points left to take it ([13.3]).")
    rooms: tuple[RoomType, ...] = Field(
        min_length=1, max_length=4, description="Room-type icons where a search finds it."
    )
    fire: FireStats | None = Field(default=None, description="How it shoots, if it does.")
    close_combat: CombatDice | None = Field(
        default=None, description="Dice and hits it adds in close combat, in every arc."
    )
    area: AreaOfEffect | None = Field(default=None, description="An explosive's diagram.")
    ips: tuple[IpsLine, ...] = Field(default=(), max_length=3)
    charges: int | None = Field(
        default=None, ge=1, le=6, description="Ammunition icon: uses before it is spent."
    )
    starts_on: bool | None = Field(
        default=None, description="Has an ON/OFF state (and starts in it); none: no state."
    )

    @model_validator(mode="after")
    def _kind_fits(self) -> EquipmentDef:
        if self.kind == "weapon" and self.fire is None and self.close_combat is None:
            raise ValueError("a weapon shoots (fire) or strikes (close_combat)")
        if self.kind == "explosive" and self.area is None:
            raise ValueError("an explosive has an area of effect")
        if self.kind != "explosive" and self.area is not None:
            raise ValueError("only an explosive has an area of effect")
        if self.kind == "item" and (self.fire is not None or not self.ips):
            raise ValueError("a special item does not shoot and is used through IPS lines")
        return self


class EquipmentCardDef(ContentModel):
    """A card of the search deck: an item on each face ([13.2] lets both sides face up);
    ``background`` says which side may be handed it at set-up ([20.4])."""

    id: Ident
    front: Ident = Field(description="Equipment id on the front face.")
    back: Ident = Field(description="Equipment id on the back face.")
    background: Side
