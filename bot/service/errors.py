"""Refusals the service raises; front ends show them only to the person who asked, in
that person's language (:meth:`UserError.in_`)."""

from __future__ import annotations

from bot.messages import Message, as_is, said
from rules.core.language import Language
from rules.core.rejection import Rejection


class UserError(Exception):
    """Something the user asked for cannot be done; the message says why and what would
    work. It is worded when shown, in the reader's language."""

    def __init__(self, said: Message) -> None:
        super().__init__(said.english)
        self.said = said

    @property
    def message(self) -> str:
        """The refusal in English (logs, and readers Umpire knows nothing about)."""
        return self.said.english

    def in_(self, language: Language) -> str:
        """The refusal in ``language``."""
        return self.said.in_(language)


def unexpected(incident: str) -> Message:
    """What a user is told when something unexpected failed on our side."""
    return said(
        "Something went wrong on our side (error id `{incident}`). The game was not changed. "
        "Please try again, and quote the id if you report it.",
        incident=incident,
    )


class ActionRefused(UserError):
    """An engine rejected an action; carries the rejection with its code and rule, and
    words it in the language of whoever reads it (the rules give their own German)."""

    def __init__(self, rejection: Rejection, language: Language = Language.ENGLISH) -> None:
        super().__init__(as_is(rejection.explain(language=language)))
        self.rejection = rejection

    def in_(self, language: Language) -> str:
        return self.rejection.explain(language=language)


class ChoiceExpired(UserError):
    """A button or select belongs to an earlier moment of the game."""

    def __init__(self) -> None:
        super().__init__(
            said("This choice has expired: the game has moved on. Nothing was changed.")
        )
