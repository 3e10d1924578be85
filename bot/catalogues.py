"""The message catalogues: the German words of the commands, their options and
descriptions, and of the general /help pages, in gettext ``.po`` files under
``bot/locales`` (one per language; English is the source and needs none).

Each message's ``msgctxt`` says where it appears: discord.py's translation context
(``command_name``, ``parameter_description``…) for the command tree, ``help`` for a help
page by topic. The files are read with Babel when first asked for (the bot asks when it
starts); an entry left empty or marked fuzzy counts as untranslated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from rules.core.language import Language

LOCALES = Path(__file__).parent / "locales"


@dataclass(frozen=True)
class Catalogue:
    """One language's translations by (context, English text)."""

    language: Language
    messages: Mapping[tuple[str, str], str]

    def get(self, context: str, text: str) -> str | None:
        return self.messages.get((context, text))

    def in_context(self, context: str) -> dict[str, str]:
        """Every translation of ``context`` by its English text (or key)."""
        return {text: said for (where, text), said in self.messages.items() if where == context}


def read_catalogue(path: Path, language: Language) -> Catalogue:
    """The translations of one ``.po`` file."""
    with path.open("rb") as file:
        read = read_po(file, locale=language.value)
    messages: dict[tuple[str, str], str] = {}
    for message in read:
        if not message.id or message.fuzzy or not isinstance(message.id, str):
            continue
        if isinstance(message.string, str) and message.string:
            messages[(message.context or "", message.id)] = message.string
    return Catalogue(language, messages)


@cache
def catalogue(language: Language) -> Catalogue | None:
    """The catalogue of ``language`` (None for English, the language of the source)."""
    if language is Language.ENGLISH:
        return None
    return read_catalogue(LOCALES / f"{language.value}.po", language)
