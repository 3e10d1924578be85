"""Counting the hits of one weapon's Shoot roll (004 Shooting, Rolling dice, Critical X).

Autohit weapons and a number needed of 1 or less hit with every shot, 11 or more never;
otherwise each die that reaches the number hits. Critical X counts the dice showing X or
more, whatever they needed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.wasteland.content.weapons import WeaponDef


def shot_hits(weapon: WeaponDef, need: int, count: int, dice: Sequence[int]) -> int:
    """Hits of ``count`` shots needing ``need``+ that rolled ``dice``."""
    if weapon.autohit or need <= 1:
        return count
    if need >= 11:
        return 0
    return sum(1 for d in dice if d >= need)


def criticals(weapon: WeaponDef, dice: Sequence[int]) -> int:
    """Dice at or above the weapon's Critical X (none without the rule)."""
    level = weapon.value("critical")
    return sum(1 for d in dice if d >= level) if level else 0
