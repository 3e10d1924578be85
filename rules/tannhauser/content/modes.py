"""Modes of play. Deathmatch is built in; packs may define variants of it."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core.content import ContentModel, Ident, Name, Text


class ModeDef(ContentModel):
    """``command_points`` is the pool each side refreshes to; ``crates`` places a face-down
    crate on every Action and Objective circle at setup."""

    id: Ident
    name: Name
    command_points: int = Field(default=2, ge=0, le=5)
    crates: bool = True
    victory: Literal["deathmatch"] = "deathmatch"
    description: Text = ""


DEATHMATCH = ModeDef(
    id="deathmatch",
    name="Deathmatch",
    command_points=2,
    crates=True,
    victory="deathmatch",
    description="2 Command Points a turn; a side wins when no enemy character is on the board.",
)
