"""Actions: what a seat asks an engine to do. Engines subclass with a literal ``type``."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Action(BaseModel):
    """Base of all actions. ``private`` actions (secret picks) are logged for their seat only."""

    model_config = ConfigDict(frozen=True)

    type: str

    @property
    def private(self) -> bool:
        return False
