"""What a viewer may see of the demo race."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class DemoView(BaseModel):
    """What a viewer may see of the race."""

    model_config = ConfigDict(frozen=True)

    phase: str
    goal: int
    positions: dict[str, int]
    stances: dict[str, str]
    active: str | None
    turn: int
    finished: bool
    winners: tuple[str, ...]
