"""Options of a black-powder game: the scenario, the two forces, the table preset, the
weather, the number of turns and the dummy markers of a side that deploys hidden
(readings 6, 12, 22 and 64). A scenario with a table or a
number of turns of its own uses those instead of the options."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.blackpowder.content.scenarios import ScenarioDef
from rules.blackpowder.tables.spotting import WEATHER_COLUMNS, Weather
from rules.blackpowder.terms import TermKind, find_term


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
    weather: Weather = Field(
        default="clear",
        description="The weather (spotting only); the sheet's German words work too (Sturm).",
    )
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

    @field_validator("weather", mode="before")
    @classmethod
    def _sheet_words(cls, value: object) -> object:
        """The weather in the sheet's German (``Sturm``, ``dichter Nebel``) or our English
        words (``dense fog``), any case, read as its id."""
        if isinstance(value, str) and value not in WEATHER_COLUMNS:
            found = find_term(value, TermKind.WEATHER)
            if isinstance(found, str):
                return found
        return value


def ignored_options(options: BlackPowderOptions, scenario: ScenarioDef) -> str | None:
    """A refusal when the options name a table or a number of turns the scenario would
    ignore, having its own (reading 64), rather than silently playing another one."""
    given = options.model_fields_set
    if "table" in given and scenario.table and options.table != scenario.table:
        return (
            f"The scenario {scenario.id} is fought on its own table, {scenario.table}:"
            f" leave out table={options.table}, or pick a scenario without a table of its own"
            " (skirmish)."
        )
    if "turns" in given and scenario.turns and options.turns != scenario.turns:
        return (
            f"The scenario {scenario.id} lasts {scenario.turns} turns of its own: leave out"
            f" turns={options.turns}, or pick a scenario without a length of its own"
            " (skirmish)."
        )
    return None
