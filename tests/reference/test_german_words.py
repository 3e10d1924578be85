"""German-speaking players look rules and tables up in the sources' German words: each
common word finds the intended entry or table of every system it applies to."""

from __future__ import annotations

import pytest

from rules.reference import load_default_index, load_default_tables

RULES: dict[str, dict[str, str]] = {
    "tannhauser": {
        "Granate": "grenade-effects",
        "Rauch": "smoke-grenades",
        "Nebel": "smoke-grenades",
        "Nahkampf": "ranged-melee",
        "Fernkampf": "ranged-melee",
        "Bewegung": "moving",
        "Sichtlinie": "sighting",
        "Befehl": "command-points",
        "Kommandopunkte": "command-points",
        "Würfel": "tests",
        "Probe": "tests",
        "Duell": "duels",
        "Schaden": "combat",
        "Wunden": "deal-wounds",
        "Verwundung": "deal-wounds",
        "Tod": "injury-death",
        "Tür": "doorways",
        "Wand": "walls",
        "Mauer": "walls",
        "Angriff": "attack-action",
        "Gegenangriff": "counterattack",
        "Reichweite": "out-of-path",
        "Überwachung": "overwatch",
        "Sieg": "deathmatch-victory",
        "Ausrüstung": "equipment",
        "Verstärkung": "reinforcements",
    },
    "wasteland": {
        "Granate": "area-effect-spray",
        "Deckung": "cover",
        "Tarnung": "concealment",
        "Rauch": "concealment",
        "Nahkampf": "fight-action",
        "Fernkampf": "shoot-action",
        "Schießen": "shoot-action",
        "Bewegung": "move-action",
        "Sichtlinie": "visibility",
        "Befehl": "leadership",
        "Moral": "morale-phase",
        "Würfel": "rolling-dice",
        "Schaden": "weapon-profiles",
        "Wand": "impassible-terrain",
        "Tür": "buildings-ruins",
        "Aufstellung": "deployment",
        "Reaktion": "reactions",
        "Niederhalten": "suppression-markers",
        "Fahrzeug": "vehicle-monster",
        "Gebäude": "buildings-ruins",
        "Gelände": "terrain-classes",
        "Mission": "choose-mission",
        "Sieg": "victory",
        "Rückzug": "withdraw",
    },
    "orders": {
        "Granate": "explosives",
        "Sprengstoff": "explosives",
        "Nahkampf": "close-combat",
        "Fernkampf": "shoot-order",
        "Schießen": "shoot-order",
        "Bewegung": "move-order",
        "Sichtlinie": "line-of-sight",
        "Befehl": "order-tiles",
        "Moral": "mission-points",
        "Würfel": "search-icons",
        "Schaden": "critical-and-normal-hits",
        "Wunden": "wounds-and-states",
        "Tür": "doors",
        "Wand": "destroyed-doors-walls",
        "Reichweite": "targeting",
        "Suche": "search-order",
        "Folter": "torture",
        "Duell": "duels",
        "Treppe": "multiple-levels",
        "Kommandopunkte": "cp-limits",
    },
    "squad": {
        "Nahkampf": "close-combat",
        "Fernkampf": "shoot-order",
        "Bewegung": "move-order",
        "Sichtlinie": "line-of-sight",
        "Befehl": "orders",
        "Moral": "morale-checks",
        "Würfel": "tests",
        "Schaden": "damage",
        "Panik": "panic",
        "Sammeln": "rally-checks",
        "Reichweite": "range-bands",
        "Angriff": "assault-order",
        "Sieg": "victory",
    },
    "dice": {
        "Würfel": "dice-pools",
        "Schwierigkeit": "test-difficulty",
        "Duell": "duels",
        "Modifikator": "bonuses-penalties",
        "W5": "d5",
    },
}

TABLES: dict[str, dict[str, str]] = {
    "tannhauser": {
        "Granate": "grenades",
        "Rauch": "grenades",
        "Würfel": "dice-pools",
        "Schwierigkeit": "test-difficulty",
        "Kommandopunkte": "command-points",
        "Schaden": "health-rows",
        "Wunden": "health-rows",
        "Bewegung": "modifier-circles",
    },
    "wasteland": {
        "Deckung": "shoot-modifiers",
        "Fernkampf": "shoot-modifiers",
        "Nahkampf": "fight-modifiers",
        "Bewegung": "terrain-movement",
        "Moral": "will-modifiers",
        "Schaden": "life-modifiers",
        "Gebäude": "buildings",
        "Reichweite": "distances",
    },
    "orders": {
        "Würfel": "dice-faces",
        "Tür": "defensive-values",
        "Wand": "defensive-values",
        "Schaden": "hits-and-wounds",
        "Bewegung": "movement-costs",
        "Kommandopunkte": "cp-costs",
        "Befehlsplättchen": "order-tiles",
        "Gebot": "duel-bids",
    },
    "squad": {
        "Fernkampf": "shooting",
        "Nahkampf": "close-combat",
        "Reichweite": "range-bands",
        "Moral": "morale-triggers",
        "Würfel": "tests",
    },
    "blackpowder": {
        "Bewegung": "movement",
        "Deckung": "terrain-types",
        "Nahkampf": "melee-weapons",
        "Fernkampf": "ranged-modifiers",
    },
}


def _cases(table: dict[str, dict[str, str]]) -> list[tuple[str, str, str]]:
    return [
        (system, word, found) for system, words in table.items() for word, found in words.items()
    ]


@pytest.mark.parametrize(("system", "word", "expected"), _cases(RULES))
def test_a_german_word_finds_the_rule(system: str, word: str, expected: str) -> None:
    index = load_default_index()
    found = index.lookup(word, system=system)
    assert found is not None, (system, word)
    assert found.id == expected
    played = index.lookup(word, prefer=system)
    assert played is not None and played.key == f"{system}:{expected}"


@pytest.mark.parametrize(("system", "word", "expected"), _cases(TABLES))
def test_a_german_word_finds_the_table(system: str, word: str, expected: str) -> None:
    book = load_default_tables()
    found = book.find(word, system=system)
    assert found is not None, (system, word)
    assert found.id == expected
    played = book.find(word, prefer=system)
    assert played is not None and played.key == f"{system}:{expected}"


def test_the_words_are_spelt_as_german_speakers_type_them() -> None:
    """Umlauts and ß are optional, as for every other name."""
    index = load_default_index()
    for typed in ("Tur", "Tuer", "Tür"):
        found = index.lookup(typed, system="orders")
        assert found is not None and found.id == "doors", typed
    found = index.lookup("Schiessen", system="wasteland")
    assert found is not None and found.id == "shoot-action"
