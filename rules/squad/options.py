"""Options chosen at ``/game new``: force size, scenario, battlefield, turns and deadlines."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class SquadOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    points: int = Field(default=500, ge=100, le=5000, description="Points per force.")
    scenario: str = Field(default="random", max_length=40, description="A scenario id, or random.")
    battlefield: str = Field(
        default="random", max_length=40, description="A preset id, random, or generated."
    )
    turns: int = Field(default=6, ge=1, le=20, description="Game turns before the game ends.")
    allocation_minutes: int = Field(
        default=720, ge=1, le=20160, description="Minutes to allocate hits before Umpire does."
    )
