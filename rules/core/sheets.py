"""Cards of units and characters (``/game sheet``): what a system can show and the card itself.

A system lists the cards a reader may open (:class:`SheetEntry`): the units or characters
of the game as the reader may see them first, then those of its content packs, and words
one card (:class:`Sheet`) in the reader's language where it speaks it. A card is plain
data with no markup: headline facts (points, type, side), then sections of name-value
rows, a small table (health rows, weapon profiles) or lines (a rule explained). Front ends
word it for their medium (an embed on Discord, text in local mode) and cut it to their
limits; nothing here knows either.

Hidden information: a card of a unit in a game is built from what the reader may see of
the game (the system's :meth:`~rules.core.system.GameSystem.view` for them), never from
the full state, so a secret army list, a team not yet revealed or a unit under a hidden
marker stays out of both the list and the cards. The content packs' cards are public.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.core.language import Language, Phrase
from rules.core.names import Option, ambiguous, find, match, missing, normal, word_prefixes
from rules.core.rejection import Rejection

SectionKind = Literal["characteristics", "weapons", "equipment", "rules", "in_game", "notes"]
"""What a section holds, so a front end may lay it out (a table of weapons, say)."""


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class SheetRow(Frozen):
    """One fact: ``Move: 6"``, ``Wounds: 2 of 4``; ``value`` empty for a bare item."""

    name: str
    value: str = ""


class SheetTable(Frozen):
    """A small grid (health rows, weapon profiles): a header and rows of the same width."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()


class SheetSection(Frozen):
    """A titled part of a card: rows, a table and lines, any of them empty."""

    kind: SectionKind
    title: str
    rows: tuple[SheetRow, ...] = ()
    table: SheetTable | None = None
    lines: tuple[str, ...] = ()


class Sheet(Frozen):
    """One card, worded in ``language``: a unit or character in a game (``in_game``: its
    wounds, models left, where it stands) or a profile from the content packs."""

    system: str
    key: str
    title: str
    subtitle: str = ""
    description: str = ""
    facts: tuple[SheetRow, ...] = ()
    sections: tuple[SheetSection, ...] = ()
    in_game: bool = False
    language: Language = Language.ENGLISH

    def in_play(self, played: SheetSection | None, **changes: str) -> Sheet:
        """This profile's card as the card of a piece in a game: ``played`` (what it has
        been through, where it stands) after its sections, and ``changes`` to its title
        or subtitle."""
        update: dict[str, object] = {
            **changes,
            "sections": (*self.sections, *sections(played)),
            "in_game": True,
        }
        return self.model_copy(update=update)


class SheetEntry(Frozen):
    """A card that can be opened: its ``key`` (unique within the system), the ``name`` it is
    listed by (``A3 Scrap Raiders``), a short ``detail`` for menus (``Alpha · 4 of 5
    models``) and other ``names`` it answers to (an id, a German name)."""

    key: str
    name: str
    detail: str = ""
    names: tuple[str, ...] = ()
    in_game: bool = False

    @classmethod
    def of_piece(cls, ident: str, name: str, detail: str, *names: str) -> SheetEntry:
        """The entry of a unit or character in the game: ``A3 Scrap Raiders``, found by
        its name and any other ``names`` too."""
        return cls(
            key=ident, name=f"{ident} {name}", detail=detail, names=(name, *names), in_game=True
        )

    @classmethod
    def of_content(cls, prefix: str, ident: str, name: str, detail: str, *names: str) -> SheetEntry:
        """The entry of a card from the content packs (a profile, a character, a stance):
        keyed ``prefix + ident``, open to everyone, found by its id and any other
        ``names`` too."""
        return cls(key=prefix + ident, name=name, detail=detail, names=(ident, *names))

    def option(self, ident: str | None = None, label: str | None = None) -> Option:
        """The entry as something a reader may name: by ``ident`` (its key unless told),
        its key, its name and other names; refusals show ``label`` (its name unless told)."""
        return Option(ident or self.key, label or self.name, (self.key, self.name, *self.names))


# -- words every system's cards share -----------------------------------------------------
HEADINGS: dict[SectionKind, Phrase] = {
    "characteristics": Phrase("Characteristics", "Werte"),
    "weapons": Phrase("Weapons", "Waffen"),
    "equipment": Phrase("Equipment", "Ausrüstung"),
    "rules": Phrase("Special rules", "Sonderregeln"),
    "in_game": Phrase("In this game", "In diesem Spiel"),
    "notes": Phrase("Notes", "Hinweise"),
}
POINTS = Phrase("Points", "Punkte")
WHAT = Phrase("unit or character", "Einheit oder Figur")
KNOWN = Phrase("Cards", "Karten")


def heading(kind: SectionKind, language: Language = Language.ENGLISH) -> str:
    return HEADINGS[kind].in_(language)


def section(
    kind: SectionKind,
    language: Language = Language.ENGLISH,
    *,
    rows: Iterable[SheetRow] = (),
    table: SheetTable | None = None,
    lines: Iterable[str] = (),
    title: str | None = None,
) -> SheetSection | None:
    """A section under the shared heading for ``kind`` (or ``title``), None when empty."""
    shown_rows, shown_lines = tuple(rows), tuple(line for line in lines if line)
    if not shown_rows and not shown_lines and (table is None or not table.rows):
        return None
    return SheetSection(
        kind=kind,
        title=title or heading(kind, language),
        rows=shown_rows,
        table=table if table is not None and table.rows else None,
        lines=shown_lines,
    )


def sections(*found: SheetSection | None) -> tuple[SheetSection, ...]:
    """The sections that are there, in order."""
    return tuple(s for s in found if s is not None)


# -- finding a card ------------------------------------------------------------------------
def matching(entries: Sequence[SheetEntry], typed: str) -> list[SheetEntry]:
    """The entries ``typed`` fits as a reader types: every entry when nothing is typed,
    else those whose key or a name contains it or starts word by word with it, in order."""
    wanted = normal(typed)
    if not wanted:
        return list(entries)
    return [
        entry
        for entry in entries
        if any(
            wanted in normal(name) or word_prefixes(wanted, normal(name))
            for name in (entry.key, entry.name, *entry.names)
        )
    ]


def find_sheet(
    typed: str,
    options: Sequence[Option],
    likely: Collection[str] = (),
    language: Language = Language.ENGLISH,
) -> str | Rejection:
    """The id among ``options`` (cards, as :meth:`SheetEntry.option` makes them) that
    ``typed`` names. The ``likely`` ones (the game's own units and characters) are
    searched first; a miss names the closest spelling among all of them and lists them
    in their order (the game's first), and an ambiguity asks which one was meant."""
    german = language is Language.GERMAN
    what = WHAT if german else Phrase(WHAT.english)
    known = KNOWN if german else Phrase(KNOWN.english)
    if not normal(typed):
        return find(typed, options, what, known)  # "Name the unit or character."
    preferred = [o for o in options if o.id in likely]
    found = match(typed, preferred) or match(typed, options)
    if len(found) == 1:
        return found[0].id
    if found:
        return ambiguous(typed, found, german)
    return missing(typed, what, known, options)
