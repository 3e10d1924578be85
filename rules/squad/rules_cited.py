"""The rule each refusal and narration cites, by the reference's headings (001)."""

from __future__ import annotations

TURN = "001 Game Turns"
INITIATIVE = "001 Initiative Phase"
ACTIVATION = "001 Activation Phase"
ORDERS = "001 Orders"
SHOOTING = "001 Shooting"
TARGET = "001 Shooting: Select a target"
CLOSE_COMBAT = "001 Close Combat"
MORALE = "001 Morale and Command"
FORCES = "Squad forces (reading 18)"
DEPLOYMENT = "Squad deployment (reading 17)"
ALLOCATE = "001 Shooting: Allocate Hits"
