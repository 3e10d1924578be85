"""Tannhäuser's cards (``/game sheet``): character sheets with their health rows, skills
and packs, and no card of a team or a pack before they are revealed."""

from __future__ import annotations

from rules.core.registry import get_system
from rules.core.visibility import Viewer
from rules.tannhauser.state import TannhauserState
from tests.sheet_games import play_until

SYSTEM = get_system("tannhauser")


def test_a_character_card_shows_health_rows_skills_and_packs() -> None:
    card = SYSTEM.sheet(None, Viewer.spectator(), "character:isolde-varga")
    assert card is not None
    assert card.title == "Prefect Isolde Varga"
    assert card.subtitle == "Hero · The Ashen Directorate"
    [rows] = [p for p in card.sections if p.kind == "characteristics"]
    assert rows.table is not None
    assert rows.table.columns == ("Row", "Combat", "Stamina", "Mental", "Move")
    assert rows.table.rows[0] == ("1", "5", "5", "6", "6")
    assert len(rows.table.rows) == 4
    [skills] = [p for p in card.sections if p.kind == "rules"]
    assert skills.lines == ("Command", "Strategy", "Reasoning")
    [packs] = [p for p in card.sections if p.kind == "equipment"]
    assert [r.name for r in packs.rows] == [
        "Special object",
        "Combat pack",
        "Stamina pack",
        "Command pack",
    ]
    colossus = SYSTEM.sheet(None, Viewer.spectator(), "character:kiln-colossus")
    assert colossus is not None and colossus.sections[0].table is not None
    assert colossus.sections[0].table.rows[0][3] == "-"  # a null characteristic


def test_a_team_chosen_in_secret_has_no_card_until_revealed() -> None:
    state: TannhauserState = play_until(
        "tannhauser", lambda s: s.phase == "teams" and any(s.team_picks.values())
    )
    for viewer in (Viewer.spectator(), *(Viewer.of_seat(s) for s in state.seats)):
        assert not any(e.in_game for e in SYSTEM.sheets(state, viewer))
        for team in state.team_picks.values():
            assert all(SYSTEM.sheet(state, viewer, c) is None for c in team)


def test_characters_in_play_show_their_row_and_what_they_carry() -> None:
    state: TannhauserState = play_until("tannhauser", lambda s: bool(s.tokens))
    token = next(iter(state.tokens.values()))
    card = SYSTEM.sheet(state, Viewer.spectator(), token.key)
    assert card is not None and card.in_game
    shown = {r.name: r.value for part in card.sections for r in part.rows}
    assert shown["Health row"] == f"1 of {len(state.sheets[token.character].rows)}"
    carried = [state.gear[i].name for i in token.equipment]
    assert shown["Carries"] == ", ".join(carried)
