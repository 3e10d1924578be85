"""Characteristics and health rows (source 000, "Characters")."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from rules.core.content import ContentModel

Value = Annotated[int, Field(ge=0, le=9)]


class Stat(StrEnum):
    COMBAT = "combat"
    STAMINA = "stamina"
    MENTAL = "mental"
    MOVEMENT = "movement"


class Row(ContentModel):
    """One health row. ``null`` (JSON) is a null characteristic, shown as a dash."""

    combat: Value | None
    stamina: Value | None
    mental: Value | None
    movement: Value

    def value(self, stat: Stat) -> int | None:
        value: int | None = getattr(self, stat.value)
        return value
