"""Movement allowance (003 Bewegung): 4", the special rules' and the open ground's bonus,
the terrain's penalties and the road's bonus, with every modifier used."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from rules.blackpowder.content.terrain import Going
from rules.blackpowder.content.units import SpecialRule
from rules.blackpowder.modifiers import Modifier, listed, total
from rules.blackpowder.rules_cited import MOVEMENT, READING

BASE_INCHES = 4
MINIMUM_INCHES = 1
"""Reading 10: an allowance never falls below 1"."""
ENEMY_FREE_RADIUS = 24
RoadUse = Literal["column", "other"]
"""A move wholly along a road: a single model or a unit in column, or any other unit."""


@dataclass(frozen=True)
class Allowance:
    inches: int
    modifiers: tuple[Modifier, ...]

    def explain(self) -> str:
        return f'movement {self.inches}" (base {BASE_INCHES}": {listed(self.modifiers)})'


def movement_allowance(
    special_rules: Collection[SpecialRule],
    *,
    enemy_within_24: bool,
    entering: Going = "open",
    building: bool = False,
    low_obstacles: int = 0,
    road: RoadUse | None = None,
) -> Allowance:
    """How far the unit's models move this action.

    ``entering`` is the worst going the move enters (only the worse of difficult and very
    difficult counts, reading 10); ``building`` that it enters a building; ``low_obstacles``
    the low obstacles crossed; ``road`` how it uses a road it moves wholly along.
    """
    if low_obstacles < 0:
        raise ValueError("obstacles crossed cannot be fewer than none")
    used: list[Modifier] = []
    if "scouts" in special_rules:
        used.append(Modifier(1, "scouts", MOVEMENT))
    if "locals" in special_rules:
        used.append(Modifier(1, "local knowledge", MOVEMENT))
    if "light-cavalry" in special_rules:
        used.append(Modifier(6, "light cavalry", MOVEMENT))
    elif "cavalry" in special_rules:
        used.append(Modifier(4, "cavalry", MOVEMENT))
    if not enemy_within_24:
        used.append(Modifier(2, f'no enemy within {ENEMY_FREE_RADIUS}"', MOVEMENT))
    if entering == "very-difficult":
        used.append(Modifier(-2, "very difficult ground", MOVEMENT))
    elif entering == "difficult":
        used.append(Modifier(-1, "difficult ground", MOVEMENT))
    elif building:
        used.append(Modifier(-1, "entering a building", MOVEMENT))
    if low_obstacles:
        used.append(Modifier(-low_obstacles, f"{low_obstacles} low obstacle(s) crossed", MOVEMENT))
    if road == "column":
        used.append(Modifier(4, "road, single model or column", MOVEMENT))
    elif road == "other":
        used.append(Modifier(2, "road", MOVEMENT))
    inches = BASE_INCHES + total(used)
    if inches < MINIMUM_INCHES:
        used.append(Modifier(MINIMUM_INCHES - inches, f'never below {MINIMUM_INCHES}"', READING))
        inches = MINIMUM_INCHES
    return Allowance(inches, tuple(used))
