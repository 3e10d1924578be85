"""The order-tile (square grid) rules pack: what the engine plays, in our own words.
Every numbered section of the rules summary (source 002) has an entry citing it, entries
stay short, and players' usual words find the right topic."""

from __future__ import annotations

import re
from typing import Protocol

import pytest

from rules.orders.content.catalog import Catalog
from rules.orders.content.loading import load_catalog
from rules.orders.system import OrdersSystem
from rules.reference import RuleEntry, RulesPack, load_default_index
from rules.reference.loading import RULES_PREFIX, read_pack

SYSTEM = "orders"
SOURCE = "002 · "


class Named(Protocol):
    name: str


CITED = re.compile(r"\[(\d\d(?:\.\d)?)\]")

NUMBERED_SECTIONS = (
    "01", "02", "02.1", "02.2", "03",
    "04", "04.1", "04.2", "04.3", "04.4",
    "05", "05.1", "05.2", "05.3", "05.4",
    "06", "07", "07.1", "07.2",
    "08", "08.1", "08.2", "08.3", "08.4", "08.5",
    "09", "09.1", "09.2", "09.3", "09.4", "09.5", "09.6",
    "10", "10.1", "10.2", "10.3", "10.4",
    "11", "11.1", "11.2", "11.3", "11.4", "11.5", "11.6",
    "12", "12.1", "12.2",
    "13", "13.1", "13.2", "13.3", "13.4",
    "14", "15", "15.1", "15.2", "15.3", "15.4", "15.5",
    "16", "17", "17.1", "17.2", "17.3",
    "18", "18.1", "18.2", "18.3", "18.4", "18.5", "18.6",
    "19", "20", "20.1", "20.2", "20.3", "20.4",
    "21", "21.1", "21.2", "21.3", "21.4",
    "22", "23", "24", "24.1", "24.2", "24.3",
)  # fmt: skip
"""Every numbered heading of the summary, from [01] Initiative phase to [24.3] Support items."""


def orders_entries() -> list[RuleEntry]:
    return [entry for entry in load_default_index().entries if entry.system == SYSTEM]


def cited(entry: RuleEntry) -> set[str]:
    return set(CITED.findall(entry.section))


def test_the_pack_is_reference_data_named_in_our_own_words() -> None:
    pack = read_pack(OrdersSystem.reference / "rules_orders.json", RulesPack, RULES_PREFIX).pack
    assert pack.system == SYSTEM
    assert pack.name == "Order tiles (square grid)"
    assert load_default_index().system_name(SYSTEM) == "Order tiles (square grid)"


@pytest.mark.parametrize("number", NUMBERED_SECTIONS)
def test_every_numbered_section_has_an_entry(number: str) -> None:
    citing = [
        entry.id
        for entry in orders_entries()
        if any(n == number or n.startswith(f"{number}.") for n in cited(entry))
    ]
    assert citing, f"no entry cites [{number}]"


def test_entries_cite_the_source_and_stay_short() -> None:
    entries = orders_entries()
    assert len(entries) >= len({n.split(".")[0] for n in NUMBERED_SECTIONS})
    for item in entries:
        assert item.section.startswith(SOURCE), item.id
        assert len(item.title) <= 100, item.id
        assert len(item.body) < 900, (item.id, len(item.body))
        assert item.aliases, item.id


def test_entry_ids_are_unique() -> None:
    ids = [item.id for item in orders_entries()]
    assert len(ids) == len(set(ids))


def test_every_cited_section_number_is_one_of_the_summary() -> None:
    for item in orders_entries():
        assert cited(item) <= set(NUMBERED_SECTIONS), item.id


def test_entries_can_be_found_by_their_section_number() -> None:
    for item in orders_entries():
        for number in cited(item) & {alias for alias in item.aliases}:
            hits = load_default_index().search(number, SYSTEM, limit=5)
            assert item.id in {hit.entry.id for hit in hits}, (item.id, number)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("interruption", "interruption"),
        ("interrupt", "interruption"),
        ("order section", "cp-limits"),
        ("02.2", "cp-limits"),
        ("empty section", "cp-limits"),
        ("magnetic door", "magnetic-doors"),
        ("sliding door", "doors"),
        ("split move", "move-order"),
        ("can I move diagonally", "movement-restrictions"),
        ("pause", "pause"),
        ("duel", "duels"),
        ("striking hard", "striking-hard"),
        ("pour it on", "pour-it-on"),
        ("critical hit", "critical-and-normal-hits"),
        ("what blocks line of sight", "line-of-sight"),
        ("find factor", "search-order"),
        ("threshold", "ips-lines"),
        ("power down", "electricity"),
        ("radio scrambler", "radio-scrambler"),
        ("prisoner", "prisoners"),
        ("stairs", "multiple-levels"),
        ("3 players", "generator-multiplayer-map"),
        ("how many tiles can I keep", "final-phase"),
        ("reactivate", "activating-a-character"),
        ("healing", "support-items"),
        ("stim injector", "support-items"),
        ("mine", "mines-and-charges"),
        ("limpet charge", "mines-and-charges"),
        ("reanimate", "reanimation"),
        ("raise dead", "reanimation"),
        ("keeper", "risen-cp"),
        ("breacher", "risen-cp"),
        ("hydraulic gauntlet", "weapons-equipment"),
        ("ammo belt", "weapons-equipment"),
        ("revival lab", "special-rooms"),
        ("torture chamber", "special-rooms"),
        ("watch room", "room-effects"),
        ("drain outlet", "exiting-the-map"),
        ("signal jammer", "radio-scrambler"),
    ],
)
def test_player_queries_find_the_right_entry(query: str, expected: str) -> None:
    hits = load_default_index().search(query, SYSTEM)
    assert hits, f"no result for {query!r}"
    assert hits[0].entry.id == expected


