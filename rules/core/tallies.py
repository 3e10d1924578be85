"""Public counts per seat that a player catching up compares between then and now."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Tally(BaseModel):
    """One public count per seat: points scored, models lost, distance run.

    ``counts`` holds ``(seat, count)`` for every seat it counts, in seat order. Only what
    every player may know belongs in a tally: a catch-up shows how it changed to anyone
    seated in the game.
    """

    model_config = ConfigDict(frozen=True)

    label: str
    counts: tuple[tuple[str, int], ...]

    def of(self, seat: str) -> int | None:
        return next((count for s, count in self.counts if s == seat), None)
