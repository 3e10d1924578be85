"""Who may see a piece of information: everyone, some seats, or only the referee."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class Visibility(BaseModel):
    """The audience of an event or log line.

    ``public`` reaches the channel; ``seats`` reaches only the listed seats (by DM or an
    ephemeral reply); ``referee`` reaches nobody at the table, only audits after the game.
    """

    model_config = ConfigDict(frozen=True)

    scope: Literal["public", "seats", "referee"] = "public"
    seats: tuple[str, ...] = ()

    def allows(self, viewer: Viewer) -> bool:
        if viewer.referee or self.scope == "public":
            return True
        if self.scope == "seats":
            return viewer.seat is not None and viewer.seat in self.seats
        return False


class Viewer(BaseModel):
    """Somebody looking at a game: a seat, a spectator (no seat), or the referee."""

    model_config = ConfigDict(frozen=True)

    seat: str | None = None
    referee: bool = False

    @classmethod
    def spectator(cls) -> Viewer:
        return cls()

    @classmethod
    def of_seat(cls, seat: str) -> Viewer:
        return cls(seat=seat)

    @classmethod
    def as_referee(cls) -> Viewer:
        return cls(referee=True)


PUBLIC = Visibility()
REFEREE = Visibility(scope="referee")


def only(*seats: str) -> Visibility:
    """Visible to the given seats only."""
    return Visibility(scope="seats", seats=tuple(seats))
