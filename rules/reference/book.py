"""The table book behind ``/table``: find a table by any of its names and answer from it.

A table may have companions in other languages (``tables_<system>.de.json``: the same
ids, as many rows and columns, every word in that language). Every language's names find
a table; a reader is answered in their language where the table has it, else in English."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rules.core.language import Language, Phrase
from rules.reference.choices import MAX_CHOICES, choice, preferred_first
from rules.reference.errors import LookupProblem, PackError
from rules.reference.fields import systems_present
from rules.reference.headings import HeadingMatcher
from rules.reference.loading import TABLES_PREFIX, discover_companions, read_pack, read_packs
from rules.reference.matching import PhraseIndex
from rules.reference.render import cell_sentence, render_column, render_row, render_table
from rules.reference.tables import Heading, Table, TablePack
from rules.reference.text import escape_markdown as md
from rules.reference.text import fold

FIND_CUTOFF = 70.0
AUTOCOMPLETE_CUTOFF = 50.0
EN = Language.ENGLISH
_NO_TABLE = Phrase(
    "No table '{name}'. Tables: {titles}.", "Keine Tabelle '{name}'. Tabellen: {titles}."
)
Translations = dict[Language, dict[str, Table]]


@dataclass(frozen=True, slots=True)
class TableAnswer:
    """A reply to ``/table``: Discord markdown of at most 1,900 characters."""

    text: str
    table_id: str
    system: str
    title: str
    source: str


class TableBook:
    """Every loaded table, findable by id, title or alias (German source terms included)."""

    def __init__(
        self,
        tables: Sequence[Table],
        system_names: dict[str, str],
        translations: Translations | None = None,
        translated_names: dict[Language, dict[str, str]] | None = None,
    ) -> None:
        self._tables = list(tables)
        self._names = dict(system_names)
        self._translated = dict(translations or {})
        self._translated_names = dict(translated_names or {})
        missing = sorted({t.system for t in self._tables} - self._names.keys())
        if missing:
            raise ValueError(f"no display name for systems: {', '.join(missing)}")
        self._by_key = {table.key: table for table in self._tables}
        if len(self._by_key) != len(self._tables):
            raise ValueError("two tables share the same system and id")
        for found in self._translated.values():
            for key, twin in found.items():
                _check_twin(self._by_key.get(key), twin)
        versions = [[table, *self._translations_of(table.key)] for table in self._tables]
        self._exact: dict[str, list[int]] = {}
        for position, both in enumerate(versions):
            names = [both[0].id, *(n for version in both for n in version.names())]
            for name in dict.fromkeys(fold(n) for n in names):
                self._exact.setdefault(name, []).append(position)
        self._phrases = PhraseIndex(
            [
                [*(n for version in both for n in version.names()), both[0].id.replace("-", " ")]
                for both in versions
            ],
            [
                " ".join(name for t in both for h in [*t.rows, *t.columns] for name in h.names())
                for both in versions
            ],
        )
        self._rows = [HeadingMatcher(_merged([t.rows for t in both])) for both in versions]
        self._columns = [HeadingMatcher(_merged([t.columns for t in both])) for both in versions]

    @classmethod
    def from_folders(cls, *folders: Path) -> TableBook:
        """Load every ``tables_*.json`` in the folders, and their companions in other
        languages (each table of a companion translates one of its system's tables).

        Within one system, no two tables may share an id, title or alias.
        """
        tables: list[Table] = []
        names: dict[str, str] = {}
        seen: dict[tuple[str, str], Path] = {}
        for loaded in read_packs(folders, TablePack, TABLES_PREFIX):
            names.setdefault(loaded.pack.system, loaded.pack.name)
            for position, table in enumerate(loaded.pack.tables):
                _claim_names(table, f"tables[{position}]", loaded.path, seen)
                tables.append(table)
        known = {table.key for table in tables}
        translations: Translations = {}
        translated_names: dict[Language, dict[str, str]] = {}
        for language, path in discover_companions(folders, TABLES_PREFIX):
            companion = read_pack(path, TablePack, TABLES_PREFIX).pack
            translated_names.setdefault(language, {})[companion.system] = companion.name
            found = translations.setdefault(language, {})
            for position, table in enumerate(companion.tables):
                problem = (
                    f"'{table.id}' is in no tables_{table.system}.json"
                    if table.key not in known
                    else f"'{table.id}' is translated twice"
                    if table.key in found
                    else None
                )
                if problem is not None:
                    raise PackError(path, [(f"tables[{position}].id", problem)])
                found[table.key] = table
        return cls(tables, names, translations, translated_names)

    def _translations_of(self, key: str) -> list[Table]:
        return [found[key] for found in self._translated.values() if key in found]

    def in_(self, table: Table, language: Language) -> Table:
        """``table`` in ``language`` where it has a companion there, else as it is."""
        return self._translated.get(language, {}).get(table.key, table)

    def system_name_in(self, system: str, language: Language) -> str:
        return self._translated_names.get(language, {}).get(system, self._names[system])

    def __len__(self) -> int:
        return len(self._tables)

    @property
    def tables(self) -> list[Table]:
        return list(self._tables)

    def systems(self) -> list[tuple[str, str]]:
        """``(id, display name)`` of every system with tables, sorted by display name."""
        return systems_present(self._names, self._tables)

    def system_name(self, system: str) -> str:
        return self._names[system]

    def find(self, name: str, system: str | None = None, prefer: str | None = None) -> Table | None:
        """A table by ``system:id``, id, title or alias (any case, accents optional); else the
        closest fuzzy match, or ``None`` when nothing is close. ``prefer`` (the system of the
        game being played) wins among tables that match equally."""
        found = self.candidates(name, system, prefer)
        return found[0] if found else None

    def candidates(
        self, name: str, system: str | None = None, prefer: str | None = None, limit: int = 5
    ) -> list[Table]:
        """The tables ``name`` may mean, most likely first: ``system:id``, then whole names,
        then fuzzy matches (German terms read in English too), ``prefer``'s tables first."""
        text = name.strip()
        if not text:
            return []
        keyed = self._by_key.get(text)
        if keyed is not None and system in (None, keyed.system):
            return [keyed]
        among = [i for i, t in enumerate(self._tables) if system in (None, t.system)]
        exact = [p for p in self._exact.get(fold(text), []) if p in among]
        ranked = self._phrases.rank(
            text, cutoff=FIND_CUTOFF, among=among, limit=limit, unknown_weight=1.0
        )
        fuzzy = [s.item for s in ranked if s.item not in exact]
        preferred = sorted(exact, key=lambda p: self._tables[p].system != prefer)
        if prefer is not None:
            best = ranked[0].score if ranked else 0.0
            ties = [s.item for s in ranked if s.score == best and s.item not in exact]
            fuzzy = sorted(ties, key=lambda p: self._tables[p].system != prefer) + [
                p for p in fuzzy if p not in ties
            ]
        return [self._tables[p] for p in [*preferred, *fuzzy]]

    def autocomplete(
        self,
        current: str,
        system: str | None = None,
        prefer: str | None = None,
        language: Language = EN,
    ) -> list[tuple[str, str]]:
        """At most 25 ``(name, "system:id")`` choices for what has been typed so far, each
        named in ``language`` where the table has it; ``prefer``'s tables (the game being
        played) come first."""
        among = [i for i, t in enumerate(self._tables) if system in (None, t.system)]
        if not current.strip():
            picked = among
        else:
            ranked = self._phrases.rank(
                current,
                cutoff=AUTOCOMPLETE_CUTOFF,
                among=among,
                limit=None if prefer else MAX_CHOICES,
                partial=True,
            )
            picked = [s.item for s in ranked]
        picked = preferred_first(picked, lambda i: self._tables[i].system == prefer)
        return [self._choice(self._tables[i], language) for i in picked[:MAX_CHOICES]]

    def listing(self, prefer: str | None = None, language: Language = EN) -> str:
        """Every table by title, ``prefer``'s (the game being played) first under its
        system's name, for ``/table`` asked without a name; in ``language`` where the
        tables have it."""
        own = [self.in_(t, language).title for t in self._tables if t.system == prefer]
        others = [self.in_(t, language).title for t in self._tables if t.system != prefer]
        hint = Phrase(
            "\nRead one with `/table name:` (suggestions as you type).",
            "\nLies eine mit `/tabelle name:` (Vorschläge beim Tippen).",
        ).in_(language)
        if prefer is None or not own:
            tables = Phrase("Tables: ", "Tabellen: ").in_(language)
            return f"{tables}{md(', '.join(others))}.{hint}"
        of = Phrase("Tables of ", "Tabellen von ").in_(language)
        text = f"{of}{md(self.system_name_in(prefer, language))}: {md(', '.join(own))}."
        other = Phrase("Other systems: ", "Andere Systeme: ").in_(language)
        return text + (f"\n{other}{md(', '.join(others))}." if others else "") + hint

    def answer(
        self,
        name: str,
        row: str | None = None,
        column: str | None = None,
        system: str | None = None,
        prefer: str | None = None,
        language: Language = EN,
    ) -> TableAnswer:
        """Answer ``/table``: one cell as a sentence, one row or column, or the whole table,
        in ``language`` where the table has a companion in it.

        Of the tables ``name`` may mean, the first that has the ``row`` and ``column`` asked
        for answers (``Nahkampf`` row 5 column 3 is the close-combat grid, not the list of
        melee weapons); ``prefer`` is the system of the game being played.

        Raises :class:`LookupProblem` naming what was not found and listing what exists.
        """
        found = self.candidates(name, system, prefer)
        table = next((t for t in found if self._fits(t, row, column)), found[0] if found else None)
        if table is None:
            titles = ", ".join(
                self.in_(t, language).title for t in self._tables if system in (None, t.system)
            )
            raise LookupProblem(_NO_TABLE.in_(language).format(name=md(name), titles=md(titles)))
        position = self._tables.index(table)
        rows, columns = self._rows[position], self._columns[position]
        row = (row or "").strip() or None
        column = (column or "").strip() or None
        if row is not None and column is None and len(table.rows) == 1 and rows.find(row) is None:
            row, column = None, row  # a one-row table: the only thing to pick is a column
        r = (
            None
            if row is None
            else rows.require(row, what="row", table_title=table.title, axis_label=table.row_label)
        )
        c = (
            None
            if column is None
            else columns.require(
                column, what="column", table_title=table.title, axis_label=table.column_label
            )
        )
        if r is None and c is not None and len(table.rows) == 1:
            r = 0
        if c is None and r is not None and len(table.columns) == 1:
            c = 0
        shown = self.in_(table, language)
        if r is not None and c is not None:
            text = cell_sentence(shown, r, c, language)
        elif r is not None:
            text = render_row(shown, r, language)
        elif c is not None:
            text = render_column(shown, c, language)
        else:
            text = render_table(shown, self.system_name_in(table.system, language), language)
        return TableAnswer(text, table.id, table.system, shown.title, shown.section)

    def _fits(self, table: Table, row: str | None, column: str | None) -> bool:
        """Whether ``table`` has the row and column asked for (either may be left out)."""
        position = self._tables.index(table)
        row, column = (row or "").strip() or None, (column or "").strip() or None
        if row is not None and column is None and len(table.rows) == 1:
            return self._columns[position].find(row) is not None
        return (row is None or self._rows[position].find(row) is not None) and (
            column is None or self._columns[position].find(column) is not None
        )

    def _choice(self, table: Table, language: Language = EN) -> tuple[str, str]:
        shown = self.in_(table, language)
        return choice(f"{shown.title} — {self.system_name_in(table.system, language)}", table.key)


def _merged(versions: list[list[Heading]]) -> list[Heading]:
    """Each heading with the names its other languages give it, so a reader may name a
    row or column in any of them."""
    first, *others = versions
    merged = []
    for position, heading in enumerate(first):
        names = [n for other in others for n in other[position].names()]
        extra = [n for n in dict.fromkeys(names) if n not in heading.names()]
        merged.append(heading.model_copy(update={"aliases": [*heading.aliases, *extra]}))
    return merged


def _check_twin(table: Table | None, twin: Table) -> None:
    """A translated table has as many rows and columns as the table it translates."""
    if table is None:
        raise ValueError(f"a translation of no table: {twin.key}")
    if (len(table.rows), len(table.columns)) != (len(twin.rows), len(twin.columns)):
        raise ValueError(f"{twin.key}: the translation's rows or columns differ in number")


def _claim_names(table: Table, where: str, path: Path, seen: dict[tuple[str, str], Path]) -> None:
    """Record the table's id, title and aliases; one already used in its system is an error."""
    named = [("id", table.id), ("title", table.title)]
    named += [(f"aliases[{i}]", alias) for i, alias in enumerate(table.aliases)]
    own: set[tuple[str, str]] = set()
    for field, name in named:
        key = (table.system, fold(name))
        if key in seen and key not in own:
            problem = f"'{name}' already names a table in {seen[key]}"
            raise PackError(path, [(f"{where}.{field}", problem)])
        seen[key] = path
        own.add(key)
