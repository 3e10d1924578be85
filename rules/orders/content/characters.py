"""Characters: a Healthy and a Wounded side ([07.1]), each with the values the rules read.

A side's ``life_points`` is its threshold: wounds reaching the Healthy side's flip the card,
wounds reaching the Wounded side's kill the character. Close combat reads the chart of the
arc the enemy stands in (``front``, ``flank``, ``rear``: the source's dark-blue,
light-blue and grey arcs, [08.3]).
"""

from __future__ import annotations

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text
from rules.orders.content.ips import IpsLine


class CombatDice(ContentModel):
    """Red combat dice and automatic hits, for one arc."""

    dice: int = Field(default=0, ge=0, le=8, description="Red combat dice rolled.")
    auto_hits: int = Field(default=0, ge=0, le=6, description="Hits without a roll.")


class CombatChart(ContentModel):
    front: CombatDice = Field(description="The source's dark-blue arc: strongest.")
    flank: CombatDice = Field(description="The source's light-blue arc: standard.")
    rear: CombatDice = Field(description="The source's grey arc: the weak spot.")

    @model_validator(mode="after")
    def _front_strongest(self) -> CombatChart:
        def strength(arc: CombatDice) -> int:
            return arc.dice + arc.auto_hits

        if not strength(self.front) >= strength(self.flank) >= strength(self.rear):
            raise ValueError("the front arc is the strongest and the rear arc the weakest")
        return self


class CharacterSide(ContentModel):
    movement: int = Field(ge=1, le=8, description="Movement points per CP on a Move order.")
    max_cp: int = Field(ge=1, le=12, description="Maximum CP spent on it per turn.")
    combat: CombatChart = Field(description="Close-combat chart per arc.")
    shooting: int = Field(ge=0, le=6, description="Blue targeting dice it adds to a weapon's.")
    armor: int = Field(ge=0, le=6, description="Armor value: hits it absorbs.")
    search: int = Field(ge=0, le=6, description="Black search dice per Search order.")
    life_points: int = Field(ge=1, le=12, description="Wounds that end this side.")
    weight: int = Field(ge=0, le=6, description="Weight allowance (a prisoner weighs 1).")
    bonus_cp: int = Field(default=0, ge=0, le=4, description="Bonus CP icon; 0: none.")
    abilities: tuple[Ident, ...] = Field(default=(), max_length=3, description="Ability ids.")
    ips: tuple[IpsLine, ...] = Field(default=(), max_length=3, description="Its own IPS lines.")


class CharacterDef(ContentModel):
    id: Ident
    name: Name
    description: Text = ""
    healthy: CharacterSide
    wounded: CharacterSide
    large: bool = Field(default=False, description="Fills 2 x 2 squares ([16]).")
    rotating_cost: int | None = Field(
        default=None, ge=1, le=4, description="Movement points per quarter turn (large only)."
    )
    risen: bool = Field(
        default=False, description="A reanimated body: counts as one for abilities ([22])."
    )
    counts_as: Ident | None = Field(
        default=None,
        description="The faction a mercenary counts as at set-up (equipment, deployment, "
        "missions); a faction's own characters leave it out.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> CharacterDef:
        if self.rotating_cost is not None and not self.large:
            raise ValueError("only a large character has a rotating cost")
        if self.wounded.bonus_cp > self.healthy.bonus_cp:
            raise ValueError("the Wounded side gives no more bonus CP than the Healthy side")
        for side in (self.healthy, self.wounded):
            if len(set(side.abilities)) != len(side.abilities):
                raise ValueError("an ability is listed twice on one side")
        return self
