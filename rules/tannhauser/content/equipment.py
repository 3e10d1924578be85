"""Equipment tokens, bonus tokens and crate tokens (source 000, "Equipment", "Traits").

Traits are words; the ones with rules effects are listed in :data:`RULE_TRAITS` (a weapon's
attack dice come from them). Packs may add descriptive traits of their own.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text
from rules.tannhauser.content.effects import Effect
from rules.tannhauser.content.skills import Skill

WEAPON = "Weapon"
HAND_TO_HAND = "Hand-to-Hand"
PISTOL = "Pistol"
AUTOMATIC = "Automatic"
MENTAL = "Mental"
HEAVY = "Heavy"
GRENADE = "Grenade"
SMOKE_GRENADE = "Smoke Grenade"
RULE_TRAITS = (WEAPON, HAND_TO_HAND, PISTOL, AUTOMATIC, MENTAL, HEAVY, GRENADE, SMOKE_GRENADE)
RANGED_TRAITS = (PISTOL, AUTOMATIC, MENTAL)
WEAPON_POOLS = {HAND_TO_HAND: 4, PISTOL: 4, MENTAL: 4, AUTOMATIC: 5}
UNARMED_POOL = 2

Trait = Annotated[str, Field(min_length=2, max_length=30, pattern=r"^[A-Z][A-Za-z' -]*$")]


class EquipmentDef(ContentModel):
    """An equipment token. A ``single_use`` token is spent (removed) when it is used."""

    id: Ident
    name: Name
    traits: tuple[Trait, ...] = ()
    disposable: bool = False
    requires_skill: Skill | None = None
    effects: tuple[Effect, ...] = ()
    single_use: bool = False
    text: Text = ""

    @model_validator(mode="after")
    def _consistent(self) -> EquipmentDef:
        traits = set(self.traits)
        if len(traits) != len(self.traits):
            raise ValueError("a trait is listed twice")
        if WEAPON in traits and not traits & set(WEAPON_POOLS):
            raise ValueError(
                "a Weapon also needs Hand-to-Hand, Pistol, Automatic or Mental "
                "(its attack dice come from that trait)"
            )
        if traits & {GRENADE, SMOKE_GRENADE} and WEAPON in traits:
            raise ValueError("grenades are thrown, not used as Weapons")
        if GRENADE in traits and SMOKE_GRENADE in traits:
            raise ValueError("a token is either a Grenade or a Smoke Grenade")
        attack_effects = [e for e in self.effects if e.trigger == "attack"]
        if attack_effects and WEAPON not in traits:
            raise ValueError("'attack' effects need the Weapon trait")
        if self.single_use and not any(e.trigger == "use" for e in self.effects):
            raise ValueError("single_use only makes sense with a 'use' effect")
        return self

    @property
    def is_weapon(self) -> bool:
        return WEAPON in self.traits

    @property
    def is_grenade(self) -> bool:
        return GRENADE in self.traits or SMOKE_GRENADE in self.traits

    def has(self, trait: str) -> bool:
        return trait in self.traits

    @property
    def attack_pool(self) -> int:
        """Attack dice from the weapon's traits (the largest if several apply)."""
        pools = [WEAPON_POOLS[t] for t in self.traits if t in WEAPON_POOLS]
        return max(pools) if pools else UNARMED_POOL

    @property
    def ranged(self) -> bool:
        return any(t in self.traits for t in RANGED_TRAITS)

    @property
    def out_of_path_range(self) -> int:
        ranges = [e.range for e in self.effects if e.kind == "out_of_path"]
        return max(ranges) if ranges else 0


class Restriction(ContentModel):
    """Who may carry a bonus token; every non-empty list must match."""

    kinds: tuple[Literal["hero", "trooper"], ...] = ()
    factions: tuple[Ident, ...] = ()
    characters: tuple[Ident, ...] = ()
    skills: tuple[Skill, ...] = ()


class BonusTokenDef(ContentModel):
    """A bonus token: the equipment it is, and who may receive it."""

    id: Ident
    equipment: Ident
    restriction: Restriction = Restriction()
    text: Text = ""


class CrateDef(ContentModel):
    """A crate token: either Command Points or a piece of equipment."""

    id: Ident
    command_points: int | None = Field(default=None, ge=1, le=5)
    equipment: Ident | None = None

    @model_validator(mode="after")
    def _one_content(self) -> CrateDef:
        if (self.command_points is None) == (self.equipment is None):
            raise ValueError("a crate holds either command_points or equipment, not both")
        return self
