"""Tables: values checked against the sources, German names, answers and rendering."""

from __future__ import annotations

import pytest

from rules.reference import LookupProblem, Table, load_default_tables
from rules.reference.render import MAX_TEXT

# Rows as printed in source 001 (attacker AS / active stat 1-10), including its OCR slips:
# "T+" is 7+ and the test table labels row 3 "&".
CLOSE_COMBAT_SOURCE = """\
1 6+ T+ 8+ 9+ 10+ 10+ 10+ 10+ 10+ 10+
2 5+ 6+ T+ 8+ 9+ 10+ 10+ 10+ 10+ 10+
3 4+ 5+ 6+ 7+ 8+ 9+ 10+ 10+ 10+ 10+
4 3+ 4+ 5+ 6+ 7+ 8+ 9+ 10+ 10+ 10+
5 2+ 3+ 4+ 5+ 6+ T+ 8+ 9+ 10+ 10+
6 2+ 2+ 3+ 4+ 5+ 6+ 7+ 8+ 9+ 10+
7 2+ 2+ 2+ 3+ 4+ 5+ 6+ 7+ 8+ 9+
8 2+ 2+ 2+ 2+ 3+ 4+ 5+ 6+ 7+ 8+
9 2+ 2+ 2+ 2+ 2+ 3+ 4+ 5+ 6+ 7+
10 2+ 2+ 2+ 2+ 2+ 2+ 3+ 4+ 5+ 6+"""
TEST_SOURCE = CLOSE_COMBAT_SOURCE.replace("\n3 ", "\n& ")


def corrected(source: str) -> dict[str, list[str]]:
    rows = {}
    for line in source.splitlines():
        label, *values = line.split()
        rows["3" if label == "&" else label] = [v.replace("T+", "7+") for v in values]
    return rows


def table(name: str) -> Table:
    found = load_default_tables().find(name)
    assert found is not None, name
    return found


def cell(name: str, row: str, column: str) -> str:
    text = load_default_tables().answer(name, row, column).text
    return text.split("**")[1]


@pytest.mark.parametrize(
    ("name", "source"), [("close-combat", CLOSE_COMBAT_SOURCE), ("tests", TEST_SOURCE)]
)
def test_every_cell_matches_the_source(name: str, source: str) -> None:
    grid = table(f"squad:{name}")
    expected = corrected(source)
    assert [row.label for row in grid.rows] == [str(i) for i in range(1, 11)]
    assert [column.label for column in grid.columns] == [str(i) for i in range(1, 11)]
    for row, values in zip(grid.rows, grid.cells, strict=True):
        assert values == expected[row.label]


@pytest.mark.parametrize(
    ("name", "row", "column", "value"),
    [
        ("close combat", "1", "2", "7+"),
        ("close combat", "1", "1", "6+"),
        ("close combat", "2", "3", "7+"),
        ("close combat", "5", "3", "4+"),
        ("close combat", "5", "6", "7+"),
        ("close combat", "6", "1", "2+"),
        ("close combat", "1", "10", "10+"),
        ("close combat", "10", "10", "6+"),
        ("close combat", "7", "4", "3+"),
        ("tests", "3", "1", "4+"),
        ("tests", "3", "4", "7+"),
        ("tests", "4", "4", "6+"),
        ("tests", "1", "4", "9+"),
        ("tests", "9", "10", "7+"),
        ("tests", "AS 8", "DIFF 5", "3+"),
    ],
)
def test_single_cells(name: str, row: str, column: str, value: str) -> None:
    assert cell(name, row, column) == value


def test_grid_pattern_holds_everywhere() -> None:
    """Both 10×10 tables follow 6+ at equal values, one step per point, clamped to 2+..10+."""
    for name in ("squad:close-combat", "squad:tests"):
        grid = table(name)
        for a, values in enumerate(grid.cells, start=1):
            for d, value in enumerate(values, start=1):
                assert value == f"{min(10, max(2, 6 + d - a))}+", (name, a, d)


