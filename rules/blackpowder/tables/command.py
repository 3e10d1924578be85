"""Command points and the costs of the command abilities (003 Kommandopunkte erhalten,
Kommandofähigkeiten)."""

from __future__ import annotations

from typing import Literal

Ability = Literal["enemy-sighted", "hold-back", "stand-fast", "command", "preparation"]

FIXED_COSTS: dict[Ability, int] = {
    "enemy-sighted": 1,
    "hold-back": 1,
    "stand-fast": 3,
    "preparation": 4,
}
"""Command costs 2, 3 or 4 by the unit's size (:func:`command_cost`)."""

HAND_SIZE = 3
"""Cards a player holds after drawing (003 Vorbereitung: "more than 3 cards in hand")."""


def command_cost(models: int) -> int:
    """*Command* for a unit of ``models``: 2 up to 7 models, 3 for 8-11, 4 for 12 or more."""
    if models < 1:
        raise ValueError("a unit has at least one model")
    if models >= 12:
        return 4
    if models >= 8:
        return 3
    return 2


def ability_cost(ability: Ability, models: int = 1) -> int:
    """The points ``ability`` costs; ``models`` is the size of the unit *Command* moves."""
    if ability == "command":
        return command_cost(models)
    return FIXED_COSTS[ability]


ENEMY_CARD_POINTS = 1
"""Playing a card of the other side (advance, morale, troop or faction card)."""
LOST_TROOP_POINTS = 1
"""Playing an own troop card whose units are all destroyed."""


def advance_card_points(officers_not_fleeing: int) -> int:
    """Declining the actions of an own advance card: 1 and 1 more per officer on the table
    who is not fleeing."""
    if officers_not_fleeing < 0:
        raise ValueError("officers cannot be fewer than none")
    return 1 + officers_not_fleeing
