"""Weapon profiles: range, chance to hit, damage and special rules (004 Weapons).

``Pistol: R10 5+ D1 [Assault]`` is ``{"range": 10, "hit": 5, "damage": 1, "rules":
[{"kind": "assault"}]}``. No range means a melee weapon; ``hit: 0`` is "Autohit".
"""

from __future__ import annotations

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name
from rules.wasteland.content.special import WeaponRule, WeaponRuleKind

AUTOHIT = 0


class WeaponDef(ContentModel):
    id: Ident
    name: Name
    range: int | None = Field(default=None, ge=1, le=1000, description="Inches; none = melee.")
    min_range: int | None = Field(default=None, ge=1, le=200)
    hit: int = Field(ge=0, le=11, description="The Shoot/Fight roll needed; 0 = Autohit.")
    damage: int = Field(default=0, ge=0, le=10)
    rules: tuple[WeaponRule, ...] = Field(default=(), max_length=8)

    @model_validator(mode="after")
    def _consistent(self) -> WeaponDef:
        if self.min_range is not None and (self.range is None or self.min_range >= self.range):
            raise ValueError("a minimum range needs a longer range")
        kinds = [r.kind for r in self.rules]
        if len(set(kinds)) != len(kinds):
            raise ValueError("each special rule may appear once on a weapon")
        if self.range is None and {"indirect", "sniper", "heavy"} & set(kinds):
            raise ValueError("Indirect Fire, Sniper and Heavy need a ranged weapon")
        if self.hit == AUTOHIT and self.range is None:
            raise ValueError("a melee weapon needs a chance to hit")
        return self

    @property
    def ranged(self) -> bool:
        return self.range is not None

    @property
    def autohit(self) -> bool:
        return self.hit == AUTOHIT

    def value(self, kind: WeaponRuleKind) -> int:
        """The X of a numbered rule (0 when absent); 1 for a present unnumbered rule."""
        for rule in self.rules:
            if rule.kind == kind:
                return rule.value if rule.value is not None else 1
        return 0

    def has(self, kind: WeaponRuleKind) -> bool:
        return any(r.kind == kind for r in self.rules)

    def profile(self) -> str:
        """``Pistol: R10 5+ D1 [Assault]``."""
        parts = []
        if self.range is not None:
            parts.append(f"R{self.min_range}-{self.range}" if self.min_range else f"R{self.range}")
        parts.append("Autohit" if self.autohit else f"{self.hit}+")
        if self.damage:
            parts.append(f"D{self.damage}")
        text = f"{self.name}: {' '.join(parts)}"
        if self.rules:
            text += f" [{', '.join(r.label() for r in self.rules)}]"
        return text
