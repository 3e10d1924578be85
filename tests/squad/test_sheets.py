"""Squad cards (``/game sheet``): unit profiles with their characteristics and weapon
strengths by range band, and no unit of a game while the forces are secret."""

from __future__ import annotations

from rules.core.registry import get_system
from rules.core.visibility import Viewer
from rules.squad.state import SquadState
from tests.sheet_games import play_until

SYSTEM = get_system("squad")


def test_a_profile_card_gives_the_characteristics_and_weapon_strengths() -> None:
    card = SYSTEM.sheet(None, Viewer.spectator(), "profile:contract-team")
    assert card is not None
    facts = {f.name: f.value for f in card.facts}
    assert facts["Points"] == "113"
    [stats] = [p for p in card.sections if p.kind == "characteristics"]
    assert [r.name for r in stats.rows] == ["Move", "SH", "AS", "T", "ML", "Size"]
    [weapons] = [p for p in card.sections if p.kind == "weapons"]
    assert weapons.table is not None
    assert weapons.table.columns == ("Weapon", '≤12"', '≤24"', '≤36"', '≤48"', "CC", "Shots")


def test_forces_have_no_card_until_revealed() -> None:
    state: SquadState = play_until("squad", lambda s: s.phase == "forces" and bool(s.forces))
    for viewer in (Viewer.spectator(), *(Viewer.of_seat(s) for s in state.seats)):
        assert not any(e.in_game for e in SYSTEM.sheets(state, viewer))
        assert SYSTEM.sheet(state, viewer, "A1") is None
