"""Refusals the service raises; front ends show them only to the person who asked."""

from __future__ import annotations

from rules.core.language import Language
from rules.core.rejection import Rejection


class UserError(Exception):
    """Something the user asked for cannot be done; the message says why and what would work."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ActionRefused(UserError):
    """An engine rejected an action; carries the rejection with its code and rule, and
    words it in the language of the player who tried."""

    def __init__(self, rejection: Rejection, language: Language = Language.ENGLISH) -> None:
        super().__init__(rejection.explain(language=language))
        self.rejection = rejection


class ChoiceExpired(UserError):
    """A button or select belongs to an earlier moment of the game."""

    def __init__(self) -> None:
        super().__init__("This choice has expired: the game has moved on. Nothing was changed.")
