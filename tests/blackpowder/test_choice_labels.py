"""Every choice the black-powder game offers (the suggestions and the answers of a prompt)
is written and labelled in the reader's language: through a scripted game, each seat's
choices read in English for an English reader and in German for a German one, no English
term left in a German label, no German term in an English one and no raw card or weapon
id in either; the German notation (the sheet's verbs) reads back as the very action the
English one names."""

from __future__ import annotations

import re

import pytest

from rules.blackpowder.choices import answers, legal
from rules.blackpowder.german_notation import in_german
from rules.blackpowder.notation import parse
from rules.blackpowder.state import BPState
from rules.blackpowder.system import BlackPowderSystem
from rules.blackpowder.terms import TERMS
from rules.core import engine
from rules.core.language import Language
from rules.core.state import GameState
from tests.blackpowder.test_german import leaked
from tests.blackpowder.test_scenarios import _system_playing
from tests.core.test_every_system import _play

EN, DE = Language.ENGLISH, Language.GERMAN


def german_terms() -> set[str]:
    """The German words of the terms table that English does not share."""
    return {
        german.lower()
        for term in TERMS
        for german in term.german
        if german.lower() not in {e.lower() for e in (term.english, *term.also)}
    }


def _says_german(english: str) -> list[str]:
    text = english.lower()
    return sorted(w for w in german_terms() if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text))


def _raw_ids(state: BPState, label: str) -> list[str]:
    ids = [*state.cards, *(w for w in state.weapons if "-" in w)]
    return [i for i in ids if i in label]


def _states(system: BlackPowderSystem, number: int) -> list[BPState]:
    """Every state of an automatic game in which someone is asked to decide."""
    final, log = _play(system, number)
    state: GameState = system.initial_state(system.options_model(), final.seats)
    seen = []
    for event in log:
        state = engine.evolve(system, state, event)
        assert isinstance(state, BPState)
        if not state.finished and system.status(state).waiting_on:
            seen.append(state)
    return seen


@pytest.mark.parametrize("name", ("skirmish",))
def test_every_choice_of_a_scripted_game_reads_in_the_readers_language(name: str) -> None:
    system = _system_playing(name)
    labels = 0
    kinds: set[str] = set()
    german_verbs: set[str] = set()
    for state in _states(system, 1):
        for seat in state.seats:
            english, german = legal(state, seat, EN), legal(state, seat, DE)
            assert [in_german(c.notation) for c in english] == [c.notation for c in german]
            assert english == system.legal_actions(state, seat)
            assert german == system.legal_actions_in(state, seat, DE)
            for en, de in zip(english, german, strict=True):
                labels += 1
                kinds.add(en.notation.split()[0])
                if en.complete:
                    assert parse(de.notation, state, seat) == parse(en.notation, state, seat)
                    german_verbs.add(de.notation.split()[0])
                assert en.label != de.label, en.label
                assert leaked(de.label) == [], de.label
                assert _says_german(en.label) == [], en.label
                assert _raw_ids(state, en.label) == _raw_ids(state, de.label) == []
        for prompt in system.prompts_in(state, DE):
            assert leaked(prompt.text) == [], prompt.text
            offered = {c.notation: c.label for c in answers(state, prompt.seat, DE)}
            assert all(offered[c.notation] == c.label for c in prompt.choices), prompt
    assert labels > 100
    assert {"play", "move", "end", "done"} <= kinds, kinds
    assert {"spiele", "bewege", "ende", "fertig"} <= german_verbs, german_verbs


@pytest.mark.parametrize(
    ("english", "german"),
    [
        ("play thornbury-troop-militia decline", "spiele thornbury-troop-militia ablehnen"),
        ("stand fast B2", "haltet stand B2"),
        (
            "move B2 to 30.0,20.0 then shoot at A3 with musket",
            "bewege B2 nach 30.0,20.0 dann schieße auf A3 mit musket",
        ),
        ("form B2 loose towards 10,10", "formiere B2 locker richtung 10,10"),
        ("fall back", "zurückweichen"),
        ("remove 10 1 5", "entferne 10 1 5"),
        ("move A1 to ", "bewege A1 nach "),
        ("something else", "something else"),
    ],
)
def test_a_notation_in_german(english: str, german: str) -> None:
    assert in_german(english) == german
