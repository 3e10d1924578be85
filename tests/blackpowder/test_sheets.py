"""The black-powder game's cards (``/game sheet``) in English and German, and units under
hidden-movement markers: their owner sees them with their marker, the other seat and
spectators do not see them at all (their profiles' cards stay open as content)."""

from __future__ import annotations

from bot.present.sheets import sheet_text
from rules.blackpowder.state import BPState
from rules.core.language import Language
from rules.core.registry import get_system
from rules.core.visibility import Viewer
from tests.sheet_games import play_until

SYSTEM = get_system("blackpowder")
DE = Language.GERMAN


def test_a_profile_card_reads_in_english_and_in_german() -> None:
    english = SYSTEM.sheet(None, Viewer.spectator(), "profile:aldermoor-light")
    german = SYSTEM.sheet(None, Viewer.spectator(), "profile:aldermoor-light", DE)
    assert english is not None and german is not None
    assert english.title == "Light company" and german.title == "Leichte Kompanie"
    assert german.language is DE
    text = sheet_text(german)
    for word in ("Punkte", "Fernkampf 4+", "Nahkampf", "Verteidigung", "Muskete", "Kundschafter"):
        assert word in text, word
    for word in ("Points", "Shooting", "Musket ", "Scouts"):
        assert word not in text, word
    entries = {e.key: e for e in SYSTEM.sheets(None, Viewer.spectator(), DE)}
    assert entries["profile:aldermoor-light"].name == "Leichte Kompanie"
    assert "Light company" in entries["profile:aldermoor-light"].names


def test_a_hidden_unit_is_shown_to_its_owner_alone() -> None:
    state: BPState = play_until(
        "blackpowder", lambda s: any(u.hidden and u.on_table for u in s.units)
    )
    hidden = next(u for u in state.units if u.hidden and u.on_table)
    other = next(s for s in state.seats if s != hidden.seat)
    for viewer in (Viewer.spectator(), Viewer.of_seat(other)):
        listed = {e.key for e in SYSTEM.sheets(state, viewer) if e.in_game}
        assert hidden.id not in listed
        assert SYSTEM.sheet(state, viewer, hidden.id) is None
        for key in listed:
            card = SYSTEM.sheet(state, viewer, key)
            assert card is not None and str(hidden.marker) not in sheet_text(card)
    own = SYSTEM.sheet(state, Viewer.of_seat(hidden.seat), hidden.id)
    assert own is not None
    where = {r.name: r.value for part in own.sections for r in part.rows}["Where"]
    assert where == f"on the table (Hidden movement: {hidden.marker})"
