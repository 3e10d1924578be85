"""Rules entries in the reader's language: a companion ``rules_<system>.de.json`` holds the
same entries in German; a German reader is answered with the German entry where there is
one and with the English one otherwise, and every language's words find an entry for every
reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_app.cogs.lookup import rules_text
from bot.service.errors import UserError
from rules.core.language import Language
from rules.reference import PackError, RulesIndex, load_default_index
from tests.reference.helpers import rule, rules_pack, write_pack

EN, DE = Language.ENGLISH, Language.GERMAN


def test_a_german_reader_gets_the_german_entry_where_there_is_one() -> None:
    index = load_default_index()
    found = index.lookup("natürliche 10", "dice", language=DE)
    assert found is not None and found.title == "Eine natürliche 10 gelingt immer"
    # an English word finds it too, answered in German
    fumble = index.lookup("fumble", "dice", language=DE)
    assert fumble is not None and fumble.title == "Eine natürliche 1 misslingt immer"
    # an entry with no German companion is answered in English
    d5 = index.lookup("rolling a d5", "dice", language=DE)
    assert d5 is not None and d5.title == "Rolling a D5"


def test_a_german_alias_finds_the_entry_for_an_english_reader() -> None:
    found = load_default_index().lookup("Patzer", "dice")
    assert found is not None and found.title == "Natural 1 always fails"
    assert load_default_index().system_name("dice", DE) == "Würfelregeln"


def test_rules_answers_in_the_readers_language() -> None:
    german = rules_text("natürliche 10", "dice", language=DE)
    assert german.startswith("**Eine natürliche 10 gelingt immer** · Würfelregeln\n")
    assert "\n-# Quelle: 000 · Proben — Natürliche 10" in german
    english = rules_text("natürliche 10", "dice")
    assert english.startswith("**Natural 10 always succeeds** · Dice conventions\n")
    assert "\n-# Source: 000 · Tests" in english
    fallback = rules_text("rolling a d5", "dice", language=DE)
    assert fallback.startswith("**Rolling a D5** · Dice conventions\n")
    assert "-# Source: 004" in fallback
    with pytest.raises(UserError) as nothing:
        rules_text("qqqxxzz", "dice", language=DE)
    assert nothing.value.message.startswith("Nichts im Regelverzeichnis passt zu 'qqqxxzz'.")


def test_autocomplete_names_entries_in_the_readers_language() -> None:
    offered = load_default_index().autocomplete("natürl", "dice", language=DE)
    assert ("Eine natürliche 10 gelingt immer — Würfelregeln", "dice:natural-10") in offered


def _pair(folder: Path, german_entries: list[dict[str, object]]) -> None:
    write_pack(folder, "rules_blackpowder.json", rules_pack("blackpowder", rule("volley")))
    german = rules_pack("blackpowder", *german_entries)
    write_pack(folder, "rules_blackpowder.de.json", {**german, "name": "Schwarzpulver"})


def test_a_companion_in_the_shared_format_loads(tmp_path: Path) -> None:
    _pair(tmp_path, [rule("volley", title="Salve", aliases=["Feuern"], body="Alle feuern.")])
    index = RulesIndex.from_folders(tmp_path)
    assert len(index) == 1  # the companion is no second pack
    volley = index.lookup("feuern", language=DE)
    assert volley is not None and volley.title == "Salve" and volley.body == "Alle feuern."
    english = index.lookup("feuern")
    assert english is not None and english.title == "Sample rule"
    assert index.system_name("blackpowder", DE) == "Schwarzpulver"
    assert index.languages(english) == (EN, DE)


def test_a_companion_holds_only_entries_its_english_pack_has(tmp_path: Path) -> None:
    _pair(tmp_path, [rule("volley"), rule("melee")])
    with pytest.raises(PackError, match=r"entries\[1\]\.id: 'melee' is in no rules_blackpowder"):
        RulesIndex.from_folders(tmp_path)


def test_an_entry_is_translated_once(tmp_path: Path) -> None:
    _pair(tmp_path, [rule("volley", title="Salve")])
    more = tmp_path / "more"
    more.mkdir()
    write_pack(more, "rules_blackpowder.de.json", rules_pack("blackpowder", rule("volley")))
    with pytest.raises(PackError, match="'volley' is translated twice"):
        RulesIndex.from_folders(tmp_path, more)


def test_a_companion_in_a_language_umpire_does_not_speak_is_refused(tmp_path: Path) -> None:
    write_pack(tmp_path, "rules_house.json", rules_pack())
    write_pack(tmp_path, "rules_house.fr.json", rules_pack())
    with pytest.raises(PackError, match="'fr' is no language of a companion"):
        RulesIndex.from_folders(tmp_path)


def test_a_companion_must_name_its_system(tmp_path: Path) -> None:
    write_pack(tmp_path, "rules_house.json", rules_pack())
    write_pack(tmp_path, "rules_house.de.json", rules_pack("other"))
    with pytest.raises(PackError, match="is 'other' but the file name says 'house'"):
        RulesIndex.from_folders(tmp_path)
