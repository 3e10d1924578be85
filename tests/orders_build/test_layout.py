"""A map layout: tiles side by side share one wall, door markers replace walls, borers
bore through single walls, and the per-square look-ups agree with the layout."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.grid.adjacency import adjacent
from rules.grid.edges import Door, Wall, WallKind
from rules.grid.squares import Square
from rules.orders.content.loading import load_catalog
from rules.orders.layout import DoorMarker, MapIndex, MapLayout, PlacedTile

CATALOG = load_catalog()


def _at(x: int, y: int) -> Square:
    return Square(x=x, y=y)


def _tile(tile: str, x: int, y: int, turns: int = 0) -> PlacedTile:
    return PlacedTile(tile=tile, at=_at(x, y), turns=turns)


def _index(*tiles: PlacedTile, doors: tuple[DoorMarker, ...] = ()) -> MapIndex:
    return MapLayout(tiles=tiles, doors=doors).index(CATALOG.tiles, CATALOG.doors)


# the revival lab (4 x 4, walled all round) on A1-D4 and the chemistry lab (3 x 4) on E1-G4
LABS = (_tile("revival-lab", 0, 0), _tile("chem-lab", 4, 0))


def test_two_walls_back_to_back_make_one_wall_on_the_edge() -> None:
    board = _index(*LABS).board
    for y in range(4):
        wall = board.barrier(_at(3, y), _at(4, y))
        assert wall == Wall(kind=WallKind.SINGLE)
    assert not adjacent(board, _at(3, 0), _at(4, 0))


def test_a_double_wall_wins_over_a_single_one() -> None:
    # the strongroom's double west wall against the revival lab's single east wall
    board = _index(_tile("revival-lab", 0, 0), _tile("strongroom", 4, 1)).board
    assert board.barrier(_at(3, 1), _at(4, 1)) == Wall(kind=WallKind.DOUBLE)


def test_a_door_marker_replaces_the_wall_and_remembers_it() -> None:
    marker = DoorMarker(door="sliding-small", a=_at(3, 2), b=_at(4, 2))
    board = _index(*LABS, doors=(marker,)).board
    door = board.barrier(_at(3, 2), _at(4, 2))
    assert isinstance(door, Door) and door.over == WallKind.SINGLE and door.kind == "sliding"
    assert door.name == "marker-1"
    assert isinstance(board.barrier(_at(3, 1), _at(4, 1)), Wall)


def test_a_large_marker_between_east_west_neighbours_covers_the_edge_south_of_it() -> None:
    marker = DoorMarker(door="wooden-large", a=_at(3, 1), b=_at(4, 1))
    board = _index(*LABS, doors=(marker,)).board
    for y in (1, 2):
        assert isinstance(board.barrier(_at(3, y), _at(4, y)), Door)
    for y in (0, 3):
        assert isinstance(board.barrier(_at(3, y), _at(4, y)), Wall)


def test_a_large_marker_between_north_south_neighbours_covers_the_edge_east_of_it() -> None:
    tiles = (_tile("revival-lab", 0, 0), _tile("machine-shop", 0, 4))
    marker = DoorMarker(door="sliding-large", a=_at(1, 3), b=_at(1, 4))
    board = _index(*tiles, doors=(marker,)).board
    assert isinstance(board.barrier(_at(1, 3), _at(1, 4)), Door)
    assert isinstance(board.barrier(_at(2, 3), _at(2, 4)), Door)
    assert isinstance(board.barrier(_at(0, 3), _at(0, 4)), Wall)


def test_a_door_marker_over_a_double_wall_is_refused() -> None:
    marker = DoorMarker(door="sliding-small", a=_at(3, 1), b=_at(4, 1))
    with pytest.raises(ValueError, match=r"door marker 1 covers a double wall at D2\|E2"):
        _index(_tile("revival-lab", 0, 0), _tile("strongroom", 4, 1), doors=(marker,))


def test_a_borer_bores_through_a_single_wall_but_not_a_double_one() -> None:
    # borer-2 is open on its north side; laid on A5-B7 under the revival lab
    board = _index(_tile("revival-lab", 0, 0), _tile("borer-2", 0, 4)).board
    assert adjacent(board, _at(0, 3), _at(0, 4)) and adjacent(board, _at(1, 3), _at(1, 4))
    # under the strongroom's double south wall (strongroom on A1-C3) it stays shut
    board = _index(_tile("strongroom", 0, 0), _tile("borer-2", 0, 3)).board
    assert board.barrier(_at(0, 2), _at(0, 3)) == Wall(kind=WallKind.DOUBLE)


def test_overlapping_or_unknown_tiles_and_tiles_off_the_frame_are_refused() -> None:
    with pytest.raises(ValueError, match="tiles 'revival-lab' and 'chem-lab' both cover D1"):
        _index(_tile("revival-lab", 0, 0), _tile("chem-lab", 3, 0))
    with pytest.raises(ValueError, match="unknown tile 'nowhere'"):
        _index(_tile("nowhere", 0, 0))
    with pytest.raises(ValueError, match="tile 'long-corridor-ew' at M1 runs off the board"):
        _index(_tile("long-corridor-ew", 12, 0))


def test_a_door_marker_names_neighbours_in_reading_order() -> None:
    with pytest.raises(ValidationError, match="reading order"):
        DoorMarker(door="sliding-small", a=_at(4, 2), b=_at(3, 2))
    with pytest.raises(ValidationError, match="do not share a side"):
        DoorMarker(door="sliding-small", a=_at(3, 2), b=_at(5, 2))


def test_look_ups_agree_with_the_layout_and_the_void_has_no_terrain() -> None:
    layout = MapLayout(tiles=(*LABS, _tile("courtyard", 0, 4, turns=1)))
    index = layout.index(CATALOG.tiles, CATALOG.doors)
    for square in layout.size.squares():
        assert index.tile_at(square) == layout.tile_at(square, CATALOG.tiles)
        assert index.terrain_at(square) == layout.terrain_at(square, CATALOG.tiles)
    assert index.terrain_at(_at(0, 4)) == "outdoor"
    assert index.terrain_at(_at(5, 5)) is None and _at(5, 5) in index.void
    assert len(index.void) == 16 * 20 - 16 - 12 - 16
    assert layout.board(CATALOG.tiles, CATALOG.doors) == index.board


def test_a_layout_round_trips_through_json_exactly() -> None:
    layout = MapLayout(
        tiles=(*LABS, _tile("gatehouse", 8, 8, turns=3)),
        doors=(DoorMarker(door="wooden-large", a=_at(3, 1), b=_at(4, 1)),),
    )
    text = layout.model_dump_json()
    again = MapLayout.model_validate_json(text)
    assert again == layout and again.model_dump_json() == text


@pytest.mark.parametrize("door_first", [True, False])
def test_a_printed_door_remembers_the_neighbours_wall_whichever_tile_comes_first(
    door_first: bool,
) -> None:
    # the strongroom's bulkhead (north side of its B1) on the revival lab's single south
    # wall, and on another strongroom's double south wall
    for upper, over in (("revival-lab", WallKind.SINGLE), ("strongroom", WallKind.DOUBLE)):
        rows = CATALOG.tiles[upper].rows
        tiles = [_tile("strongroom", 0, rows), _tile(upper, 0, 0)]
        board = _index(*(tiles if door_first else tiles[::-1])).board
        door = board.barrier(_at(1, rows - 1), _at(1, rows))
        assert isinstance(door, Door) and door.kind == "wooden-magnetic"
        assert door.over == over
