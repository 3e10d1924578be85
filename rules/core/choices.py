"""Choices offered to a seat: legal actions for autocomplete, and the options of a prompt."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ActionChoice(BaseModel):
    """An action a seat may take: ``notation`` is what the player types or the bot submits,
    ``label`` and ``description`` are what people read. A suggestion that still needs
    something typed after it (``deploy A4 at``, awaiting a point) is not ``complete``."""

    model_config = ConfigDict(frozen=True)

    notation: str
    label: str
    description: str = ""
    private: bool = False
    complete: bool = True