@pytest.mark.parametrize(
    ("entry_id", "words"),
    [
        ("cp-limits", ("Empty sections only", "Section cap", "Character cap", "Move")),
        ("duels", ("at least 1 CP", "highest bid wins")),
        ("interruption", ("first time this activation round", "up to two red or gold orders")),
        ("torture", ("one black die per CP", "spy point")),
        ("combined-close-combat", ("gold Close Combat section", "against the attacker alone")),
    ],
)
def test_the_rules_players_ask_about_are_stated(entry_id: str, words: tuple[str, ...]) -> None:
    item = load_default_index().get(SYSTEM, entry_id)
    assert item is not None
    for word in words:
        assert word.lower() in item.body.lower(), (entry_id, word)


def test_questions_the_engine_answers_state_its_reading() -> None:
    for entry_id in ("targeting", "combined-shoot", "explosives", "combined-close-combat"):
        item = load_default_index().get(SYSTEM, entry_id)
        assert item is not None
        assert "Reading:" in item.body and "Umpire will state" not in item.body


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.mark.parametrize(
    ("entry_id", "section", "ids", "numbers"),
    [
        ("reanimation", "abilities", ("reanimation",), ("2 CP", "empty grave")),
        ("reanimation", "characters", ("hollow",), ()),
        ("risen-cp", "abilities", ("keeper-call", "keeper-fury", "breacher"), ("1 CP", "2 CP")),
        ("room-effects", "tiles", ("watch-room", "officers-rest", "strongroom"), ("3 CP",)),
        ("special-rooms", "tiles", ("revival-lab", "holding-cells"), ("4 bodies",)),
        (
            "weapons-equipment",
            "equipment",
            ("ammo-belt", "hydraulic-gauntlet", "bone-saw"),
            ("5 or less",),
        ),
        (
            "mines-and-charges",
            "equipment",
            ("tripwire-mines", "limpet-charge"),
            ("next Final phase",),
        ),
        (
            "support-items",
            "equipment",
            ("stim-injector", "pulse-detector", "cipher-dossier", "field-rations", "flare-pack"),
            ("heal **3**", "spy point"),
        ),
    ],
)
def test_the_glossary_entries_name_our_content(
    catalog: Catalog, entry_id: str, section: str, ids: tuple[str, ...], numbers: tuple[str, ...]
) -> None:
    """The [22]-[24] glossary describes the bundled abilities, characters, tiles and
    equipment by their own names, with the numbers their lines play."""
    item = load_default_index().get(SYSTEM, entry_id)
    assert item is not None
    defined: dict[str, Named] = getattr(catalog, section)
    for ident in ids:
        assert defined[ident].name.lower() in item.body.lower(), (entry_id, ident)
    for words in numbers:
        assert words.lower() in item.body.lower(), (entry_id, words)


def test_no_entry_defers_its_reading() -> None:
    for item in orders_entries():
        assert "Umpire will state" not in item.body, item.id


@pytest.mark.parametrize(
    "entry_id",
    [
        "cp-limits", "line-of-sight", "initiative-phase", "generator-construction",
        "generator-deployment", "generator-multiplayer-deployment", "wounds-and-states",
        "reanimation", "risen-cp", "special-rooms", "mines-and-charges", "support-items",
        "large-miniatures", "large-miniatures-other", "multiple-levels",
        "explosions-through-stairs", "upper-floor",
    ],
)  # fmt: skip
def test_entries_state_the_engines_reading(entry_id: str) -> None:
    item = load_default_index().get(SYSTEM, entry_id)
    assert item is not None
    assert "Reading:" in item.body, entry_id


@pytest.mark.parametrize("entry_id", ["multiple-levels", "explosions-through-stairs"])
def test_levels_are_played_and_their_entries_say_where_to_find_them(entry_id: str) -> None:
    item = load_default_index().get(SYSTEM, entry_id)
    assert item is not None
    assert "Not played" not in item.body and "*Upper floor*" in item.body, entry_id
    upper = load_default_index().get(SYSTEM, "upper-floor")
    assert upper is not None and "levels:2" in upper.body
