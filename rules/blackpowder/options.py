"""Options of a black-powder game: the two forces, the table preset, the weather and the
number of turns (readings 6 and 22)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.blackpowder.tables.spotting import Weather


class BlackPowderOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    first_force: str = Field(
        default="aldermoor-garrison", max_length=40, description="The first seat's force id."
    )
    second_force: str = Field(
        default="thornbury-provincials", max_length=40, description="The second seat's force id."
    )
    table: str = Field(default="mill-clearing", max_length=40, description="A table preset id.")
    weather: Weather = Field(default="clear", description="The weather (spotting only).")
    turns: int = Field(default=6, ge=1, le=20, description="Game turns before the game ends.")
    answer_minutes: int = Field(
        default=720,
        ge=1,
        le=20160,
        description="Minutes to answer out of turn (Enemy sighted!, fall back or shaken).",
    )
