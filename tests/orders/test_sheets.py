"""The order-tile game's cards (``/game sheet``): both sides of a character and its
abilities; in a game its condition and what it carries, and no square while the markers
lie face down, so a card never tells which marker hides whom."""

from __future__ import annotations

from rules.core.registry import get_system
from rules.core.visibility import Viewer
from rules.orders.state import OrdersState
from tests.sheet_games import play_until

SYSTEM = get_system("orders")


def test_a_character_card_shows_the_healthy_and_wounded_sides() -> None:
    entry = next(e for e in SYSTEM.sheets(None, Viewer.spectator()))
    card = SYSTEM.sheet(None, Viewer.spectator(), entry.key)
    assert card is not None
    [sides] = [p for p in card.sections if p.kind == "characteristics"]
    assert sides.table is not None and sides.table.columns == ("", "Healthy", "Wounded")
    character = SYSTEM.catalog.characters[entry.key.removeprefix("character:")]
    by_row = {row[0]: row[1:] for row in sides.table.rows}
    assert by_row["Movement"] == (
        str(character.healthy.movement),
        str(character.wounded.movement),
    )
    assert by_row["Life points"] == (
        str(character.healthy.life_points),
        str(character.wounded.life_points),
    )
    assert not any(c.risen for c in SYSTEM.catalog.characters.values() if c.name == card.title)


def square_of(card: object) -> str | None:
    rows = {r.name: r.value for part in card.sections for r in part.rows}  # type: ignore[attr-defined]
    return rows.get("Square")


def test_no_square_is_shown_while_markers_lie_face_down() -> None:
    state: OrdersState = play_until("orders", lambda s: s.phase == "deployment" and bool(s.markers))
    for viewer in (Viewer.spectator(), *(Viewer.of_seat(s) for s in state.seats)):
        fighters = [e for e in SYSTEM.sheets(state, viewer) if e.in_game]
        assert len(fighters) == len(state.fighters)
        for entry in fighters:
            card = SYSTEM.sheet(state, viewer, entry.key)
            assert card is not None and square_of(card) is None
    placed: OrdersState = play_until("orders", lambda s: s.phase not in ("deployment",))
    standing = next(f for f in placed.fighters if f.square is not None)
    card = SYSTEM.sheet(placed, Viewer.spectator(), standing.id)
    assert card is not None and square_of(card) is not None
