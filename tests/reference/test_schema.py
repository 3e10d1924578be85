"""Malformed packs are refused with an error naming the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.reference import PackError, RulesIndex, TableBook
from rules.reference.entries import MAX_BODY
from tests.reference.helpers import grid, rule, rules_pack, tables_pack, write_pack


def load_rules_error(folder: Path) -> str:
    with pytest.raises(PackError) as caught:
        RulesIndex.from_folders(folder)
    return str(caught.value)


def load_tables_error(folder: Path) -> str:
    with pytest.raises(PackError) as caught:
        TableBook.from_folders(folder)
    return str(caught.value)


def test_missing_title_names_file_field_and_entry(tmp_path: Path) -> None:
    bad = rule("broken")
    del bad["title"]
    write_pack(tmp_path, "rules_house.json", rules_pack("house", rule("fine"), bad))
    message = load_rules_error(tmp_path)
    assert "rules_house.json" in message
    assert "entries[1].title" in message
    assert "'broken'" in message
    assert "Field required" in message


def test_body_over_limit_is_refused(tmp_path: Path) -> None:
    write_pack(tmp_path, "rules_house.json", rules_pack("house", rule(body="x" * (MAX_BODY + 1))))
    message = load_rules_error(tmp_path)
    assert "entries[0].body" in message
    assert str(MAX_BODY) in message


def test_title_over_100_characters_is_refused(tmp_path: Path) -> None:
    write_pack(tmp_path, "rules_house.json", rules_pack("house", rule(title="T" * 101)))
    assert "entries[0].title" in load_rules_error(tmp_path)


def test_unknown_field_is_refused(tmp_path: Path) -> None:
    write_pack(tmp_path, "rules_house.json", rules_pack("house", rule(colour="red")))
    assert "entries[0].colour" in load_rules_error(tmp_path)


def test_bad_id_and_duplicate_ids(tmp_path: Path) -> None:
    write_pack(tmp_path, "rules_house.json", rules_pack("house", rule("Not An Id")))
    assert "entries[0].id" in load_rules_error(tmp_path)
    write_pack(tmp_path, "rules_house.json", rules_pack("house", rule("same"), rule("same")))
    message = load_rules_error(tmp_path)
    assert "entries" in message and "same" in message


def test_alias_repeating_title_is_refused(tmp_path: Path) -> None:
    write_pack(tmp_path, "rules_house.json", rules_pack("house", rule(aliases=["SAMPLE RULE"])))
    assert "entries[0].aliases" in load_rules_error(tmp_path)


def test_system_must_match_file_name(tmp_path: Path) -> None:
    write_pack(tmp_path, "rules_other.json", rules_pack("house"))
    message = load_rules_error(tmp_path)
    assert "rules_other.json" in message
    assert "system" in message


def test_invalid_json_names_line(tmp_path: Path) -> None:
    (tmp_path / "rules_house.json").write_text('{"system": "house",', encoding="utf-8")
    message = load_rules_error(tmp_path)
    assert "rules_house.json" in message
    assert "invalid JSON" in message
    assert "line 1" in message


def test_same_entry_in_two_folders_is_refused(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    write_pack(first, "rules_house.json", rules_pack("house", rule("shared")))
    write_pack(second, "rules_house.json", rules_pack("house", rule("shared")))
    assert len(RulesIndex.from_folders(first)) == 1
    with pytest.raises(PackError) as caught:
        RulesIndex.from_folders(first, second)
    message = str(caught.value)
    assert str(second / "rules_house.json") in message
    assert "entries[0].id" in message


def test_missing_folder_is_reported(tmp_path: Path) -> None:
    message = load_rules_error(tmp_path / "nowhere")
    assert "nowhere" in message


def test_table_cells_must_fill_the_grid(tmp_path: Path) -> None:
    write_pack(
        tmp_path, "tables_house.json", tables_pack("house", grid(cells=[["6+"], ["5+", "6+"]]))
    )
    message = load_tables_error(tmp_path)
    assert "tables_house.json" in message
    assert "tables[0].cells" in message
    assert "'grid'" in message


def test_table_default_column_must_exist(tmp_path: Path) -> None:
    write_pack(tmp_path, "tables_house.json", tables_pack("house", grid(default_column="9")))
    assert "tables[0].default_column" in load_tables_error(tmp_path)


def test_table_sentence_placeholders_are_checked(tmp_path: Path) -> None:
    write_pack(tmp_path, "tables_house.json", tables_pack("house", grid(sentence="{colour}")))
    assert "tables[0].sentence" in load_tables_error(tmp_path)


def test_table_kind_is_checked(tmp_path: Path) -> None:
    write_pack(tmp_path, "tables_house.json", tables_pack("house", grid(kind="pie")))
    assert "tables[0].kind" in load_tables_error(tmp_path)


def test_table_row_labels_must_be_distinct(tmp_path: Path) -> None:
    rows = [{"label": "1"}, {"label": "2", "aliases": ["1"]}]
    write_pack(tmp_path, "tables_house.json", tables_pack("house", grid(rows=rows)))
    assert "tables[0].rows" in load_tables_error(tmp_path)


def test_table_names_must_be_unique_within_a_system(tmp_path: Path) -> None:
    write_pack(
        tmp_path,
        "tables_house.json",
        tables_pack("house", grid("one"), grid("two", title="Other", aliases=["Sample grid"])),
    )
    assert "tables[1].aliases[0]" in load_tables_error(tmp_path)
