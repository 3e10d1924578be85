"""Prompts: an engine waiting for a particular seat to choose."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Choice(BaseModel):
    """One option of a prompt: a label for people and the action notation it submits."""

    model_config = ConfigDict(frozen=True)

    label: str
    notation: str
    description: str = ""


class Prompt(BaseModel):
    """A seat must answer. Private prompts are delivered by DM; public ones in the channel.

    ``key`` identifies the prompt within the current game version so a component can
    check it is still answering the same question.
    """

    model_config = ConfigDict(frozen=True)

    seat: str
    key: str
    text: str
    choices: tuple[Choice, ...] = ()
    private: bool = False
