"""Wasteland's cards (``/game sheet``): unit profiles with their points, weapons and rules,
no unit of a game while the army lists are secret drafts, and each unit's models left once
the lists are revealed."""

from __future__ import annotations

from rules.core.registry import get_system
from rules.core.visibility import Viewer
from rules.wasteland.state import WastelandState
from tests.sheet_games import play_until

SYSTEM = get_system("wasteland")


def rows(card: object) -> dict[str, str]:
    return {r.name: r.value for part in card.sections for r in part.rows}  # type: ignore[attr-defined]


def test_a_profile_card_gives_points_a_model_weapons_and_rules() -> None:
    card = SYSTEM.sheet(None, Viewer.spectator(), "profile:warden-pumpguard")
    assert card is not None
    assert card.title == "Pumpguard Section"
    assert card.subtitle == "Troops unit · The Cistern Wardens"
    assert {f.name: f.value for f in card.facts} == {"Points": "14 a model", "Models": "5-8"}
    assert rows(card)["Move"] == '6"' and rows(card)["Life"] == "5+"
    [weapons] = [p for p in card.sections if p.kind == "weapons"]
    assert weapons.table is not None
    assert weapons.table.rows[0] == ("Repeater carbine", '18"', "5+", "1", "Rapid 2")
    assert weapons.table.rows[-1] == ("Combat blade", "melee", "6+", "-", "-")
    [special] = [p for p in card.sections if p.kind == "rules"]
    assert special.lines == ("Hardened",)


def test_no_unit_of_the_game_is_shown_while_the_lists_are_drafts() -> None:
    state: WastelandState = play_until(
        "wasteland", lambda s: s.phase == "lists" and any(d.entries for d in s.drafts.values())
    )
    drafting = next(seat for seat, draft in state.drafts.items() if draft.entries)
    for viewer in (Viewer.spectator(), *(Viewer.of_seat(s) for s in state.seats)):
        entries = SYSTEM.sheets(state, viewer)
        assert not any(e.in_game for e in entries), viewer
        profiles = {e.key for e in entries}
        assert all(f"profile:{x.profile}" in profiles for x in state.drafts[drafting].entries)
        assert (
            SYSTEM.sheet(
                state,
                viewer,
                "A1",
            )
            is None
        )


def test_a_units_card_counts_the_models_it_has_left() -> None:
    state: WastelandState = play_until(
        "wasteland",
        lambda s: any(0 < len(u.living) < u.starting or u.gone for u in s.units.values()),
        steps=1500,
    )
    hurt = next(u for u in state.units.values() if 0 < len(u.living) < u.starting or u.gone)
    for viewer in (Viewer.spectator(), *(Viewer.of_seat(s) for s in state.seats)):
        listed = {e.key: e for e in SYSTEM.sheets(state, viewer) if e.in_game}
        assert set(listed) == set(state.units)
        card = SYSTEM.sheet(state, viewer, hurt.id)
        assert card is not None and card.in_game
        assert card.title == f"{hurt.id} {hurt.name}"
        assert rows(card)["Models"] == f"{len(hurt.living)} of {hurt.starting} left"
        assert {f.name: f.value for f in card.facts}["Points"] == str(hurt.cost)
