"""Text folding shared by search and table lookups: case, accents, punctuation, numbers."""

from __future__ import annotations

import re
import unicodedata

_TRANSLATE = str.maketrans(
    {
        "ß": "ss",
        "ẞ": "ss",
        "æ": "ae",
        "œ": "oe",
        "ø": "o",
        "–": "-",
        "—": "-",
        "−": "-",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "″": '"',
    }
)
_TOKEN = re.compile(r"[a-z0-9]+")
_MARKDOWN = re.compile(r"([\\*_~`|])")
_LABEL_NOISE = re.compile(r"[\s\"'`]+")
_NUMBER = re.compile(
    r"^[a-z .:#=]*?([+-]?\d+(?:[.,]\d+)?)\s*(?:\"|''|in|inch|inches|\+)?$",
)

STOPWORDS = frozenset(
    {
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "can",
        "do",
        "does",
        "for",
        "from",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "my",
        "of",
        "on",
        "or",
        "the",
        "their",
        "to",
        "what",
        "when",
        "which",
        "with",
        # German filler words, for queries typed in the source language
        "auf",
        "bei",
        "das",
        "dem",
        "den",
        "der",
        "des",
        "die",
        "ein",
        "eine",
        "fur",
        "im",
        "ist",
        "mit",
        "oder",
        "und",
        "von",
        "zu",
    }
)


def fold(text: str) -> str:
    """Lower-case, strip accents (``ä`` → ``a``, ``ß`` → ``ss``) and collapse whitespace."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_TRANSLATE))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def words(text: str) -> list[str]:
    """Every alphanumeric word of ``text``, folded, stopwords included."""
    return _TOKEN.findall(fold(text))


def content_words(text: str) -> list[str]:
    """The words worth matching on: stopwords dropped unless nothing else is left."""
    every = words(text)
    kept = [word for word in every if word not in STOPWORDS]
    return kept or every


def label_key(text: str) -> str:
    """A compact key for exact label matching: folded, without spaces or quote marks."""
    return _LABEL_NOISE.sub("", fold(text))


def parse_number(text: str) -> float | None:
    """The number in answers such as ``5``, ``AS 5``, ``12"`` or ``-2``; ``None`` otherwise."""
    match = _NUMBER.match(fold(text))
    if match is None:
        return None
    return float(match.group(1).replace(",", "."))


def lower_first(text: str) -> str:
    """``Attacker AS`` → ``attacker AS``; acronyms such as ``DIFF`` or ``SH`` stay as they are."""
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text


def upper_first(text: str) -> str:
    """Capitalise the first character only, leaving the rest untouched."""
    return text[:1].upper() + text[1:]


def escape_markdown(text: str) -> str:
    """``Target in cover*`` → ``Target in cover\\*``, so data text never turns into formatting."""
    return _MARKDOWN.sub(r"\\\1", text)
