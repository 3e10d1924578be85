"""A floor tile laid at an offset makes a valid square-grid board with its walls, doors,
floor elements and room where the tile puts them."""

from __future__ import annotations

import pytest

from rules.grid.adjacency import adjacent
from rules.grid.board import Board
from rules.grid.edges import Door, Wall, WallKind
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.orders.content.catalog import Catalog
from rules.orders.content.loading import load_catalog
from rules.orders.content.placement import tile_board


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _at(x: int, y: int) -> Square:
    return Square(x=x, y=y)


def _place(catalog: Catalog, tile_id: str, at: Square) -> Board:
    return tile_board(catalog.tiles[tile_id], catalog.doors, at)


def test_every_tile_makes_a_board_wherever_it_fits(catalog: Catalog) -> None:
    for tile in catalog.tiles.values():
        for at in (_at(0, 0), _at(16 - tile.columns, 20 - tile.rows), _at(5, 7)):
            board = tile_board(tile, catalog.doors, at)
            assert board.size == BoardSize()
            assert len(board.floor) == len(tile.elements), tile.id


def test_the_gatehouse_laid_at_c5_keeps_its_walls_door_desk_and_room(catalog: Catalog) -> None:
    board = _place(catalog, "gatehouse", _at(2, 4))  # its A1 on C5, so it covers C5-F8
    # the north wall of its A1 stands between C4 and C5
    assert isinstance(board.barrier(_at(2, 3), _at(2, 4)), Wall)
    assert not adjacent(board, _at(2, 4), _at(2, 3))
    # its east wall: F5 | G5; its open south side: C8 | C9 has nothing
    assert isinstance(board.barrier(_at(5, 4), _at(6, 4)), Wall)
    assert board.barrier(_at(2, 7), _at(2, 8)) is None
    # the wide sliding door on the south side of B3 and C3 fills two edges, closed
    doors = [board.barrier(_at(3, 6), _at(3, 7)), board.barrier(_at(4, 6), _at(4, 7))]
    assert all(isinstance(d, Door) and d.kind == "sliding" and not d.open for d in doors)
    assert {d.name for d in doors if isinstance(d, Door)} == {"gatehouse-door-1"}
    assert not adjacent(board, _at(3, 6), _at(3, 7))
    # the inner walls beside the door: A3 and D3 south
    assert isinstance(board.barrier(_at(2, 6), _at(2, 7)), Wall)
    # the guard desk on B1 and C1 sits on D5 and E5 and blocks the way
    (desk,) = board.floor
    assert desk.squares == frozenset({_at(3, 4), _at(4, 4)})
    assert board.movement_blocked == desk.squares
    (room,) = board.rooms
    assert room.name == "Gatehouse" and len(room.squares) == 16
    assert board.room_of(_at(5, 7)) == room and board.room_of(_at(6, 7)) is None


def test_walls_on_the_board_edge_are_the_frame(catalog: Catalog) -> None:
    board = _place(catalog, "gatehouse", _at(0, 0))
    tile = catalog.tiles["gatehouse"]
    outer = sum(1 for s, side, _ in tile.wall_sections() if side.value in ("north", "west"))
    inner = len(list(tile.wall_sections())) - outer
    walls = [p for p in board.barriers if isinstance(p.barrier, Wall)]
    assert len(walls) == inner  # the north and west walls lie on the frame


def test_a_door_over_a_single_wall_replaces_it(catalog: Catalog) -> None:
    board = _place(catalog, "strongroom", _at(4, 4))
    bulkhead = board.barrier(_at(5, 3), _at(5, 4))  # north side of its B1
    assert isinstance(bulkhead, Door)
    assert bulkhead.kind == "wooden-magnetic" and bulkhead.over == WallKind.SINGLE
    beside = board.barrier(_at(4, 3), _at(4, 4))
    assert isinstance(beside, Wall) and beside.kind == WallKind.DOUBLE


def test_a_tile_that_does_not_fit_is_refused(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match=r"tile 'gatehouse' .* does not fit the board"):
        _place(catalog, "gatehouse", _at(13, 0))
