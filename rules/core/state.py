"""The part of every game state that the core itself maintains."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class GameState(BaseModel):
    """Base of every engine's state. Engines subclass it and add their own fields.

    ``dice_counter`` is the position of the game's seeded dice stream: it lives in the state,
    so undoing an action also rewinds the dice and repeating it rolls the same values.
    """

    model_config = ConfigDict(frozen=True)

    seats: tuple[str, ...]
    dice_counter: int = 0
    conceded: tuple[str, ...] = ()
    finished: bool = False
    winners: tuple[str, ...] = ()
    end_reason: str = ""

    def seats_in_play(self) -> tuple[str, ...]:
        return tuple(seat for seat in self.seats if seat not in self.conceded)
