"""Options chosen at ``/game new``: game size, mission, battlefield, deadlines and every
advanced rule of the source (004 Advanced Rules), each off unless asked for."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Size = Literal["patrol", "platoon", "company"]
MissionChoice = Literal[
    "random",
    "ambush",
    "blitz",
    "landing_zone",
    "critical_objective",
    "salvage",
    "evacuation",
    "hold",
    "rescue",
    "reinforcements",
    "annihilation",
]
Conditions = Literal[
    "none", "random", "normal", "dark", "muddy", "rainy", "haunted", "corrosive", "dangerous_ground"
]
DEFAULT_POINTS: dict[str, int] = {"patrol": 100, "platoon": 1000, "company": 2000}


class WastelandOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    size: Size = Field(default="patrol", description="Patrol 100, platoon 1,000, company 2,000.")
    points: int | None = Field(
        default=None, ge=50, le=10000, description="Points per side; by size when not given."
    )
    mission: MissionChoice = Field(default="random", description="The mission, or random.")
    defender: str = Field(
        default="random", max_length=20, description="Seat of the defender, or random."
    )
    battlefield: str = Field(
        default="random", max_length=40, description="A preset id, random, or generated."
    )
    rounds: int = Field(default=8, ge=1, le=20, description="Rounds before time runs out.")
    reaction_minutes: int = Field(
        default=720, ge=1, le=20160, description="Minutes to answer a reaction."
    )
    # advanced rules
    granular: bool = Field(default=False, description="Advanced rule: granular activation.")
    firing_positions: bool = Field(default=False, description="Advanced rule: firing positions.")
    partial_concealment: bool = Field(
        default=False, description="Advanced rule: partial concealment."
    )
    occupy_buildings: bool = Field(default=False, description="Advanced rule: occupy buildings.")
    advantages: bool = Field(
        default=False, description="Advanced rule: rolled advantages and disadvantages."
    )
    handicap: str = Field(
        default="",
        max_length=200,
        description="seat:disadvantage or seat:+advantage, comma separated.",
    )
    conditions: Conditions = Field(default="none", description="Battlefield conditions.")
    random_events: bool = Field(default=False, description="Advanced rule: random events.")
    crippling: bool = Field(default=False, description="Advanced rule: crippling damage.")
    close_formations: bool = Field(default=False, description="Advanced rule: close formations.")

    @property
    def point_limit(self) -> int:
        return self.points if self.points is not None else DEFAULT_POINTS[self.size]
