"""The effect vocabulary: what equipment does, as data (source 000, "Equipment").

Each effect has a ``kind`` and a ``trigger``:

* ``passive`` — applies while the token is in the character's inventory;
* ``use`` — applies when the character takes the "use equipment" action with it;
* ``attack`` — applies when the token is the weapon of an attack.

Kinds (all amounts are whole numbers):

=================  =====================================================================
``gain_cp``        the side gains ``amount`` Command Points (they are lost at refresh)
``heal``           a friendly character (``reach``: self, adjacent or either) dials up
                   ``amount`` rows, never above its top row
``stat_bonus``     ``stat`` gains ``amount`` (use: until the end of the activation;
                   passive: always)
``extra_dice``     ``amount`` more dice on ``roll`` (attack, shock or a stat test)
``die_modifier``   ``amount`` added to each die of ``roll``
``auto_successes`` ``amount`` automatic successes on the attack roll
``out_of_path``    the weapon may target characters within ``range`` out-of-path circles
``initiative``     ``amount`` added to setup and initiative rolls
=================  =====================================================================
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel
from rules.tannhauser.content.stats import Stat

Trigger = Literal["passive", "use", "attack"]
RollKind = Literal["attack", "shock", "combat", "stamina", "mental"]
Amount = Annotated[int, Field(ge=-5, le=5)]


class GainCP(ContentModel):
    kind: Literal["gain_cp"] = "gain_cp"
    trigger: Literal["use"] = "use"
    amount: int = Field(ge=1, le=5)


class Heal(ContentModel):
    kind: Literal["heal"] = "heal"
    trigger: Literal["use"] = "use"
    amount: int = Field(ge=1, le=3)
    reach: Literal["self", "adjacent", "self_or_adjacent"] = "self_or_adjacent"


class StatBonus(ContentModel):
    kind: Literal["stat_bonus"] = "stat_bonus"
    trigger: Literal["passive", "use"] = "use"
    stat: Stat
    amount: Amount

    @model_validator(mode="after")
    def _nonzero(self) -> StatBonus:
        if self.amount == 0:
            raise ValueError("a stat bonus of 0 does nothing")
        return self


class ExtraDice(ContentModel):
    kind: Literal["extra_dice"] = "extra_dice"
    trigger: Literal["passive", "attack"] = "attack"
    roll: RollKind = "attack"
    amount: Amount


class DieModifier(ContentModel):
    kind: Literal["die_modifier"] = "die_modifier"
    trigger: Literal["passive", "attack"] = "attack"
    roll: RollKind = "attack"
    amount: Amount


class AutoSuccesses(ContentModel):
    kind: Literal["auto_successes"] = "auto_successes"
    trigger: Literal["attack"] = "attack"
    amount: int = Field(ge=1, le=5)


class OutOfPath(ContentModel):
    kind: Literal["out_of_path"] = "out_of_path"
    trigger: Literal["attack"] = "attack"
    range: int = Field(ge=1, le=12)


class Initiative(ContentModel):
    kind: Literal["initiative"] = "initiative"
    trigger: Literal["passive"] = "passive"
    amount: int = Field(ge=1, le=5)


Effect = Annotated[
    GainCP | Heal | StatBonus | ExtraDice | DieModifier | AutoSuccesses | OutOfPath | Initiative,
    Field(discriminator="kind"),
]
