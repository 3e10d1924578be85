"""Options of a black-powder game: the scenario, the two forces, the table preset, the
weather, the number of turns and the dummy markers of a side that deploys hidden
(readings 6, 12, 22 and 64). A scenario with a table or a
number of turns of its own uses those instead of the options."""

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
    table: str = Field(
        default="mill-clearing",
        max_length=40,
        description="A table preset id (for a scenario without a table of its own).",
    )
    weather: Weather = Field(default="clear", description="The weather (spotting only).")
    turns: int = Field(
        default=6,
        ge=1,
        le=20,
        description="Game turns before the game ends (for a scenario without its own).",
    )
    answer_minutes: int = Field(
        default=720,
        ge=1,
        le=20160,
        description="Minutes to answer out of turn (Enemy sighted!, fall back or shaken).",
    )
    dummies: int = Field(
        default=2,
        ge=0,
        le=4,
        description="Dummy markers a side that deploys hidden adds to its own (as many as fit).",
    )
    scenario: str = Field(
        default="skirmish",
        max_length=40,
        description="A scenario id: the table, turns, deployment and what each side must do.",
    )
