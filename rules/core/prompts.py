"""Prompts: an engine waiting for a particular seat to choose."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core.choices import ActionChoice


class Prompt(BaseModel):
    """A seat must answer. Private prompts are delivered by DM; public ones in the channel.

    ``key`` identifies the prompt within the current game version so a component can
    check it is still answering the same question. ``on_timeout`` is the action (in the
    system's notation) the service submits for the seat if nobody answers within
    ``timeout_minutes`` — for example declining an overwatch attack.
    """

    model_config = ConfigDict(frozen=True)

    seat: str
    key: str
    text: str
    choices: tuple[ActionChoice, ...] = ()
    private: bool = False
    on_timeout: str | None = None
    timeout_minutes: int | None = None
