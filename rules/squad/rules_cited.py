"""The rule each refusal cites: the reference's headings (001), or the `/rules` entry
that states Umpire's reading where the reference is silent."""

from __future__ import annotations

TURN = "001 Game Turns"
INITIATIVE = "001 Initiative Phase"
ACTIVATION = "001 Activation Phase"
ORDERS = "001 Orders"
SHOOTING = "001 Shooting"
TARGET = "001 Shooting: Select a target"
CLOSE_COMBAT = "001 Close Combat"
MORALE = "001 Morale and Command"
FORCES = "Umpire reading: /rules forces"
DEPLOYMENT = "Umpire reading: /rules deployment"
ALLOCATE = "001 Shooting: Allocate Hits"
