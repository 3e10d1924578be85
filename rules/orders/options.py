"""Options chosen at ``/game new``: turns, an upper floor, the deadline for duel bids and DM
answers."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class OrdersOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    turns: int = Field(default=6, ge=1, le=12, description="Turns before the game ends ([20.4]).")
    levels: int = Field(
        default=1,
        ge=1,
        le=2,
        description="2 adds an upper floor joined by stairs ([19]); the generator itself"
        " builds one level.",
    )
    bid_minutes: int = Field(
        default=720,
        ge=1,
        le=20160,
        description="Minutes to answer a duel bid or an interruption chance before Umpire"
        " answers for the seat (no bid, no interruption).",
    )
