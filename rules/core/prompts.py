"""Prompts: an engine waiting for a particular seat to choose."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core.choices import ActionChoice


class Prompt(BaseModel):
    """A seat must answer. Private prompts are delivered by DM; public ones in the channel.

    ``key`` identifies the prompt within the current game version so a component can
    check it is still answering the same question.
    """

    model_config = ConfigDict(frozen=True)

    seat: str
    key: str
    text: str
    choices: tuple[ActionChoice, ...] = ()
    private: bool = False
