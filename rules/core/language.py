"""The languages Umpire speaks to players, and text that carries each language it has.

Language is always a parameter, never global state: the front end turns the locale of the
interaction (Discord's ``de``, ``en-GB``…) into a :class:`Language` with
:func:`language_of_locale` and hands it down with the call. Engines stay deterministic:
what they decide never depends on the language, only the words they choose.

A :class:`Phrase` is one piece of text in English and, where it has one, German. Refusals
made deep inside a system's rules carry their phrase whole (``reject`` accepts one), so the
rules need not know who will read them; narration is asked for in a language
(:meth:`rules.core.system.GameSystem.describe_in`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Language(StrEnum):
    """A language players are answered in. English is the default everywhere."""

    ENGLISH = "en"
    GERMAN = "de"


def language_of_locale(locale: str | None) -> Language:
    """The language for a Discord (or any BCP 47) locale: German for ``de`` and its
    regional forms, English for anything else or nothing."""
    if locale is None:
        return Language.ENGLISH
    base = str(locale).replace("_", "-").split("-", 1)[0].strip().lower()
    return Language.GERMAN if base == "de" else Language.ENGLISH


@dataclass(frozen=True)
class Phrase:
    """Text in English and, when it has one, in German (English stands in otherwise)."""

    english: str
    german: str | None = None

    def in_(self, language: Language) -> str:
        if language is Language.GERMAN and self.german is not None:
            return self.german
        return self.english

    def __add__(self, other: Phrase | str) -> Phrase:
        """Two phrases (or a phrase and plain text, the same in every language) joined."""
        if isinstance(other, str):
            other = Phrase(other)
        german = (
            None
            if self.german is None and other.german is None
            else self.in_(Language.GERMAN) + other.in_(Language.GERMAN)
        )
        return Phrase(self.english + other.english, german)


def text_in(text: str | Phrase, language: Language) -> str:
    """``text`` in ``language``: plain text is the same in every language."""
    return text if isinstance(text, str) else text.in_(language)
