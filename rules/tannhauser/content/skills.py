"""The twelve skills of the skills table (source 000, "Skills")."""

from __future__ import annotations

from enum import StrEnum


class Skill(StrEnum):
    ATHLETICS = "athletics"
    ARCHAEOLOGY = "archaeology"
    COMMAND = "command"
    DEXTERITY = "dexterity"
    ENGINEERING = "engineering"
    HAND_TO_HAND = "hand_to_hand"
    MECHANICS = "mechanics"
    SANGFROID = "sangfroid"
    REASONING = "reasoning"
    SNEAK = "sneak"
    STRATEGY = "strategy"
    WEAPONRY = "weaponry"
