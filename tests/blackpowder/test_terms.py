"""Every player-facing term of the black-powder game answers to its English name and to the
reference sheet's German word(s) (003), in any case, with or without umlauts."""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

import pytest

from rules.blackpowder.content.cards import CardKind
from rules.blackpowder.content.terrain import Cover, Form, Going, TerrainHeight
from rules.blackpowder.content.units import Quality, SpecialRule
from rules.blackpowder.content.weapons import MeleeKind, WeaponRule
from rules.blackpowder.tables.command import Ability
from rules.blackpowder.tables.reactions import Outcome
from rules.blackpowder.tables.spotting import Weather
from rules.blackpowder.terms import (
    BY_ID,
    TERMS,
    Term,
    TermKind,
    english,
    find_term,
    fold,
    german,
    ids,
)
from rules.core.rejection import Rejection

SHEET_WORDS = {
    # 003 Kommandofähigkeiten
    "Feindsichtung!": "enemy-sighted",
    "Zurückhalten!": "hold-back",
    "Haltet Stand!": "stand-fast",
    "Befehl": "command",
    "Vorbereitung": "preparation",
    # 003 Bewegung / Entdecken-Tabelle
    "Kundschafter": "scouts",
    "Ortskundig": "locals",
    "Kavallerie": "cavalry",
    "Leichte Kavallerie": "light-cavalry",
    "Geschlossene Formation": "close-formation",
    # 003 Sammeln-Wert
    "Ausgebildet": "trained",
    "Plänkler": "skirmisher",
    "Einheimisch": "native",
    "Rekrut": "recruit",
    "Krieger": "warrior",
    "Eingezogen": "conscript",
    "Zurückweichen": "fall-back",
    "Erschüttert": "shaken",
    "Aufgerieben": "destroyed",
    "Flucht": "flight",
    # 003 Geländearten, Wetterbedingungen, Waffen
    "Sumpfland": "marsh",
    "Felsiger Boden": "rocky-ground",
    "Dichter Nebel": "dense-fog",
    "Dämmerung": "dusk",
    "Jagdbüchsen": "hunting-rifle",
    "Schwarzpulverwaffe": "black-powder",
    "Einzelschuss": "single-shot",
    "Säbel": "sabre",
    "Marinewaffen": "naval-weapons",
    "Kavallerielanzen": "lance",
    "Überraschungsangriff": "surprise-attack",
    "Verteidigte Stellung": "defended-position",
    "Pulverdampf-Marker": "powder-smoke",
}


@pytest.mark.parametrize(("word", "ident"), sorted(SHEET_WORDS.items()))
def test_the_sheets_german_words_name_their_terms(word: str, ident: str) -> None:
    assert find_term(word) == ident
    assert find_term(word.upper()) == ident
    assert find_term(word.lower()) == ident


@pytest.mark.parametrize("t", TERMS, ids=lambda t: t.id)
def test_every_term_answers_to_both_languages_and_its_id(t: Term) -> None:
    assert t.german, "every term has the sheet's German word"
    assert find_term(t.english, t.kind) == t.id
    assert find_term(t.id, t.kind) == t.id
    for word in t.german:
        assert find_term(word, t.kind) == t.id


def test_umlauts_may_be_typed_plain_or_transcribed() -> None:
    assert find_term("Zuruckweichen") == "fall-back"
    assert find_term("zurueckweichen") == "fall-back"
    assert find_term("plaenkler") == "skirmisher"
    assert find_term("SAEBEL") == "sabre"
    assert find_term("grosses ziel") == "large-target"


def test_the_abilities_need_no_exclamation_mark() -> None:
    assert find_term("feindsichtung") == "enemy-sighted"
    assert find_term("enemy sighted") == "enemy-sighted"
    assert find_term("haltet stand") == "stand-fast"


def test_a_near_miss_suggests_the_closest_term() -> None:
    found = find_term("Feindsichtng")
    assert isinstance(found, Rejection)
    assert "There is no term called 'Feindsichtng'" in found.message
    assert "Did you mean Enemy sighted!?" in found.message


def test_a_refusal_repeats_what_was_typed_not_its_folded_spelling() -> None:
    found = find_term("Zurück")
    assert isinstance(found, Rejection)
    assert "'Zurück' is ambiguous" in found.message
    assert "Hold back!" in found.message and "Fall back" in found.message


def test_the_kind_narrows_the_search() -> None:
    assert find_term("Zurück", TermKind.ABILITY) == "hold-back"
    missing = find_term("Wald", TermKind.WEATHER)
    assert isinstance(missing, Rejection)
    assert "There is no weather called 'Wald'" in missing.message


def test_ids_are_unique_and_the_rally_columns_keep_the_sheets_order() -> None:
    assert len(BY_ID) == len(TERMS)
    assert ids(TermKind.QUALITY) == (
        "trained",
        "skirmisher",
        "native",
        "recruit",
        "warrior",
        "conscript",
    )
    assert english("locals") == "Local knowledge" and german("locals") == "Ortskundig"


def test_no_two_terms_share_a_spelling() -> None:
    seen: dict[str, str] = {}
    for t in TERMS:
        for spelling in {fold(s).lower() for s in (t.english, *t.also, *t.german)}:
            assert seen.setdefault(spelling, t.id) == t.id, spelling


def _values(literal: object) -> tuple[str, ...]:
    return tuple(get_args(literal))


@pytest.mark.parametrize(
    ("literal", "kind", "to_id"),
    [
        (Quality, TermKind.QUALITY, str),
        (SpecialRule, TermKind.SPECIAL_RULE, str),
        (WeaponRule, TermKind.WEAPON_RULE, str),
        (MeleeKind, TermKind.MELEE_WEAPON, str),
        (Weather, TermKind.WEATHER, str),
        (Outcome, TermKind.RESULT, str),
        (Ability, TermKind.ABILITY, str),
        (Cover, TermKind.COVER, lambda c: f"{c}-cover" if c != "none" else "no-cover"),
        (CardKind, TermKind.CARD, lambda k: f"{k}-card"),
        (Form, TermKind.TERRAIN, lambda f: f),
        (Going, TermKind.TERRAIN, lambda g: "open-ground" if g == "open" else g),
        (TerrainHeight, TermKind.TERRAIN, lambda h: h),
    ],
)
def test_every_word_the_rules_and_content_use_has_its_term(
    literal: object, kind: TermKind, to_id: Callable[[str], str]
) -> None:
    for value in _values(literal):
        assert BY_ID[to_id(value)].kind is kind, value