def test_cell_sentences() -> None:
    book = load_default_tables()
    assert book.answer("close combat", "5", "3").text == "Attacker AS 5 vs defender AS 3: **4+**"
    assert book.answer("tests", "3", "1").text == "Active stat 3 vs DIFF 1: **4+**"
    assert book.answer("shooting", "3").text.startswith("SH 3: **7+**")
    assert (
        book.answer("Fernkampfwaffen", "Musketen", "Reichweite").text == 'Muskets — Range: **24"**'
    )
    assert book.answer("Sammeln-Wert", "Sammeln-Wert", "Ausgebildet").text == (
        "Trained, rally value: **5+**"
    )
    answer = book.answer("close combat", "5", "3")
    assert (answer.table_id, answer.system) == ("close-combat", "squad")


def test_shooting_table_matches_the_source() -> None:
    scores = "9+ 8+ T+ 6+ 5+ 4+ 3+ 2+ 1+ 0+".replace("T+", "7+").split()
    assert [line[0] for line in table("squad:shooting").cells] == scores


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Fernkampfwaffen", "ranged-weapons"),
        ("fernkampfwaffen", "ranged-weapons"),
        ("Geländearten", "terrain-types"),
        ("Gelandearten", "terrain-types"),
        ("Entdecken-Tabelle", "spotting"),
        ("Reaktionstests", "reaction-modifiers"),
        ("Sammeln-Wert", "rally-values"),
        ("Fernkampfmodifikatoren", "ranged-modifiers"),
        ("Nahkampfwaffen", "melee-weapons"),
        ("Nahkampf Treffermodifikationen", "close-combat-modifiers"),
        ("ranged weapons", "ranged-weapons"),
        ("rangd weapns", "ranged-weapons"),
        ("squad:tests", "tests"),
        ("CLOSE-COMBAT", "close-combat"),
    ],
)
def test_find_by_id_title_alias_or_fuzzy(name: str, expected: str) -> None:
    assert table(name).id == expected


@pytest.mark.parametrize(
    ("system", "expected"),
    [
        ("blackpowder", "movement"),
        ("orders", "movement-costs"),
    ],
)
def test_a_german_word_several_systems_share_finds_the_game_played(
    system: str, expected: str
) -> None:
    book = load_default_tables()
    assert book.find("Bewegung", prefer=system) == book.find(expected, system=system)
    assert book.find("Bewegung", system=system) == book.find(expected, system=system)


def test_find_misses_return_none() -> None:
    book = load_default_tables()
    assert book.find("nope table") is None
    assert book.find("") is None
    assert book.find("xqzvbl") is None


def test_german_row_and_column_aliases() -> None:
    book = load_default_tables()
    muskets = book.answer("Fernkampfwaffen", "Musketen").text
    assert "Muskets" in muskets and '24"' in muskets and "4+" in muskets and "6+" in muskets
    assert cell("Sammeln-Wert", "2", "Plänkler") == "Fall back"
    assert cell("Sammeln-Wert", "2", "Ausgebildet") == "Fall back or shaken"
    assert cell("Geländearten", "Wald", "Deckung") == "Medium"
    assert cell("Bewegung", "Leichte Kavallerie", "Bewegung") == '+6"'
    assert cell("Fernkampfmodifikatoren", "harte Deckung", "Modifikator") == "-4"
    assert cell("Entdecken-Tabelle", "Entdecken-Distanz", "Spalte 5") == '18"'


def test_numbers_pick_rows_by_range() -> None:
    assert cell("Sammeln-Wert", "12", "Krieger") == "No effect"
    assert cell("Sammeln-Wert", "-2", "Krieger") == "Destroyed"
    assert cell("Sammeln-Wert", "0", "Krieger") == "Flee"
    assert load_default_tables().answer("range bands", "30").text.startswith('Long: **24"-36"**')
    assert load_default_tables().answer("range bands", '12"').text.startswith("Short")


def test_one_row_table_takes_a_bare_column() -> None:
    assert load_default_tables().answer("spotting", "5").text == (
        'Spotting distance in column 5: **18"**'
    )


def test_row_only_and_column_only() -> None:
    book = load_default_tables()
    row = book.answer("tests", "3").text
    assert "active stat 3" in row and "4+  5+  6+" in row
    assert "Use DIFF 4: **7+**" in row
    column = book.answer("close combat", None, "3").text
    assert "defender AS 3" in column and "1            8+" in column
    assert len(row) <= MAX_TEXT and len(column) <= MAX_TEXT


