"""Rooms: named sets of squares, for effects that reach a whole room at once."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field

from rules.grid.squares import Square


class Room(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=60)
    squares: frozenset[Square] = Field(min_length=1)


def room_of(square: Square, rooms: Iterable[Room]) -> Room | None:
    """The room holding ``square``, or ``None`` in a corridor or outside every room."""
    return next((room for room in rooms if square in room.squares), None)
