"""The vocabulary of special rules: unit rules and weapon rules, each with an optional X.

Rules "with a number at the end stack when combined" (004 Special unit rules), so a unit's
rules are a list of (kind, value) pairs and the value of a kind is the sum of its entries.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel

UnitRuleKind = Literal[
    "acute_senses",
    "ambush",
    "bloodthirsty",
    "bodyguards",
    "bulky",
    "caster",
    "fearless",
    "hardened",
    "jump",
    "flying",
    "leadership",
    "medic",
    "repair",
    "open",
    "pathbound",
    "pathfinder",
    "price_of_failure",
    "reach",
    "scouts",
    "stealth",
    "stubborn",
    "support",
    "tough",
    "transport",
    "vehicle",
    "monster",
    "vulnerable",
]
# kinds that need their X; vehicle and monster take an optional X (the explosion roll)
NUMBERED_UNIT_RULES = frozenset(
    {
        "bloodthirsty",
        "bodyguards",
        "bulky",
        "leadership",
        "medic",
        "repair",
        "price_of_failure",
        "stealth",
        "stubborn",
        "tough",
        "transport",
        "vulnerable",
    }
)
OPTIONAL_NUMBER_UNIT_RULES = frozenset({"vehicle", "monster"})

WeaponRuleKind = Literal[
    "assault",
    "critical",
    "deadly",
    "indirect",
    "heavy",
    "rapid",
    "area_effect",
    "spray",
    "slow",
    "sniper",
    "suppressive",
    "terrifying",
    "unstable",
]
NUMBERED_WEAPON_RULES = frozenset(
    {"critical", "deadly", "rapid", "area_effect", "spray", "suppressive", "terrifying", "unstable"}
)

UNIT_RULE_NAMES: dict[str, str] = {
    "acute_senses": "Acute Senses",
    "ambush": "Ambush",
    "bloodthirsty": "Bloodthirsty",
    "bodyguards": "Bodyguards",
    "bulky": "Bulky",
    "caster": "Caster",
    "fearless": "Fearless",
    "hardened": "Hardened",
    "jump": "Jump",
    "flying": "Flying",
    "leadership": "Leadership",
    "medic": "Medic",
    "repair": "Repair",
    "open": "Open",
    "pathbound": "Pathbound",
    "pathfinder": "Pathfinder",
    "price_of_failure": "Price of Failure",
    "reach": "Reach",
    "scouts": "Scouts",
    "stealth": "Stealth",
    "stubborn": "Stubborn",
    "support": "Support",
    "tough": "Tough",
    "transport": "Transport",
    "vehicle": "Vehicle",
    "monster": "Monster",
    "vulnerable": "Vulnerable",
}
WEAPON_RULE_NAMES: dict[str, str] = {
    "assault": "Assault",
    "critical": "Critical",
    "deadly": "Deadly",
    "indirect": "Indirect Fire",
    "heavy": "Heavy",
    "rapid": "Rapid",
    "area_effect": "Area Effect",
    "spray": "Spray",
    "slow": "Slow",
    "sniper": "Sniper",
    "suppressive": "Suppressive",
    "terrifying": "Terrifying",
    "unstable": "Unstable",
}


class UnitRule(ContentModel):
    """One special unit rule, e.g. ``{"kind": "tough", "value": 3}``.

    ``support`` lists in ``grants`` the rules it lends to friendly units next to the model
    (004 Support X)."""

    kind: UnitRuleKind
    value: int | None = Field(default=None, ge=1, le=20)
    grants: tuple[UnitRule, ...] = Field(default=(), max_length=6)

    @model_validator(mode="after")
    def _value_fits(self) -> UnitRule:
        if self.kind in NUMBERED_UNIT_RULES and self.value is None:
            raise ValueError(f"the {UNIT_RULE_NAMES[self.kind]} rule needs its number (value)")
        if (
            self.kind not in NUMBERED_UNIT_RULES | OPTIONAL_NUMBER_UNIT_RULES
            and self.value is not None
        ):
            raise ValueError(f"the {UNIT_RULE_NAMES[self.kind]} rule takes no number")
        if self.kind == "support" and not self.grants:
            raise ValueError("a Support rule lists the rules it grants (grants)")
        if self.kind != "support" and self.grants:
            raise ValueError("only a Support rule grants other rules")
        if any(g.kind == "support" for g in self.grants):
            raise ValueError("a Support rule cannot grant Support")
        return self

    def label(self) -> str:
        name = UNIT_RULE_NAMES[self.kind]
        if self.kind == "support":
            return f"{name} ({', '.join(g.label() for g in self.grants)})"
        return f"{name} {self.value}" if self.value is not None else name


class WeaponRule(ContentModel):
    """One special weapon rule, e.g. ``{"kind": "deadly", "value": 2}``."""

    kind: WeaponRuleKind
    value: int | None = Field(default=None, ge=1, le=20)

    @model_validator(mode="after")
    def _value_fits(self) -> WeaponRule:
        name = WEAPON_RULE_NAMES[self.kind]
        if self.kind in NUMBERED_WEAPON_RULES and self.value is None:
            raise ValueError(f"the {name} rule needs its number (value)")
        if self.kind not in NUMBERED_WEAPON_RULES and self.value is not None:
            raise ValueError(f"the {name} rule takes no number")
        return self

    def label(self) -> str:
        name = WEAPON_RULE_NAMES[self.kind]
        return f"{name} {self.value}" if self.value is not None else name
