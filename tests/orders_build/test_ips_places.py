"""The floor elements that carry IPS lines lie where the map builder laid and turned their
tiles: the same squares and facing icons as the built board."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.grid.squares import Square
from rules.orders.construction import construct
from rules.orders.content.loading import load_catalog
from rules.orders.content.terms import Side
from rules.orders.ips_places import elements
from rules.orders.map_setup import ground_of

CATALOG = load_catalog()
SEATS = ("alpha", "bravo", "charlie", "delta")


def _sides(players: int) -> dict[str, Side | None]:
    if players == 2:
        return {"alpha": "defender", "bravo": "attacker"}
    return dict.fromkeys(SEATS[:players])


def _names(squares: Iterable[Square]) -> list[str]:
    return sorted(str(s) for s in squares)


@given(st.sampled_from((2, 3, 4)), st.integers(0, 10**6))
@settings(deadline=None, derandomize=True, max_examples=20)
def test_elements_and_facing_icons_come_from_the_placed_turned_tiles(
    players: int, seed: int
) -> None:
    generator = CATALOG.generators[f"generator-{players}"]
    built = construct(CATALOG, generator, SEATS[:players], _sides(players), seed)
    ground = ground_of(built.layout, CATALOG)
    index = built.layout.index(CATALOG.tiles, CATALOG.doors)
    placed = elements(ground)
    assert sorted((e.element.name, _names(e.squares)) for e in placed) == sorted(
        (f.name, _names(f.squares)) for f in index.board.floor
    )
    icons = sorted((e.element.id, str(s), f.value) for e in placed for s, f in e.icons)
    assert icons == sorted((i.element, str(i.square), i.facing.value) for i in index.facing_icons)
    assert any(t.turns for t in built.layout.tiles) == any(t.turns for t in ground.tiles)
