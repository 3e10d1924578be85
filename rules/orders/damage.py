"""Damage rolls of shots and explosions against a character ([09.3] steps 07-10, [07.2]):
red dice and automatic hits against its armour; the character never rolls to defend.

The criticals wound first and a card they flip meets the normal hits with its Wounded
side's armour, as in close combat (``wounds.armour_after``); the wounds are taken by
``wounds.take_hits`` once the roll is recorded. Doors, walls and floor elements:
``barriers.damage_barrier``.
"""

from __future__ import annotations

from rules.orders.content.dice import DieFace
from rules.orders.events import Damage
from rules.orders.flow import Flow
from rules.orders.state import Fighter
from rules.orders.wounds import armour_after, take_hits, would_kill


def red_dice(flow: Flow, dice: int, what: str) -> tuple[DieFace, ...]:
    """``dice`` red damage dice rolled against ``what``."""
    return flow.faces("red", dice, f"damage to {what}")


def against_character(flow: Flow, fighter: Fighter, dice: int, auto_hits: int) -> Damage:
    """``dice`` red dice and ``auto_hits`` against ``fighter``: what they make."""
    faces = red_dice(flow, dice, fighter.id)
    criticals = sum(1 for f in faces if "critical" in f.icons)
    hits = sum(f.points for f in faces) + auto_hits
    armour = armour_after(flow.state, fighter, criticals)
    killed = would_kill(flow.state, fighter, criticals)
    return Damage(
        dice=tuple(f.points for f in faces),
        criticals=criticals,
        auto_hits=auto_hits,
        hits=hits,
        defence=armour,
        wounds=criticals + (0 if killed else max(0, hits - armour)),
    )


def wound_by(flow: Flow, fighter_id: str, damage: Damage, cause: str) -> None:
    """The wounds of ``damage``: its criticals first, then its normal hits'."""
    take_hits(flow, fighter_id, damage.criticals, damage.wounds - damage.criticals, cause)