def test_every_table_renders_within_the_limit() -> None:
    book = load_default_tables()
    for each in book.tables:
        whole = book.answer(each.key).text
        assert len(whole) <= MAX_TEXT, each.key
        assert whole.count("```") % 2 == 0, each.key
        assert each.title in whole
        for position, heading in enumerate(each.rows):
            assert len(book.answer(each.key, heading.label).text) <= MAX_TEXT
            for column in each.columns:
                text = book.answer(each.key, heading.label, column.label).text
                assert each.cells[position][each.columns.index(column)] in text


def test_whole_close_combat_table_is_a_code_block() -> None:
    text = load_default_tables().answer("close combat").text
    assert text.count("```") == 2
    assert "Rows: attacker AS · columns: defender AS" in text
    assert "10  2+  2+  2+  2+  2+   2+   3+   4+   5+   6+" in text


@pytest.mark.parametrize(
    ("name", "row", "column", "message"),
    [
        ("close combat", "Z", None, "No row 'Z' in Close-combat table. Rows: 1–10 (attacker AS)."),
        (
            "close combat",
            "5",
            "11",
            "No column '11' in Close-combat table. Columns: 1–10 (defender AS).",
        ),
        ("tests", "&", "1", "No row '&' in Test table. Rows: 1–10 (active stat)."),
        (
            "Sammeln-Wert",
            "3",
            "Elite",
            "No column 'Elite' in Rally values and reaction results. Columns: Trained, "
            "Skirmishers, Natives, Recruits, Warriors, Conscripts (troop quality).",
        ),
    ],
)
def test_lookup_problem_messages(name: str, row: str, column: str | None, message: str) -> None:
    with pytest.raises(LookupProblem) as caught:
        load_default_tables().answer(name, row, column)
    assert caught.value.message == message
    assert str(caught.value) == message


def test_unknown_table_lists_tables() -> None:
    with pytest.raises(LookupProblem) as caught:
        load_default_tables().answer("xqzvbl")
    assert "No table 'xqzvbl'" in caught.value.message
    assert "Close-combat table" in caught.value.message
    assert "Ranged weapons" in caught.value.message


def test_unknown_weapon_lists_weapons() -> None:
    with pytest.raises(LookupProblem) as caught:
        load_default_tables().answer("Fernkampfwaffen", "Lasergun")
    assert "Muskets" in caught.value.message and "Artillery" in caught.value.message


@pytest.mark.parametrize(
    "current", ["", "f", "fern", "Fernkampfwaffen", "musket", "zzzz", "x" * 300]
)
def test_table_autocomplete_limits(current: str) -> None:
    choices = load_default_tables().autocomplete(current)
    assert len(choices) <= 25
    for name, value in choices:
        assert 1 <= len(name) <= 100 and 1 <= len(value) <= 100


def test_table_autocomplete_finds_german_names() -> None:
    book = load_default_tables()
    assert book.autocomplete("Fernkampfwaffen")[0][1] == "blackpowder:ranged-weapons"
    assert book.autocomplete("Sammeln")[0][1] == "blackpowder:rally-values"
    assert book.autocomplete("clos")[0][1] == "squad:close-combat"
    value = book.autocomplete("musket")[0][1]
    assert book.answer(value, "musket", "range").text == 'Muskets — Range: **24"**'


def test_the_game_being_played_has_its_tables_suggested_first() -> None:
    book = load_default_tables()
    assert book.autocomplete("")[0][1].startswith("blackpowder:")  # the first system by id
    offered = [value for _, value in book.autocomplete("", prefer="tannhauser")]
    own = [v.startswith("tannhauser:") for v in offered]
    assert own[0] and own == sorted(own, reverse=True), offered
    typed = [value for _, value in book.autocomplete("movement", prefer="squad")]
    assert [v.split(":")[0] for v in typed] == sorted(
        (v.split(":")[0] for v in typed), key=lambda s: s != "squad"
    )
    assert book.autocomplete("range", prefer="squad")[0][1] == "squad:range-bands"
    assert book.autocomplete("range", prefer="blackpowder")[0][1].startswith("blackpowder:")


def test_the_list_of_tables_puts_the_games_first() -> None:
    book = load_default_tables()
    listed = book.listing("squad")
    assert listed.startswith("Tables of Squad orders (D10): Shooting table, To-hit modifiers")
    assert "\nOther systems: Movement, Terrain types" in listed
    assert listed.endswith("Read one with `/table name:` (suggestions as you type).")
    assert book.listing(None).startswith("Tables: Movement, Terrain types")
