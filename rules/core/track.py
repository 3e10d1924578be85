"""What a picture of a race track shows: one lane per seat with the goal at the right.

A system turns its public view into a :class:`TrackScene`; the track renderer draws the
scene and nothing else.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.core.content import Colour


class TrackLane(BaseModel):
    """A runner's lane: its name, colour and square; ``marked`` points at the runner
    whose turn it is."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str
    colour: Colour
    position: int = Field(ge=0)
    marked: bool = False


class TrackScene(BaseModel):
    """A line of text above the lanes, and squares 0 to ``goal`` in each lane."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    goal: int = Field(ge=1, le=100)
    lanes: tuple[TrackLane, ...]
