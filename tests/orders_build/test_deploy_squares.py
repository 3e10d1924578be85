"""Deployment squares per side and the distance between markers of different players,
measured through doors but never through walls or the void."""

from __future__ import annotations

import pytest

from rules.grid.squares import Square
from rules.orders.content.loading import load_catalog
from rules.orders.deploy_squares import (
    character_side,
    deployment_squares,
    far_enough,
    location,
    marker_distance,
)
from rules.orders.layout import DoorMarker, MapIndex, MapLayout, PlacedTile

CATALOG = load_catalog()


def _at(x: int, y: int) -> Square:
    return Square(x=x, y=y)


def _block(x0: int, y0: int, x1: int, y1: int) -> set[Square]:
    return {_at(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)}


# the revival lab on A1-D4 (slabs on B2-C2), a courtyard below it on A5-D8 (an oak on
# B6, a fountain on C7) with a door between B4 and B5, and a borer on E5-F7 beside it
INDEX = MapIndex(
    MapLayout(
        tiles=(
            PlacedTile(tile="revival-lab", at=_at(0, 0)),
            PlacedTile(tile="courtyard", at=_at(0, 4)),
            PlacedTile(tile="borer-1", at=_at(4, 4)),
        ),
        doors=(DoorMarker(door="sliding-small", a=_at(1, 3), b=_at(1, 4)),),
    ),
    CATALOG.tiles,
    CATALOG.doors,
)


def test_defenders_deploy_indoors_on_free_squares() -> None:
    assert deployment_squares(INDEX, "defender") == _block(0, 0, 3, 3) - {_at(1, 1), _at(2, 1)}


def test_attackers_deploy_on_outdoor_ground_or_borers() -> None:
    ground = _block(0, 4, 3, 7) - {_at(1, 5), _at(2, 6)}
    assert deployment_squares(INDEX, "attacker") == ground | _block(4, 4, 5, 6)


def test_a_borer_is_one_location_and_every_other_square_its_own() -> None:
    borer = {location(INDEX, square) for square in _block(4, 4, 5, 6)}
    assert len(borer) == 1
    ground = {location(INDEX, square) for square in _block(0, 4, 3, 7)}
    assert len(ground) == 16 and not ground & borer


def test_distance_counts_orthogonal_steps_through_a_closed_door() -> None:
    assert marker_distance(INDEX, _at(1, 2), _at(1, 5)) == 3
    # A4 to A5 share a wall: the way goes round through the door on B4|B5
    assert marker_distance(INDEX, _at(0, 3), _at(0, 4)) == 3
    assert marker_distance(INDEX, _at(0, 0), _at(0, 0)) == 0


def test_distance_never_crosses_walls_or_the_void() -> None:
    # the borer is walled on its north, west and east sides and opens south onto the void
    assert marker_distance(INDEX, _at(4, 4), _at(3, 4)) is None
    assert marker_distance(INDEX, _at(8, 8), _at(3, 4)) is None  # a void square


def test_floor_elements_do_not_stop_the_count() -> None:
    # B2-C2 holds the slabs; A2 to D2 straight across is 3 steps
    assert marker_distance(INDEX, _at(0, 1), _at(3, 1)) == 3


def test_far_enough_holds_at_the_least_distance_and_fails_inside_it() -> None:
    others = frozenset({_at(1, 5)})
    assert far_enough(INDEX, _at(1, 1), others, 4)  # B2 to B6: 4 steps
    assert not far_enough(INDEX, _at(1, 2), others, 4)  # B3 to B6: 3 steps
    assert far_enough(INDEX, _at(4, 4), others, 4)  # no way joins them


def test_a_mercenary_deploys_as_the_faction_it_counts_as() -> None:
    for character, faction in CATALOG.character_faction.items():
        counted = faction or CATALOG.characters[character].counts_as
        assert counted is not None
        assert character_side(CATALOG, character) == CATALOG.factions[counted].side
    assert character_side(CATALOG, "hired-gun") == "defender"
    assert character_side(CATALOG, "wrecker") == "attacker"
    with pytest.raises(ValueError, match="unknown character 'nobody'"):
        character_side(CATALOG, "nobody")
