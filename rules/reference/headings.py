"""Matching what a user typed to a row or column: label, alias, number, then fuzzy."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.language import Phrase
from rules.reference.errors import LookupProblem
from rules.reference.matching import PhraseIndex
from rules.reference.tables import Heading
from rules.reference.text import escape_markdown as md
from rules.reference.text import label_key, lower_first, parse_number

FUZZY_CUTOFF = 75.0
MAX_LEGAL_LIST = 1200


class HeadingMatcher:
    """Resolves answers such as ``5``, ``AS 5``, ``12"``, ``Musketen`` or ``muskts``."""

    def __init__(self, headings: Sequence[Heading]) -> None:
        self._headings = list(headings)
        self._keys: dict[str, int] = {}
        for position, heading in enumerate(self._headings):
            for name in heading.names():
                self._keys.setdefault(label_key(name), position)
        self._bounds = [heading.bounds() for heading in self._headings]
        self._fuzzy: PhraseIndex | None = None

    def find(self, text: str) -> int | None:
        """The position of the heading ``text`` names, or ``None``."""
        exact = self._keys.get(label_key(text))
        if exact is not None:
            return exact
        number = parse_number(text)
        if number is not None:
            for position, bounds in enumerate(self._bounds):
                if bounds is not None and _within(number, bounds):
                    return position
            return None
        if not any(ch.isalpha() for ch in text):
            return None
        if self._fuzzy is None:
            self._fuzzy = PhraseIndex([heading.names() for heading in self._headings])
        ranked = self._fuzzy.rank(text, cutoff=FUZZY_CUTOFF, limit=1, unknown_weight=1.0)
        return ranked[0].item if ranked else None

    def legal(self) -> str:
        """What may be asked for, compactly: ``1–10`` or ``Bows, Muskets, …``."""
        labels = [heading.label for heading in self._headings]
        if all(label.lstrip("-").isdigit() for label in labels):
            numbers = [int(label) for label in labels]
            if numbers == list(range(numbers[0], numbers[0] + len(numbers))) and len(numbers) > 2:
                return f"{numbers[0]}–{numbers[-1]}"
        text = ", ".join(labels)
        if len(text) > MAX_LEGAL_LIST:
            text = text[: MAX_LEGAL_LIST - 1].rsplit(", ", 1)[0] + ", …"
        return text

    def require(self, text: str, *, what: str, table_title: str, axis_label: str) -> int:
        """Like :meth:`find`, but a miss raises :class:`LookupProblem` listing the options."""
        found = self.find(text)
        if found is None:
            legal, axis = md(self.legal()), md(lower_first(axis_label))
            one, many = _GERMAN_AXES.get(what, (what, what))
            raise LookupProblem(
                Phrase(
                    f"No {what} '{md(text)}' in {md(table_title)}. "
                    f"{what.capitalize()}s: {legal} ({axis}).",
                    f"Keine {one} '{md(text)}' in {md(table_title)}. {many}: {legal} ({axis}).",
                )
            )
        return found


_GERMAN_AXES = {"row": ("Zeile", "Zeilen"), "column": ("Spalte", "Spalten")}


def _within(number: float, bounds: tuple[float | None, float | None]) -> bool:
    low, high = bounds
    return (low is None or number >= low) and (high is None or number <= high)
