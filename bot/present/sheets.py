"""A unit's or character's card (:class:`rules.core.sheets.Sheet`) worded as text: the
parts Discord's embed and the terminal share, and the whole card as one message."""

from __future__ import annotations

from rules.core.language import Language, Phrase
from rules.core.sheets import Sheet, SheetRow, SheetSection, SheetTable

CELL = 24  # a table cell is cut to this many characters
MESSAGE = 2000
INLINE = 120  # a section this short shares its title's line
MORE = Phrase("… and {n} more", "… und {n} weitere")


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending in an ellipsis when it was cut."""
    return text if len(text) <= limit else text[: max(0, limit - 1)].rstrip() + "…"


def rows_text(rows: tuple[SheetRow, ...]) -> str:
    """``Move 6" · Will 5+ · Life 4+`` (a bare item as its name)."""
    return " · ".join(f"{r.name} {r.value}" if r.value else r.name for r in rows)


def table_lines(table: SheetTable) -> list[str]:
    """The table in aligned columns for a monospaced block, the header first."""
    grid = [tuple(clip(c, CELL) for c in row) for row in (table.columns, *table.rows)]
    widths = [max(len(row[i]) if i < len(row) else 0 for row in grid) for i in range(len(grid[0]))]
    return ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in grid]


def section_pieces(part: SheetSection) -> list[str]:
    """A section's parts as text: characteristics on one line, other rows one a line, the
    table as a code block, then each line as a bullet."""
    pieces: list[str] = []
    if part.rows and part.kind == "characteristics":
        pieces.append(rows_text(part.rows))
    else:
        pieces.extend(f"{r.name}: {r.value}" if r.value else r.name for r in part.rows)
    if part.table is not None:
        pieces.append("```\n" + "\n".join(table_lines(part.table)) + "\n```")
    pieces.extend(f"• {line}" for line in part.lines)
    return pieces


def fitted(pieces: list[str], limit: int, language: Language = Language.ENGLISH) -> str:
    """The pieces one a line within ``limit`` characters; those that do not fit are left
    out and counted (in ``language``), and a first piece too long alone is cut."""

    def _more(count: int) -> str:
        return MORE.in_(language).format(n=count) if count else ""

    shown: list[str] = []
    for n, piece in enumerate(pieces):
        after = _more(len(pieces) - n - 1)
        if len("\n".join([*shown, piece, after] if after else [*shown, piece])) <= limit:
            shown.append(piece)
            continue
        if not shown:
            inner = piece.removeprefix("```\n").removesuffix("\n```")
            return clip(inner, limit)
        shown.append(_more(len(pieces) - n))
        break
    return "\n".join(shown)


def section_body(part: SheetSection, limit: int, language: Language = Language.ENGLISH) -> str:
    """A section's text within ``limit`` characters."""
    return fitted(section_pieces(part), limit, language)


def heading_line(sheet: Sheet) -> str:
    return f"**{sheet.title}**" + (f" — {sheet.subtitle}" if sheet.subtitle else "")


def sheet_text(sheet: Sheet, limit: int = MESSAGE) -> str:
    """The whole card as one message of at most ``limit`` characters: title, facts, each
    section under its title, then the description."""
    parts = [heading_line(sheet)]
    if sheet.facts:
        parts.append(" · ".join(f"{r.name}: {r.value}" for r in sheet.facts))
    for part in sheet.sections:
        body = section_body(part, 900, sheet.language)
        if part.lines and not part.rows and part.table is None:
            listed = " · ".join(part.lines)
            body = listed if len(listed) <= INLINE else body
        if "\n" not in body and len(body) <= INLINE:
            parts.append(f"__{part.title}__: {body.removeprefix('• ')}")
        else:
            parts.append(f"__{part.title}__\n{body}")
    if part_lines := [line for line in sheet.description.splitlines() if line]:
        parts.append("*" + " ".join(part_lines) + "*")
    return clip("\n".join(parts), limit)
