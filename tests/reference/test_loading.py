"""Bundled data loads, covers the required topics, and extra pack folders extend it."""

from __future__ import annotations

from pathlib import Path

from rules.blackpowder.system import BlackPowderSystem
from rules.orders.system import OrdersSystem
from rules.reference import (
    DATA_DIR,
    RulesIndex,
    TableBook,
    load_default_index,
    load_default_tables,
)
from rules.reference.defaults import system_folders
from rules.squad.system import SquadSystem
from tests.reference.helpers import grid, rule, rules_pack, tables_pack, write_pack

SQUAD_DIR = SquadSystem.reference
ORDERS_DIR = OrdersSystem.reference
BLACKPOWDER_DIR = BlackPowderSystem.reference

SQUAD_TOPICS = {
    "game-turn",
    "marker-phase",
    "initiative",
    "activation",
    "orders",
    "move-order",
    "rush-order",
    "hold-order",
    "shoot-order",
    "assault-order",
    "line-of-sight",
    "target-selection",
    "to-hit",
    "to-hit-modifiers",
    "hit-allocation",
    "damage",
    "range-bands",
    "close-combat",
    "close-combat-table",
    "close-combat-modifiers",
    "tests",
    "reaction-tests",
    "morale-checks",
    "morale-results",
    "rally-checks",
    "panic",
    "rout",
    "commands",
    "forces",
    "deployment",
    "scenarios",
    "victory",
    "reaction-shots",
    "counter-charge",
    "battle-awareness",
    "combat-result",
    "base-contact",
    "unit-profiles",
    "weapons",
    "leader",
    "steady",
}
DICE_TOPICS = {
    "natural-10",
    "natural-1",
    "empty-dice-pool",
    "test-difficulty",
    "duels",
    "automatic-successes",
    "zero-is-ten",
    "automatic-pass-fail",
    "d5",
    "roll-together",
}
SQUAD_TABLES = {
    "shooting",
    "to-hit-modifiers",
    "range-bands",
    "close-combat",
    "close-combat-modifiers",
    "tests",
    "morale-results",
    "rally-modifiers",
}
BLACKPOWDER_TABLES = {
    "movement",
    "terrain-types",
    "spotting",
    "spotting-modifiers",
    "ranged-weapons",
    "reaction-modifiers",
    "rally-values",
    "ranged-modifiers",
    "melee-weapons",
    "defence-modifiers",
    "withdraw-flee",
}


def test_bundled_files_are_discovered_by_name() -> None:
    names = {path.name for path in DATA_DIR.glob("*.json")}
    assert "rules_dice.json" in names
    names = {path.name for path in BLACKPOWDER_DIR.glob("*.json")}
    assert {"tables_blackpowder.json", "rules_blackpowder.json"} <= names
    assert "rules_orders.json" in {p.name for p in ORDERS_DIR.glob("*.json")}
    names = {path.name for path in SQUAD_DIR.glob("*.json")}
    assert {"rules_squad.json", "tables_squad.json"} <= names


def test_default_index_is_cached_and_complete() -> None:
    index = load_default_index()
    assert load_default_index() is index
    assert index.systems() == [
        ("blackpowder", "Black powder (card-driven)"),
        ("dice", "Dice conventions"),
        ("orders", "Order tiles (square grid)"),
        ("squad", "Squad orders (D10)"),
        ("tannhauser", "Tannhäuser"),
        ("wasteland", "Wasteland Tactics"),
    ]
    ids = {(entry.system, entry.id) for entry in index.entries}
    assert {("squad", topic) for topic in SQUAD_TOPICS} <= ids
    assert {("dice", topic) for topic in DICE_TOPICS} <= ids
    assert sum(1 for entry in index.entries if entry.system == "dice") >= 8


