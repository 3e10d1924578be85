"""The small closed vocabularies the order-tile game's content is written in.

Arc names are our own: the source colours its close-combat arcs dark-blue (strongest),
light-blue (standard) and grey (weak spot); packs call them ``front``, ``flank`` and
``rear``.
"""

from __future__ import annotations

from typing import Literal, get_args

OrderType = Literal["move", "close_combat", "shoot", "search", "interact"]
ORDER_TYPES: tuple[OrderType, ...] = get_args(OrderType)

OrderColour = Literal["black", "red", "gold"]
"""Black: activated characters only; red and gold: also interrupting ones; gold: also
combined orders ([Key terms])."""
ORDER_COLOURS: tuple[OrderColour, ...] = get_args(OrderColour)

DieColour = Literal["black", "yellow", "red", "blue"]
"""Black: search and torture; yellow: tests (technical, scientific); red: combat damage;
blue: targeting. The source names black and yellow dice only; red and blue are ours."""
DIE_COLOURS: tuple[DieColour, ...] = get_args(DieColour)

CombatArc = Literal["front", "flank", "rear"]
"""Close-combat arcs: the source's dark-blue, light-blue and grey."""

FireZone = Literal["red", "orange"]
"""A weapon's two damage zones inside the shooter's arc of sight ([09.3] step 07)."""

Side = Literal["defender", "attacker"]
"""The indoor faction that defends the complex, and the one attacking from outside; also
the background colour of equipment cards (who may receive them at set-up, [20.4])."""

RoomType = Literal[
    "corridor", "armory", "lab", "workshop", "quarters", "command", "storage", "infirmary"
]
"""Room-type icons: on indoor tiles (where a search is possible) and on equipment (where
it may be found); ``corridor`` is the icon of one-square-wide tiles ([13.1])."""

TestKind = Literal["technical", "scientific", "search", "torture", "combat", "targeting"]
"""What a roll tests, so effects such as "+2 black dice when torturing" can name it."""
