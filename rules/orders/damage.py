"""Damage rolls of shots and explosions ([09.3] steps 07-10, [07.2]): red dice and
automatic hits against a character's armour or a door's, wall's or floor element's
defensive value, and the destruction of what reaches its value. The target never rolls
to defend.

Against a character the criticals wound first; if they flip the card, the normal and
automatic hits are then measured against the Wounded side's armour ([08.1] step 08 read
for shooting too). Against doors, walls and floor elements each critical counts as 3
hits.
"""

from __future__ import annotations

from rules.orders.events import Damage, DoorDestroyed, ElementDestroyed, ShotTarget, WallBroken
from rules.orders.flow import Flow
from rules.orders.shot_wounds import after_wounds
from rules.orders.state import Fighter

CRITICAL_AGAINST_BARRIERS = 3


def _roll(flow: Flow, dice: int, purpose: str) -> tuple[tuple[int, ...], int]:
    faces = flow.faces("red", dice, purpose)
    return tuple(f.points for f in faces), sum(1 for f in faces if "critical" in f.icons)


def against_character(flow: Flow, fighter: Fighter, dice: int, auto_hits: int) -> Damage:
    """``dice`` red dice and ``auto_hits`` against ``fighter``."""
    points, criticals = _roll(flow, dice, f"damage to {fighter.id}")
    hits = sum(points) + auto_hits
    flipped = after_wounds(flow.state, fighter, criticals)
    armour = flow.state.side_of(flipped).armor
    wounds = criticals + max(0, hits - armour) if flipped.standing else criticals
    after = after_wounds(flow.state, fighter, wounds).condition
    return Damage(
        dice=points,
        criticals=criticals,
        auto_hits=auto_hits,
        hits=hits,
        defence=armour,
        wounds=wounds,
        became=after if after in ("wounded", "dead") and after != fighter.condition else None,
    )


def against_barrier(flow: Flow, defence: int, dice: int, auto_hits: int, what: str) -> Damage:
    """``dice`` red dice and ``auto_hits`` against a door, wall or element (``what``)."""
    points, criticals = _roll(flow, dice, f"damage to {what}")
    hits = sum(points) + auto_hits + CRITICAL_AGAINST_BARRIERS * criticals
    return Damage(
        dice=points,
        criticals=criticals,
        auto_hits=auto_hits,
        hits=hits,
        defence=defence,
        destroyed=hits >= defence,
    )


def destroy(flow: Flow, target: ShotTarget) -> None:
    """[05.3]: the door, wall section or floor element ``target`` that damage brought to its
    defensive value is destroyed."""
    if target.edge is not None:
        a, b = target.edge
        if target.kind == "door":
            flow.emit(DoorDestroyed(a=a, b=b))
        else:
            flow.emit(WallBroken(a=a, b=b))
    elif target.kind == "element":
        flow.emit(ElementDestroyed(name=target.name, square=target.square))