def test_every_entry_fits_discord() -> None:
    index = load_default_index()
    for entry in index.entries:
        assert len(entry.title) <= 100
        assert len(entry.body) <= 1500
        assert len(entry.key) <= 100
        assert entry.section[:3].isdigit(), entry.section  # cites a numbered source
        assert len(entry.as_markdown(index.system_name(entry.system))) <= 2000


def test_get_by_system_and_id() -> None:
    index = load_default_index()
    entry = index.get("squad", "rush-order")
    assert entry is not None and entry.title == "Rush order"
    assert index.get("squad", "no-such-topic") is None
    assert index.get("nowhere", "rush-order") is None


def test_default_tables_are_cached_and_complete() -> None:
    book = load_default_tables()
    assert load_default_tables() is book
    keys = {(table.system, table.id) for table in book.tables}
    assert {("squad", table) for table in SQUAD_TABLES} <= keys
    assert {("blackpowder", table) for table in BLACKPOWDER_TABLES} <= keys
    assert dict(book.systems()) == {
        "blackpowder": "Black powder (card-driven)",
        "orders": "Order tiles (square grid)",
        "squad": "Squad orders (D10)",
        "tannhauser": "Tannhäuser",
        "wasteland": "Wasteland Tactics",
    }


def test_ocr_corrections_are_kept_for_maintainers_but_never_shown() -> None:
    book = load_default_tables()
    for name in ("close-combat", "tests", "shooting"):
        table = book.find(f"squad:{name}")
        assert table is not None
        assert any("7+" in note and "T+" in note for note in table.corrections), name
        assert not any("correction" in note.lower() for note in table.notes), name
        shown = [book.answer(f"squad:{name}").text, book.answer(f"squad:{name}", "3").text]
        assert all("T+" not in text and "correction" not in text.lower() for text in shown)
    tests = book.find("squad:tests")
    assert tests is not None
    assert any("&" in note and "1-10" in note for note in tests.corrections)


def test_extra_folder_adds_a_system(tmp_path: Path) -> None:
    write_pack(
        tmp_path, "rules_house.json", rules_pack("house", rule("overwatch", title="Overwatch"))
    )
    write_pack(tmp_path, "tables_house.json", tables_pack("house", grid("duel", title="Duel grid")))
    index = load_default_index(tmp_path)
    assert index is not load_default_index()
    assert ("house", "House rules") in index.systems()
    assert index.search("overwatch")[0].entry.key == "house:overwatch"
    book = load_default_tables(tmp_path)
    table = book.find("duel grid")
    assert table is not None and table.key == "house:duel"


def test_a_system_may_span_several_folders(tmp_path: Path) -> None:
    write_pack(
        tmp_path,
        "rules_squad.json",
        {**rules_pack("squad", rule("house-rule")), "name": "Squad orders (D10)"},
    )
    index = RulesIndex.from_folders(DATA_DIR, SQUAD_DIR, tmp_path)
    assert index.get("squad", "house-rule") is not None
    assert index.get("squad", "rush-order") is not None


def test_tables_from_folders_matches_defaults() -> None:
    folders = (DATA_DIR, *system_folders())
    assert len(TableBook.from_folders(*folders)) == len(load_default_tables())


def test_language_companions_are_not_read_as_packs_of_their_own(tmp_path: Path) -> None:
    write_pack(tmp_path, "rules_house.json", rules_pack("house", rule("overwatch", title="Watch")))
    write_pack(
        tmp_path,
        "rules_house.de.json",
        rules_pack("house", rule("overwatch", title="Feuerbereitschaft")),
    )
    write_pack(tmp_path, "tables_house.json", tables_pack("house", grid("duel", title="Duel")))
    write_pack(tmp_path, "tables_house.de.json", tables_pack("house", grid("duel", title="Duell")))
    index = RulesIndex.from_folders(tmp_path)
    assert [entry.title for entry in index.entries] == ["Watch"]
    book = TableBook.from_folders(tmp_path)
    assert [table.title for table in book.tables] == ["Duel"]
