"""Who is asking: a user id and the name to show."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Player:
    user_id: int
    name: str
    manager: bool = False  # may manage the server (end games they did not create)
