"""Legal actions listed for autocomplete and buttons."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ActionChoice(BaseModel):
    """A legal action right now: ``notation`` is what the player types or the bot submits."""

    model_config = ConfigDict(frozen=True)

    notation: str
    label: str
    private: bool = False
