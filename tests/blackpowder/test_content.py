"""The bundled black-powder packs: every file valid, the sheet's weapon and terrain numbers
(003 Fernkampfwaffen, Geländearten), forces with complete decks, tables on the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.content.loading import PACKS, load_catalog
from rules.blackpowder.content.pack import ContentPack
from rules.blackpowder.content.units import QUALITIES
from rules.blackpowder.terms import BY_ID, TermKind, find_term, ids
from rules.core.packs import pack_files, read_model

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.mark.parametrize("path", pack_files(PACKS.bundled), ids=lambda p: p.name)
def test_every_bundled_pack_is_valid_on_its_own(path: Path) -> None:
    pack = read_model(path, ContentPack)
    assert pack.format == "umpire-blackpowder-pack/1"


def test_the_bundled_packs_load_together(catalog: Catalog) -> None:
    assert len(catalog.sources) == len(pack_files(PACKS.bundled)) >= 5
    assert len(catalog.forces) >= 3


# 003 Fernkampfwaffen: range, strength up to half range / beyond, special rules
SHEET_RANGED = {
    "Bögen": (18, 6, 7, ()),
    "Wurfwaffen": (6, 6, 6, ("single-shot",)),
    "Pistolen": (8, 4, 4, ("single-shot",)),
    "Musketen": (24, 4, 6, ("black-powder",)),
    "Veraltete Waffen": (16, 5, 7, ("black-powder",)),
    "Karabiner": (16, 4, 6, ("black-powder",)),
    "Jagdbüchsen": (72, 4, 5, ("black-powder",)),
    "Gezogene Vorderlader": (72, 4, 5, ("black-powder",)),
    "Hinterlader": (72, 4, 5, ()),
    "Repetierkarabiner": (24, 4, 5, ()),
    "Artillerie": (120, 2, 2, ()),
}


@pytest.mark.parametrize(("word", "row"), sorted(SHEET_RANGED.items()))
def test_ranged_weapons_carry_the_sheets_numbers(
    catalog: Catalog, word: str, row: tuple[int, int, int, tuple[str, ...]]
) -> None:
    ident = find_term(word, TermKind.RANGED_WEAPON)
    assert isinstance(ident, str)
    weapon = catalog.ranged_weapons[ident]
    assert (weapon.range, weapon.near, weapon.far, weapon.rules) == row


def test_every_ranged_weapon_of_the_sheet_and_no_other_is_bundled(catalog: Catalog) -> None:
    assert set(catalog.ranged_weapons) == set(ids(TermKind.RANGED_WEAPON))


def test_melee_weapons_cover_the_sheets_three_kinds(catalog: Catalog) -> None:
    kinds = {w.kind for w in catalog.melee_weapons.values()}
    assert kinds == set(ids(TermKind.MELEE_WEAPON)) == {"sabre", "naval-weapons", "lance"}


# 003 Geländearten: type, height, cover
SHEET_TERRAIN = {
    "Barriere": ("obstacle", "open", "low", "light"),
    "Heu": ("obstacle", "open", "low", "medium"),
    "Niedrige Mauer/Erdwall": ("obstacle", "open", "low", "hard"),
    "Getreidefeld": ("area", "very-difficult", "high", "light"),
    "Unterholz/Buschland": ("area", "difficult", "low", "light"),
    "Obstplantage": ("area", "difficult", "high", "light"),
    "Wald": ("area", "difficult", "high", "medium"),
    "Sumpfland": ("area", "very-difficult", "low", "light"),
    "Felsiger Boden": ("area", "very-difficult", "low", "hard"),
    "Palisade oder Mauer": ("obstacle", "open", "high", "none"),
    "Wagen": ("obstacle", "open", "high", "none"),
    "Karren": ("obstacle", "open", "low", "light"),
}


@pytest.mark.parametrize(("word", "row"), sorted(SHEET_TERRAIN.items()))
def test_terrain_types_carry_the_sheets_table(
    catalog: Catalog, word: str, row: tuple[str, str, str, str]
) -> None:
    ident = find_term(word, TermKind.TERRAIN_PIECE)
    assert isinstance(ident, str)
    kind = catalog.terrain_types[ident]
    assert (kind.form, kind.going, kind.height, kind.cover) == row
    assert kind.name_de == word


def test_every_terrain_type_named_on_the_sheet_is_bundled(catalog: Catalog) -> None:
    assert set(ids(TermKind.TERRAIN_PIECE)) <= set(catalog.terrain_types)


def test_every_quality_and_special_rule_has_its_terms() -> None:
    assert ids(TermKind.QUALITY) == QUALITIES
    for rule in ("scouts", "locals", "cavalry", "light-cavalry", "close-formation", "mounted"):
        assert BY_ID[rule].kind is TermKind.SPECIAL_RULE


def test_forces_field_every_quality_and_the_sheets_special_rules(catalog: Catalog) -> None:
    units = catalog.units.values()
    assert {u.quality for u in units} == set(QUALITIES)
    rules = {rule for u in units for rule in u.special_rules}
    assert {"scouts", "locals", "cavalry", "light-cavalry", "close-formation"} <= rules
    assert all(f.name_de and f.name != f.name_de for f in catalog.forces.values())


@pytest.mark.parametrize(
    "force_id", ["aldermoor-garrison", "thornbury-provincials", "river-nations"]
)
def test_each_force_has_a_complete_deck_and_an_officer(catalog: Catalog, force_id: str) -> None:
    force = catalog.forces[force_id]
    deck = force.deck()
    kinds = [card.kind for card in deck]
    assert kinds.count("advance") == 1
    assert kinds.count("morale") >= 1
    assert {c.troop_type for c in deck if c.kind == "troop"} == {u.troop_type for u in force.units}
    assert any(u.officer for u in force.units)
    assert all(card.name_de and card.text and card.text_de for card in deck)
    mustered = [catalog.units[u] for u in force.muster]
    assert any(u.officer for u in mustered)


def test_every_weapon_and_faction_effect_comes_into_play(catalog: Catalog) -> None:
    """Every ranged weapon of the sheet (the field gun aside: its gunners stand in the
    garrison's pack, not in its muster), the lance, and both faction-card effects are in a
    force's muster or deck, so their rules can happen in a game."""
    mustered = [catalog.units[u] for f in catalog.forces.values() for u in f.muster]
    assert {w for u in mustered for w in u.ranged} == set(catalog.ranged_weapons) - {"artillery"}
    kinds = {catalog.melee_weapons[u.melee_weapon].kind for u in mustered if u.melee_weapon}
    assert kinds == {"sabre", "naval-weapons", "lance"}
    effects = {c.effect for f in catalog.forces.values() for c in f.deck() if c.effect}
    assert effects == {"reload", "rally"}


def test_tables_lay_only_known_terrain_on_the_table(catalog: Catalog) -> None:
    assert len(catalog.tables) >= 3
    for table in catalog.tables.values():
        used = {catalog.terrain_types[p.type].form for p in table.pieces}
        assert used == {"obstacle", "area"}, table.id
        for piece in table.pieces:
            kind = catalog.terrain_types[piece.type]
            assert len(piece.points) >= (3 if kind.form == "area" else 2)


def test_the_published_schema_is_current() -> None:
    path = DOCS / PACKS.schema_file
    assert path.read_text(encoding="utf-8") == PACKS.schema_text(), (
        "regenerate it from rules.blackpowder.content.loading.PACKS.schema_text()"
    )
