"""``/game sheet`` through the kit: every registered system lists cards of its content and
of a game's units or characters and words each one; the kit finds a card by name with the
game's own first and the closest spelling on a miss. A system is covered by being
installed; nothing here names one, except the cards made up for the finding tests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.present.sheets import sheet_text
from rules.core import engine
from rules.core.language import Language
from rules.core.registry import available_systems
from rules.core.rejection import Rejection
from rules.core.sheets import (
    Sheet,
    SheetEntry,
    SheetRow,
    SheetTable,
    find_sheet,
    matching,
    section,
)
from rules.core.state import GameState
from rules.core.system import GameSystem
from rules.core.visibility import Viewer

SYSTEMS = available_systems(unlisted=True)


def half_played(system: GameSystem[Any], steps: int = 60) -> GameState:
    """A seeded automatic game some way in (or at its end, if it ends sooner)."""
    rnd = random.Random(3)
    seed = (3).to_bytes(32, "big")
    seats = tuple(spec.id for spec in system.seat_specs[: system.min_seats])
    state = system.initial_state(system.options_model(), seats)
    state = engine.fold(system, state, engine.begin(system, state, seed))
    for _ in range(steps):
        if state.finished:
            break
        seat = rnd.choice(system.status(state).waiting_on)
        notation = system.automatic_action(state, seat, system.legal_actions(state, seat), rnd, 0.2)
        assert notation is not None
        action = system.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection)
        events = engine.decide(system, state, seed, seat, action)
        assert not isinstance(events, Rejection)
        state = engine.fold(system, state, events)
    return state


def well_formed(card: Sheet, system: GameSystem[Any], key: str) -> None:
    assert card.system == system.id and card.key == key and card.title
    for part in card.sections:
        assert part.title and (part.rows or part.table or part.lines), (key, part)
        if part.table is not None:
            width = len(part.table.columns)
            assert all(len(row) == width for row in part.table.rows), (key, part.title)
    assert len(sheet_text(card)) <= 2000


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_every_system_shows_its_contents_cards(system: GameSystem[Any]) -> None:
    for language in Language:
        entries = system.sheets(None, Viewer.spectator(), language)
        assert entries, f"{system.id} offers no card"
        assert not any(e.in_game for e in entries)
        keys = [e.key for e in entries]
        assert len(set(keys)) == len(keys), "two cards share a key"
        for entry in entries:
            assert 1 <= len(entry.key) <= 80 and entry.name
            card = system.sheet(None, Viewer.spectator(), entry.key, language)
            assert card is not None and not card.in_game, entry.key
            well_formed(card, system, entry.key)
        assert system.sheet(None, Viewer.spectator(), "no-such-card", language) is None


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_every_system_shows_the_cards_of_a_game_under_way(system: GameSystem[Any]) -> None:
    state = half_played(system)
    viewers = [Viewer.spectator(), *(Viewer.of_seat(s) for s in state.seats)]
    seen = 0
    for viewer in viewers:
        entries = system.sheets(state, viewer)
        in_game = [e for e in entries if e.in_game]
        assert entries[: len(in_game)] == in_game, "the game's own cards come first"
        for entry in in_game:
            card = system.sheet(state, viewer, entry.key)
            assert card is not None and card.in_game, entry.key
            assert any(part.kind == "in_game" for part in card.sections), entry.key
            well_formed(card, system, entry.key)
            seen += 1
    assert seen, f"{system.id}: no unit or character of the game has a card"


# -- the kit ----------------------------------------------------------------------------------
CARDS = [
    SheetEntry(key="A3", name="A3 Scrap Raiders", names=("Scrap Raiders",), in_game=True),
    SheetEntry(key="B1", name="B1 Scrap Raiders", names=("Scrap Raiders",), in_game=True),
    SheetEntry(key="profile:scrap-raiders", name="Scrap Raiders", names=("scrap-raiders",)),
    SheetEntry(key="profile:road-boss", name="Road Boss", names=("road-boss",)),
]


def test_a_card_is_found_by_key_name_and_words_the_games_own_first() -> None:
    options = [e.option() for e in CARDS]
    likely = {"A3", "B1"}
    assert find_sheet("a3", options, likely) == "A3"
    assert find_sheet("road boss", options, likely) == "profile:road-boss"
    assert find_sheet("ro bo", options, likely) == "profile:road-boss"
    assert find_sheet("profile:scrap-raiders", options, likely) == "profile:scrap-raiders"
    both = find_sheet("scrap raiders", options, likely)
    assert isinstance(both, Rejection)
    assert "did you mean A3 Scrap Raiders or B1 Scrap Raiders?" in both.explain()


def test_a_miss_names_the_closest_spelling_among_every_card() -> None:
    options = [e.option() for e in CARDS]
    missed = find_sheet("raod boss", options, {"A3", "B1"})
    assert isinstance(missed, Rejection)
    said = missed.explain()
    assert said.startswith("There is no unit or character called 'raod boss'.")
    assert "Did you mean Road Boss?" in said
    assert "Cards: A3 Scrap Raiders, B1 Scrap Raiders, Scrap Raiders, Road Boss." in said
    german = find_sheet("raod boss", options, {"A3"}, Language.GERMAN)
    assert isinstance(german, Rejection)
    assert "Meintest du Road Boss?" in german.explain(language=Language.GERMAN)
    empty = find_sheet("  ", options)
    assert isinstance(empty, Rejection) and "Name the unit or character." in empty.explain()


def test_typing_narrows_the_cards_by_contained_text_and_word_starts() -> None:
    assert matching(CARDS, "") == CARDS
    assert [e.key for e in matching(CARDS, "raid")] == ["A3", "B1", "profile:scrap-raiders"]
    assert [e.key for e in matching(CARDS, "r b")] == ["profile:road-boss"]
    assert matching(CARDS, "zebra") == []


def test_an_empty_section_is_left_out() -> None:
    assert section("rules") is None
    assert section("weapons", table=SheetTable(columns=("Weapon",))) is None
    kept = section("in_game", rows=[SheetRow(name="Models", value="3 of 5 left")])
    assert kept is not None and kept.title == "In this game"
    assert section("characteristics", Language.GERMAN, lines=["x"]).title == "Werte"  # type: ignore[union-attr]
