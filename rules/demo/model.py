"""State, options, actions and events of the demo race."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.actions import Action
from rules.core.events import Event
from rules.core.state import GameState

Stance = Literal["attack", "defend", "feint"]
STANCES: tuple[Stance, ...] = ("attack", "defend", "feint")
STEP_LIMIT = {"attack": 3, "defend": 4, "feint": 3}


class DemoOptions(BaseModel):
    """``goal``: the position that wins the race."""

    model_config = ConfigDict(extra="forbid")

    goal: int = Field(default=10, ge=3, le=30, description="The position that wins the race.")


class DemoState(GameState):
    phase: Literal["pick", "race"] = "pick"
    goal: int = 10
    picks: dict[str, Stance] = Field(default_factory=dict)
    positions: dict[str, int] = Field(default_factory=dict)
    active: str | None = None
    turn: int = 0
    steps_this_turn: int = 0


class Pick(Action):
    type: Literal["pick"] = "pick"
    reveals: ClassVar[bool] = False
    stance: Stance

    @property
    def private(self) -> bool:
        return True


class Step(Action):
    type: Literal["step"] = "step"
    reveals: ClassVar[bool] = False


class Dash(Action):
    type: Literal["dash"] = "dash"
    reveals: ClassVar[bool] = False


class EndTurn(Action):
    type: Literal["end"] = "end"
    reveals: ClassVar[bool] = False


DemoAction = Annotated[Pick | Step | Dash | EndTurn, Field(discriminator="type")]


class PickLocked(Event):
    """Public: a seat has chosen, without saying what."""

    type: Literal["pick_locked"] = "pick_locked"
    reveals: ClassVar[bool] = False
    seat: str


class StancePicked(Event):
    """Private to the seat: what it chose."""

    type: Literal["stance_picked"] = "stance_picked"
    reveals: ClassVar[bool] = False
    seat: str
    stance: Stance


class StancesRevealed(Event):
    type: Literal["revealed"] = "revealed"
    reveals: ClassVar[bool] = True
    stances: dict[str, Stance]


class TurnBegan(Event):
    type: Literal["turn_began"] = "turn_began"
    reveals: ClassVar[bool] = False
    seat: str
    turn: int


class Moved(Event):
    type: Literal["moved"] = "moved"
    reveals: ClassVar[bool] = False
    seat: str
    how: Literal["step", "dash"]
    distance: int
    position: int


DemoEvent = Annotated[
    PickLocked | StancePicked | StancesRevealed | TurnBegan | Moved, Field(discriminator="type")
]
