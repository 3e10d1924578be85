"""The message catalogues: gettext ``.po`` files under ``bot/locales``, one per domain and
language (English is the source and needs none), read with Babel when first asked for.

Two domains:

* ``commands`` (``de.po``): the German words of the commands, their options and
  descriptions, and of the general /help pages and each system's page. Each message's
  ``msgctxt`` says where it appears: discord.py's translation context (``command_name``,
  ``parameter_description``…) for the command tree, ``help`` for a help page by topic.
* ``messages`` (``messages-de.po``): everything else Umpire says to players, from
  refusals to the lines it posts in a game's channel (see :mod:`bot.messages`). The
  ``msgid`` is the English text with its ``{named}`` slots; a message that depends on a
  count has a ``msgid_plural`` and one ``msgstr[n]`` per plural form.

An entry left empty or marked fuzzy counts as untranslated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from babel.messages.pofile import read_po

from rules.core.language import Language

LOCALES = Path(__file__).parent / "locales"

Domain = Literal["commands", "messages"]
FILES: dict[Domain, str] = {"commands": "{language}.po", "messages": "messages-{language}.po"}


@dataclass(frozen=True)
class Catalogue:
    """One language's translations of one domain by (context, English text), and those
    with plural forms by their English singular."""

    language: Language
    messages: Mapping[tuple[str, str], str]
    plurals: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def get(self, context: str, text: str) -> str | None:
        return self.messages.get((context, text))

    def in_context(self, context: str) -> dict[str, str]:
        """Every translation of ``context`` by its English text (or key)."""
        return {text: said for (where, text), said in self.messages.items() if where == context}

    def plural(self, singular: str, count: int) -> str | None:
        """The form of the plural message ``singular`` for ``count`` (German and English
        both have two: one, and everything else)."""
        forms = self.plurals.get(singular)
        if not forms:
            return None
        return forms[0] if count == 1 or len(forms) == 1 else forms[1]


def read_catalogue(path: Path, language: Language) -> Catalogue:
    """The translations of one ``.po`` file."""
    with path.open("rb") as file:
        read = read_po(file, locale=language.value)
    messages: dict[tuple[str, str], str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in read:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(str(s) for s in message.string or ())
            if forms and all(forms):
                plurals[str(message.id[0])] = forms
            continue
        if isinstance(message.string, str) and message.string:
            messages[(message.context or "", message.id)] = message.string
    return Catalogue(language, messages, plurals)


@cache
def catalogue(language: Language, domain: Domain = "commands") -> Catalogue | None:
    """The catalogue of ``domain`` in ``language`` (None for English, the language of the
    source)."""
    if language is Language.ENGLISH:
        return None
    return read_catalogue(LOCALES / FILES[domain].format(language=language.value), language)
