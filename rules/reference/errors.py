"""The two ways a lookup can go wrong: bad data on disk, or a question the data cannot answer."""

from __future__ import annotations

from rules.core.language import Language, Phrase, text_in
from rules.core.packs import PackError


class LookupProblem(LookupError):
    """A table, row, column or system that does not exist; the message lists what does,
    in English and, where it has it, German (:meth:`in_`)."""

    def __init__(self, message: str | Phrase) -> None:
        self.said = message
        self.message = text_in(message, Language.ENGLISH)
        super().__init__(self.message)

    def in_(self, language: Language) -> str:
        return text_in(self.said, language)

    def __str__(self) -> str:
        return self.message


__all__ = ["LookupProblem", "PackError"]
