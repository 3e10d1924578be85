"""Choices offered to a seat: legal actions for autocomplete, and the options of a prompt."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ActionChoice(BaseModel):
    """An action a seat may take: ``notation`` is what the player types or the bot submits,
    ``label`` and ``description`` are what people read."""

    model_config = ConfigDict(frozen=True)

    notation: str
    label: str
    description: str = ""
    private: bool = False
