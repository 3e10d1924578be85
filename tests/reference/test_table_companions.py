"""Tables in the reader's language: a companion ``tables_<system>.de.json`` holds the same
tables in German (the black-powder game's come from its German sheet); a German reader is
answered from it, words of either language find a table, row or column, and a companion
translates only tables its system has, row for row."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.discord_app.cogs.lookup import table_text
from rules.blackpowder.system import BlackPowderSystem
from rules.core.language import Language
from rules.reference import PackError, load_default_tables
from rules.reference.book import TableBook
from tests.reference.helpers import grid, tables_pack, write_pack

EN, DE = Language.ENGLISH, Language.GERMAN
FOLDER = BlackPowderSystem.reference
assert FOLDER is not None


def _tables(name: str) -> dict[str, dict[str, object]]:
    data = json.loads((FOLDER / name).read_text(encoding="utf-8"))
    return {table["id"]: table for table in data["tables"]}


def test_every_black_powder_table_has_a_german_twin_with_the_same_numbers() -> None:
    english, german = _tables("tables_blackpowder.json"), _tables("tables_blackpowder.de.json")
    assert list(english) == list(german)
    number = re.compile(r'^[-+<]?\d+[+"]?(/[-+]?\d+)?$')
    for ident, table in english.items():
        twin = german[ident]
        assert twin["title"] != table["title"] or ident == "spotting", ident
        for line, other in zip(table["cells"], twin["cells"], strict=True):  # type: ignore[call-overload]
            for cell, zelle in zip(line, other, strict=True):
                if number.match(cell):
                    assert zelle == cell, (ident, cell, zelle)


def test_a_german_reader_gets_the_german_table() -> None:
    whole = table_text("ranged weapons", None, None, "blackpowder", DE)
    assert whole.startswith("**Fernkampfwaffen** · Schwarzpulver (kartengesteuert)\n")
    assert "Gezogene Vorderlader" in whole and "-# Quelle: 003 · Fernkampfwaffen" in whole
    english = table_text("Fernkampfwaffen", None, None, "blackpowder")
    assert english.startswith("**Ranged weapons** · Black powder (card-driven)\n")
    assert "-# Source: 003 · Fernkampfwaffen" in english


def test_a_cell_is_read_with_words_of_either_language() -> None:
    assert table_text("Sammeln-Wert", "2", "Rekrut", "blackpowder", DE) == (
        "Rekrut, modifizierter Wurf 2: **Zurückweichen oder Erschüttert**"
    )
    assert table_text("rally values", "2", "Recruits", "blackpowder", DE) == (
        "Rekrut, modifizierter Wurf 2: **Zurückweichen oder Erschüttert**"
    )
    assert table_text("Sammeln-Wert", "2", "Rekruten", "blackpowder") == (
        "Recruits, modified roll 2: **Fall back or shaken**"
    )


def test_a_whole_grid_names_its_axes_and_key_in_german() -> None:
    rally = table_text("Sammeln-Wert", None, None, "blackpowder", DE)
    assert "Zeilen: Modifizierter Wurf · Spalten: Truppenqualität" in rally
    assert "Legende: Aufger. = Aufgerieben" in rally


def test_autocomplete_names_tables_in_the_readers_language() -> None:
    offered = load_default_tables().autocomplete("Fernkampfw", language=DE)
    assert ("Fernkampfwaffen — Schwarzpulver (kartengesteuert)", "blackpowder:ranged-weapons") in (
        offered
    )


def test_a_companion_translates_only_its_systems_tables_row_for_row(tmp_path: Path) -> None:
    write_pack(tmp_path, "tables_house.json", tables_pack("house", grid("odds")))
    write_pack(tmp_path, "tables_house.de.json", tables_pack("house", grid("evens")))
    with pytest.raises(PackError, match=r"'evens' is in no tables_house\.json"):
        TableBook.from_folders(tmp_path)
    fewer = grid("odds", rows=[{"label": "1"}], cells=[["6+", "7+"]])
    write_pack(tmp_path, "tables_house.de.json", tables_pack("house", fewer))
    with pytest.raises(ValueError, match="rows or columns differ in number"):
        TableBook.from_folders(tmp_path)
