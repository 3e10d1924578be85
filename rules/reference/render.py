"""Tables as Discord markdown: one cell as a sentence, one row or column, or the whole table.

Whole tables are drawn as monospace code blocks and always fit in :data:`MAX_TEXT`
characters: columns are split into several blocks when a line gets too wide, long rows turn
into one block per row, and as a last resort notes are dropped and lines cut.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.core.language import Language, Phrase
from rules.reference.tables import Heading, Table
from rules.reference.text import escape_markdown as md
from rules.reference.text import lower_first, upper_first

MAX_TEXT = 1900
LINE_WIDTH = 72
"""Lines wider than this wrap on most screens, so wider tables are split."""
LABEL_FIRST_WIDTH = 26
"""List tables put longer row labels after the values, where they may run on."""
GAP = "  "
SHORTENED = Phrase(
    "-# Shortened to fit: ask for a single row or column to see the rest.",
    "-# Gekürzt: Frag nach einer einzelnen Zeile oder Spalte, um den Rest zu sehen.",
)
_AXES = Phrase("Rows: {rows} · columns: {columns}", "Zeilen: {rows} · Spalten: {columns}")
_KEY = Phrase("Key: ", "Legende: ")
_SOURCE = Phrase("-# Source: ", "-# Quelle: ")
_DEFAULT = Phrase("No {axis} given? Use {axis} {default}: ", "Ohne {axis}? Nimm {axis} {default}: ")
_VERSUS = Phrase("{row} vs {column}: **{value}**", "{row} gegen {column}: **{value}**")
EN = Language.ENGLISH
_NUMERIC = re.compile(r"^[<>]?[-+]?\d")


def is_numeric(label: str) -> bool:
    return bool(_NUMERIC.match(label))


def phrase(heading: Heading, axis_label: str) -> str:
    """How a sentence names a row or column: ``attacker AS 5``, ``muskets``."""
    if heading.phrase is not None:
        return heading.phrase
    if is_numeric(heading.label):
        return f"{lower_first(axis_label)} {heading.label}"
    return lower_first(heading.label)


def cell_sentence(table: Table, row: int, column: int, language: Language = EN) -> str:
    """One value as a sentence, e.g. ``Attacker AS 5 vs defender AS 3: **4+**``."""
    if table.sentence is not None:
        template = table.sentence
    elif table.kind == "grid":
        template = _VERSUS.in_(language)
    elif len(table.columns) == 1:
        template = "{row}: **{value}**"
    else:
        template = "{row} — {column_name}: **{value}**"
    heading_row = table.rows[row]
    heading_column = table.columns[column]
    text = template.format(
        row=md(phrase(heading_row, table.row_label)),
        row_name=md(heading_row.label),
        column=md(phrase(heading_column, table.column_label)),
        column_name=md(heading_column.label),
        value=md(table.cells[row][column]),
    )
    return upper_first(text)


def _code(lines: Sequence[str]) -> str:
    return "```\n" + "\n".join(lines) + "\n```"


def _align(matrix: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(line[i]) for line in matrix) for i in range(len(matrix[0]))]
    return [
        GAP.join(cell.ljust(widths[i]) for i, cell in enumerate(line)).rstrip() for line in matrix
    ]


def _split_columns(matrix: Sequence[Sequence[str]]) -> list[list[str]] | None:
    """Aligned blocks repeating the first column, each within :data:`LINE_WIDTH`."""
    first = max(len(line[0]) for line in matrix)
    groups: list[list[int]] = [[]]
    width = first
    for i in range(1, len(matrix[0])):
        column = max(len(line[i]) for line in matrix) + len(GAP)
        if groups[-1] and width + column > LINE_WIDTH:
            groups.append([])
            width = first
        groups[-1].append(i)
        width += column
    blocks = [_align([[line[0], *(line[i] for i in group)] for line in matrix]) for group in groups]
    if any(len(text) > LINE_WIDTH for block in blocks for text in block):
        return None
    return blocks


def _records(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """One small block per row, for tables too wide to draw as columns."""
    if len(headers) == 1:
        return [f"{row[0]}: {row[1]}" for row in rows]
    lines: list[str] = []
    for row in rows:
        lines.append(row[0])
        lines.extend(f"  {header}: {value}" for header, value in zip(headers, row[1:], strict=True))
    return lines


def table_blocks(table: Table) -> tuple[list[list[str]], bool]:
    """The table's code blocks (as lines) and whether any abbreviation was used.

    Grids too wide for one block are split into several blocks of columns; list tables
    too wide are drawn one row at a time instead.
    """
    abbreviated = False

    def show(value: str) -> str:
        nonlocal abbreviated
        short = table.abbreviations.get(value)
        if short is not None and short != value:
            abbreviated = True
            return short
        return value

    headers = [column.short or column.label for column in table.columns]
    labels = [row.short or row.label for row in table.rows]
    values = [[show(value) for value in line] for line in table.cells]
    records = [[label, *line] for label, line in zip(labels, values, strict=True)]
    if table.kind == "list":
        longest = max(len(label) for label in labels)
        if longest > LABEL_FIRST_WIDTH:
            matrix = [[*headers, table.row_label], *([*line, label] for label, *line in records)]
            lines = _align(matrix)
            too_wide = max(len(line) for line in lines) - longest > LINE_WIDTH
        else:
            lines = _align([[table.row_label, *headers], *records])
            too_wide = max(len(line) for line in lines) > LINE_WIDTH
        return ([_records(headers, records)] if too_wide else [lines]), abbreviated
    matrix = [["", *headers], *records]
    lines = _align(matrix)
    if max(len(line) for line in lines) <= LINE_WIDTH:
        return [lines], abbreviated
    split = _split_columns(matrix)
    return (split if split is not None else [_records(headers, records)]), abbreviated


def _legend(table: Table, language: Language = EN) -> str:
    used = {v for line in table.cells for v in line}
    pairs = [f"{short} = {full}" for full, short in table.abbreviations.items() if full in used]
    return _KEY.in_(language) + "; ".join(pairs) if pairs else ""


def fit(
    parts: Sequence[str], notes: Sequence[str], limit: int = MAX_TEXT, language: Language = EN
) -> str:
    """Join ``parts`` and as many ``notes`` as fit; cut the result if it is still too long."""
    kept = list(notes)
    text = "\n".join(part for part in [*parts, *kept] if part)
    while len(text) > limit and kept:
        kept.pop()
        text = "\n".join(part for part in [*parts, *kept] if part)
    if len(text) <= limit:
        return text
    shortened = SHORTENED.in_(language)
    budget = limit - len(shortened) - len("\n```\n")
    cut = text[:budget]
    cut = cut[: cut.rfind("\n")] if "\n" in cut else cut
    if cut.count("```") % 2:
        cut += "\n```"
    return f"{cut}\n{shortened}"


def render_table(table: Table, system_name: str, language: Language = EN) -> str:
    """The whole table: a title line, code blocks, a key for abbreviations, then notes."""
    blocks, abbreviated = table_blocks(table)
    if table.kind == "grid" and len(table.rows) > 1:
        # German nouns keep their capital
        lower = lower_first if language is EN else str
        axes = _AXES.in_(language).format(
            rows=lower(table.row_label), columns=lower(table.column_label)
        )
    else:
        axes = ""
    parts = [f"**{md(table.title)}** · {md(system_name)}", md(axes)]
    parts.extend(_code(block) for block in blocks)
    if abbreviated:
        parts.append(md(_legend(table, language)))
    source = f"{_SOURCE.in_(language)}{md(table.section)}"
    return fit(parts, [*_notes(table), source], language=language)


def render_row(table: Table, row: int, language: Language = EN) -> str:
    """One row: for a grid, its values under the column headings; for a list, its fields."""
    heading = table.rows[row]
    pairs = list(zip(table.columns, table.cells[row], strict=True))
    fields = [f"{md(column.label)}: **{md(value)}**" for column, value in pairs]
    if table.kind == "list":
        title = f"**{md(table.title)}** — {md(heading.label)}"
        return fit([title, *fields], _notes(table), language=language)
    parts = [f"**{md(table.title)}** — {md(phrase(heading, table.row_label))}"]
    matrix = [
        [table.column_label, *(column.short or column.label for column in table.columns)],
        ["", *table.cells[row]],
    ]
    lines = _align(matrix)
    if max(len(line) for line in lines) <= LINE_WIDTH:
        parts.append(_code(lines))
    else:
        parts.extend(fields)
    if table.default_column is not None:
        index = [column.label for column in table.columns].index(table.default_column)
        axis, default = md(table.column_label), md(table.default_column)
        use = _DEFAULT.in_(language).format(axis=axis, default=default)
        parts.append(f"{use}**{md(table.cells[row][index])}**")
    return fit(parts, _notes(table), language=language)


def render_column(table: Table, column: int, language: Language = EN) -> str:
    """One column: every row's value for it."""
    heading = table.columns[column]
    title = f"**{md(table.title)}** — {md(phrase(heading, table.column_label))}"
    matrix = [[row.short or row.label, table.cells[i][column]] for i, row in enumerate(table.rows)]
    lines = _align([[table.row_label, ""], *matrix] if table.kind == "grid" else matrix)
    if max(len(line) for line in lines) > LINE_WIDTH:
        lines = [f"{label}: {value}" for label, value in matrix]
    return fit([title, _code(lines)], _notes(table), language=language)


def _notes(table: Table) -> list[str]:
    return [f"-# {md(note)}" for note in table.notes]
