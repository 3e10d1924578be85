"""The black-powder rules pack (source 003) in English and its German companion: both load,
hold the same entries, cover every topic of the sheet, state every one of Umpire's readings
and find entries by the sheet's German words."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from rules.blackpowder.system import BlackPowderSystem
from rules.core.packs import read_model
from rules.reference import RuleEntry, RulesIndex, RulesPack, load_default_index
from rules.reference.entries import MAX_BODY
from rules.reference.loading import RULES_PREFIX, read_pack

SYSTEM = "blackpowder"
FOLDER = BlackPowderSystem.reference
assert FOLDER is not None
ENGLISH = FOLDER / "rules_blackpowder.json"
GERMAN = FOLDER / "rules_blackpowder.de.json"
READING_NUMBERS = (*range(1, 34), *range(40, 46), *range(60, 69))

TOPICS = {
    "die", "unit-profile", "turn", "go", "deck",
    "troop-card", "advance-card", "morale-card", "faction-card",
    "command-points", "command-pool",
    "enemy-sighted", "hold-back", "stand-fast", "command", "preparation",
    "actions", "activation", "movement", "moving-models", "terrain", "cover",
    "spotting", "spotting-modifiers", "line-of-sight", "hidden-movement", "dummy-markers",
    "ranged-fire", "ranged-modifiers", "weapons", "powder-smoke", "volley", "artillery",
    "reaction-tests", "reaction-modifiers", "reaction-table", "troop-qualities",
    "shaken", "fall-back", "flight", "rally",
    "charge", "melee", "melee-weapons", "defence-dice", "surprise-attack",
    "formations", "large-targets", "special-rules", "weather",
    "setting-up", "game-end", "hidden-information", "act-commands",
    "forming-up", "move-and-shoot", "weapon-choice", "scenarios", "scenario-list", "winning",
}  # fmt: skip
"""Every topic of the sheet and of the readings that has its own entry."""

READINGS: dict[int, tuple[str, str, str]] = {
    1: ("die", "never as ten", "nie als zehn"),
    2: ("unit-profile", "usual three", "drei üblichen Werte"),
    3: ("deck", "one shared draw pile", "einem gemeinsamen Nachziehstapel"),
    4: ("go", "exactly one card", "Genau eine Karte"),
    5: ("troop-card", "every unit of that troop type", "jede Einheit dieses Truppentyps"),
    6: ("turn", "both hands are empty", "beide Hände leer sind"),
    7: ("command-pool", "no upper limit", "ohne Obergrenze"),
    8: ("hold-back", "does not count towards your hand of 3", "zählt nicht zur Hand von 3"),
    9: ("actions", "its only action is the rally roll", "einzige Aktion ist der Sammeln-Wurf"),
    10: ("movement", 'never falls below 1"', 'sinkt nie unter 1"'),
    11: ("spotting", "needs no die", "braucht keinen Würfel"),
    12: (
        "hidden-movement",
        "drawn with dice only the referee sees",
        "nur der Schiedsrichter sieht",
    ),
    13: ("ranged-fire", "against the weapon's strength", "gegen die Stärke der Waffe"),
    14: ("powder-smoke", "makes no smoke", "erzeugt aber keinen Dampf"),
    15: ("volley", "came through Enemy sighted!", "über Feindsichtung! (Feuerbereitschaft) kam"),
    16: ("reaction-tests", "after every melee", "nach jedem Nahkampf"),
    17: ("fall-back", "full move straight away", "volle Bewegung gerade weg"),
    18: ("shaken", "may not charge", "darf nicht angreifen"),
    19: ("melee", "at the same time", "gleichzeitig"),
    20: ("formations", 'more than 1" apart', 'mehr als 1" voneinander entfernt'),
    21: ("terrain", 'blocks sight through it beyond 6"', 'jenseits von 6" ab ihrem Rand'),
    22: ("weather", "spotting only", "nur auf das Entdecken"),
    23: ("artillery", "kills on 2+ at any range", "auf jede Entfernung Stärke 2+"),
    24: ("game-end", "scenario's aim", "Ziel des Szenarios"),
    25: ("line-of-sight", "Models never block sight", "Modelle blockieren die Sicht nie"),
    26: ("moving-models", "40 mm counter", "Zählstein von 40 mm"),
    27: ("setting-up", '4" from the bottom edge', '4" vom unteren Rand'),
    28: ("activation", "opens an activation", "eröffnet eine Aktivierung"),
    29: ("hidden-movement", "told only to its owner", "erfährt nur ihr Besitzer"),
    30: ("ranged-fire", "nearest the shooters", "den Schützen nächsten"),
    31: ("fall-back", "a quarter inch at a time", "um einen Viertelzoll kürzer"),
    32: ("game-end", "no unit left on the table", "keine Einheit mehr auf dem Tisch"),
    33: ("enemy-sighted", "never opens a new chance", "eröffnet nie eine neue Gelegenheit"),
    40: ("melee", "equal losses the charger falls back", "gleichen Verlusten weicht der Angreifer"),
    41: ("flight", "neither rolls nor moves", "würfelt sie weder noch bewegt sie sich"),
    42: ("charge", "says how far short it falls", "sagt, wie viel fehlt"),
    43: ("melee", "only enemy models still in base contact", "nur feindliche Modelle, die noch in"),
    44: ("fall-back", "fall-back marker", "Zurückweichen-Marker"),
    45: ("ranged-fire", "the target's owner picks", "wählt der Besitzer des Ziels"),
    60: ("forming-up", "an action of its own", "eine eigene Aktion"),
    61: ("move-and-shoot", "whole action is refused", "wird die ganze Aktion verweigert"),
    62: ("weapon-choice", "first loaded weapon, in its profile's order", "erste geladene Waffe in"),
    63: (
        "large-targets",
        "Its fire is not artillery fire",
        "Ihr Feuer ist kein Artilleriebeschuss",
    ),
    64: ("scenarios", "never changes a running game", "ändert nie ein laufendes Spiel"),
    65: ("winning", "smaller share", "kleineren Anteil"),
    66: ("dummy-markers", "hide no unit", "keine Einheit verbergen"),
    67: ("moving-models", "the unit has not acted", "die Einheit hat nicht gehandelt"),
    68: ("ranged-modifiers", "only a 9 hits", "Nur eine 9 trifft"),
}
"""Each reading: the entry that states it, and a key phrase of it in English and German."""

ALSO_STATED: tuple[tuple[int, str, str, str], ...] = (
    (40, "fall-back", "losing more in a melee", "mehr verloren hat"),
    (41, "actions", "its only action is the rally roll", "einzige Aktion ist der Sammeln-Wurf"),
    (41, "activation", "neither rolls nor moves", "würfelt sie weder noch bewegt sie sich"),
    (41, "rally", "becomes shaken", "ist danach erschüttert"),
    (41, "act-commands", "a fleeing one's only action", "die einzige Aktion einer fliehenden"),
    (
        42,
        "act-commands",
        "`charge <unit> <enemy> [to x,y]`",
        "`angriff <Einheit> <Feind> [nach x,y]`",
    ),
    (43, "surprise-attack", "always surprises", "überrascht immer"),
    (43, "defence-dice", "only inside a building", "nur in einem Gebäude"),
    (43, "reaction-modifiers", "surprised unit only", "nur die überraschte Einheit"),
    (43, "reaction-modifiers", "involved in the melee", "am Nahkampf beteiligten Modelle"),
    (45, "melee", "Melee casualties are not picked", "Verluste im Nahkampf werden nicht gewählt"),
    (45, "act-commands", "`remove <model> ...`", "`entferne <Modell> ...`"),
    (60, "act-commands", "`form <unit> close|open|loose|column [towards x,y]`", "richtung"),
    (61, "act-commands", "then shoot at <enemy> [with <weapon>]", "dann schieße auf"),
    (62, "act-commands", "[with <weapon>]", "[mit <Waffe>]"),
    (62, "enemy-sighted", "`fire <unit> with <weapon>`", "`feindsichtung <Einheit> mit <Waffe>`"),
    (64, "scenario-list", "`farmstead-raid`", "`farmstead-raid`"),
)
"""Readings that other entries state too (the melee's and the fleeing unit's), each with a
key phrase of it there in English and German."""

SHEET_WORDS = {
    "Feindsichtung": "enemy-sighted",
    "Haltet Stand": "stand-fast",
    "Zurückweichen": "fall-back",
    "Flucht": "flight",
    "Nahkampf": "melee",
    "Deckung": "cover",
    "Sichtung": "spotting",
    "Vorwärts-Karte": "advance-card",
    "Pulverdampf": "powder-smoke",
    "Überraschungsangriff": "surprise-attack",
}
"""German words of the sheet (and their everyday neighbours) and the entry each finds."""

_CITED = re.compile(r"(?:readings?|Lesarten|Lesart) ([\d, ]+)")


def english() -> RulesPack:
    return read_pack(ENGLISH, RulesPack, RULES_PREFIX).pack


def german() -> RulesPack:
    return read_model(GERMAN, RulesPack)


def plain(entry: RuleEntry) -> str:
    """The body without its markdown emphasis, as a player reads it."""
    return entry.body.replace("*", "")


def by_id(pack: RulesPack) -> dict[str, RuleEntry]:
    return {entry.id: entry for entry in pack.entries}


def cited_readings(entry: RuleEntry) -> set[int]:
    found = _CITED.search(entry.section)
    if found is None:
        return set()
    return {int(n) for n in re.split(r"[, ]+", found.group(1)) if n}


def test_the_packs_load_from_the_systems_own_folder() -> None:
    index = RulesIndex.from_folders(FOLDER)
    assert index.systems() == [(SYSTEM, "Black powder (card-driven)")]
    assert {e.id for e in index.entries} == {e.id for e in english().entries}
    default = load_default_index()
    assert {e.id for e in default.entries if e.system == SYSTEM} == TOPICS
    assert german().system == SYSTEM


def test_every_english_entry_has_a_german_twin_and_back() -> None:
    en, de = by_id(english()), by_id(german())
    assert list(en) == list(de)
    for ident, entry in en.items():
        twin = de[ident]
        assert twin.title != entry.title, ident
        assert twin.body != entry.body, ident
        assert twin.section.startswith("003 · ") and entry.section.startswith("003 · "), ident
        assert cited_readings(twin) == cited_readings(entry), ident
        assert twin.aliases, ident


@pytest.mark.parametrize("pack", [english, german], ids=["english", "german"])
def test_entries_stay_within_discord_limits(pack: Callable[[], RulesPack]) -> None:
    loaded = pack()
    for entry in loaded.entries:
        assert len(entry.body) <= MAX_BODY, entry.id
        assert len(entry.title) <= 100, entry.id
        assert len(entry.as_markdown(loaded.name)) <= 2000, entry.id
        assert entry.aliases, entry.id


@pytest.mark.parametrize("number", READING_NUMBERS)
def test_every_reading_is_stated_in_its_entry(number: int) -> None:
    ident, phrase_en, phrase_de = READINGS[number]
    en, de = by_id(english())[ident], by_id(german())[ident]
    assert phrase_en in plain(en), (number, ident)
    assert phrase_de in plain(de), (number, ident)
    assert number in cited_readings(en), (number, en.section)
    assert number in cited_readings(de), (number, de.section)


@pytest.mark.parametrize(
    ("number", "ident", "phrase_en", "phrase_de"),
    ALSO_STATED,
    ids=[f"{number}-{ident}" for number, ident, _, _ in ALSO_STATED],
)
def test_readings_shared_by_several_entries_are_stated_in_each(
    number: int, ident: str, phrase_en: str, phrase_de: str
) -> None:
    en, de = by_id(english())[ident], by_id(german())[ident]
    assert phrase_en in plain(en), (number, ident)
    assert phrase_de in plain(de), (number, ident)
    assert number in cited_readings(en), (number, en.section)
    assert number in cited_readings(de), (number, de.section)


def test_every_reading_is_cited_by_some_entry() -> None:
    cited = set().union(*(cited_readings(entry) for entry in english().entries))
    assert cited == set(READING_NUMBERS)


@pytest.mark.parametrize(("word", "ident"), SHEET_WORDS.items())
def test_german_aliases_find_the_entries(word: str, ident: str) -> None:
    de = german()
    assert word in by_id(de)[ident].aliases
    index = RulesIndex(de.entries, {SYSTEM: de.name})
    assert index.search(word)[0].entry.id == ident
    # the English pack carries the sheet's words too, so /rules finds them today
    assert load_default_index().search(word, SYSTEM)[0].entry.id == ident


@pytest.mark.parametrize(
    ("query", "ident"),
    [
        ("ready fire", "enemy-sighted"),
        ("how far can I move", "movement"),
        ("powder smoke", "powder-smoke"),
        ("hand of 3", "deck"),
        ("rally score", "troop-qualities"),
        ("hidden marker", "hidden-movement"),
        ("dummy marker", "dummy-markers"),
        ("what is hidden from my opponent", "hidden-information"),
        ("who goes first", "setting-up"),
        ("fall-back marker", "fall-back"),
        ("pick casualties", "ranged-fire"),
        ("form up", "forming-up"),
        ("move then shoot", "move-and-shoot"),
        ("which weapon", "weapon-choice"),
        ("war canoe", "large-targets"),
        ("deployment zone", "scenarios"),
        ("road ambush", "scenario-list"),
        ("hold objectives", "winning"),
    ],
)
def test_english_words_find_the_entries(query: str, ident: str) -> None:
    assert load_default_index().search(query, SYSTEM)[0].entry.id == ident
