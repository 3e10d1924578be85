"""Who is asking: a user id, the name to show and the language they read."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.language import Language


@dataclass(frozen=True, slots=True)
class Player:
    user_id: int
    name: str
    manager: bool = False  # may manage the server (end games they did not create)
    language: Language = Language.ENGLISH  # their client's; what they did is worded in it
