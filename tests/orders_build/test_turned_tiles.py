"""Floor tiles laid turned: squares, walls, doors, floor elements and facing icons all
turn together, and a tile turned four times is the tile as printed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.grid.board import Board
from rules.grid.edges import Door, Wall
from rules.grid.facing import Facing
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.orders.content.loading import load_catalog
from rules.orders.content.placement import Footprint, tile_board, turned_local
from rules.orders.content.tiles import TileDef

CATALOG = load_catalog()
TILES = sorted(CATALOG.tiles)
PROPERTY = settings(deadline=None, derandomize=True, max_examples=120)


def _at(x: int, y: int) -> Square:
    return Square(x=x, y=y)


def _edges(board: Board) -> dict[frozenset[Square], Wall | Door]:
    return {frozenset((p.edge.a, p.edge.b)): p.barrier for p in board.barriers}


@given(st.sampled_from(TILES), st.integers(0, 3))
@PROPERTY
def test_a_placed_tile_covers_columns_times_rows_squares_all_on_the_board(
    tile_id: str, turns: int
) -> None:
    tile = CATALOG.tiles[tile_id]
    frame = BoardSize()
    probe = Footprint(tile=tile, at=_at(0, 0), turns=turns)
    at = _at(frame.columns - probe.columns, frame.rows - probe.rows)
    footprint = Footprint(tile=tile, at=at, turns=turns)
    squares = footprint.squares()
    assert len(set(squares.values())) == tile.columns * tile.rows
    assert set(squares.values()) == footprint.covered()
    assert all(frame.contains(square) for square in squares.values())
    assert (footprint.columns, footprint.rows) == (
        (tile.rows, tile.columns) if turns % 2 else (tile.columns, tile.rows)
    )
    tile_board(tile, CATALOG.doors, at, turns=turns)  # a valid board


@given(st.sampled_from(TILES), st.integers(0, 3))
@PROPERTY
def test_four_quarter_turns_bring_every_square_and_side_back(tile_id: str, turns: int) -> None:
    tile = CATALOG.tiles[tile_id]
    for local in tile.size.squares():
        once = turned_local(local, tile.columns, tile.rows, turns)
        width, height = (tile.rows, tile.columns) if turns % 2 else (tile.columns, tile.rows)
        back = turned_local(once, width, height, 4 - turns)
        assert back == local
        assert turned_local(local, tile.columns, tile.rows, 4) == local
    for side in Facing:
        assert side.turned(turns).turned(4 - turns) == side


def test_a_half_turn_mirrors_every_square_through_the_tile_centre() -> None:
    tile = CATALOG.tiles["chem-lab"]  # 3 x 4
    footprint = Footprint(tile=tile, at=_at(3, 5), turns=2)
    for local, board in footprint.squares().items():
        assert board == _at(3 + 2 - local.x, 5 + 3 - local.y)


def test_a_wall_on_the_north_side_stands_on_the_east_side_after_one_turn() -> None:
    tile = CATALOG.tiles["borer-1"]  # 2 x 3, walled north, west and east; open south
    assert tile.columns == 2 and tile.rows == 3
    board = tile_board(tile, CATALOG.doors, _at(5, 5), turns=1)  # now 3 x 2 on F6-H7
    edges = _edges(board)
    # the printed north wall (over A1, B1) now runs down the east side of H6 and H7
    assert isinstance(edges[frozenset((_at(7, 5), _at(8, 5)))], Wall)
    assert isinstance(edges[frozenset((_at(7, 6), _at(8, 6)))], Wall)
    # the open south side is now the west side: F6|E6 and F7|E7 carry nothing
    assert frozenset((_at(4, 5), _at(5, 5))) not in edges
    assert frozenset((_at(4, 6), _at(5, 6))) not in edges
    # the printed west wall is now along the north side of F6-H6
    assert all(isinstance(edges[frozenset((_at(x, 4), _at(x, 5)))], Wall) for x in (5, 6, 7))


def _door_edges(tile: TileDef, turns: int) -> list[frozenset[Square]]:
    board = tile_board(tile, CATALOG.doors, _at(6, 6), turns=turns)
    return [key for key, barrier in _edges(board).items() if isinstance(barrier, Door)]


def test_a_wide_door_keeps_both_its_edges_side_by_side_on_every_turn() -> None:
    tile = CATALOG.tiles["gatehouse"]  # a wide sliding door on the south side of B3, C3
    for turns in range(4):
        first, second = _door_edges(tile, turns)
        a = sorted(first, key=lambda s: s.order)
        b = sorted(second, key=lambda s: s.order)
        # two parallel edges one square apart along the side
        shift = (b[0].x - a[0].x, b[0].y - a[0].y)
        assert shift in ((1, 0), (0, 1), (-1, 0), (0, -1))
        assert (b[1].x - a[1].x, b[1].y - a[1].y) == shift
        side_step = (a[1].x - a[0].x, a[1].y - a[0].y)
        assert shift != side_step  # along the side, not across it


def test_the_wide_door_faces_south_then_west_then_north_then_east() -> None:
    tile = CATALOG.tiles["gatehouse"]
    expected = (Facing.SOUTH, Facing.WEST, Facing.NORTH, Facing.EAST)
    for turns, side in enumerate(expected):
        footprint = Footprint(tile=tile, at=_at(6, 6), turns=turns)
        sides = {s for _, _, _, s in footprint.door_sections(CATALOG.doors)}
        assert sides == {side}


def test_floor_elements_and_facing_icons_turn_with_the_tile() -> None:
    tile = next(t for t in CATALOG.tiles.values() if any(e.facing_icons for e in t.elements))
    element = next(e for e in tile.elements if e.facing_icons)
    icon = element.facing_icons[0]
    local = tile.square(icon.at)
    for turns in range(4):
        footprint = Footprint(tile=tile, at=_at(2, 2), turns=turns)
        placed = next(p for p in footprint.facing_icons() if p.element == element.id)
        assert placed.square == footprint.board_square(local)
        assert placed.facing == icon.facing.turned(turns)
        squares = {footprint.board_square(tile.square(n)) for n in element.squares}
        (laid,) = (e for e in footprint.elements() if e.name == element.name)
        assert laid.squares == squares


def test_a_turned_tile_that_does_not_fit_is_refused() -> None:
    tile = CATALOG.tiles["long-corridor-ns"]  # 1 x 6; turned it is 6 x 1
    tile_board(tile, CATALOG.doors, _at(15, 0))
    with pytest.raises(ValueError, match=r"\(6 x 1\) placed at P1 does not fit"):
        tile_board(tile, CATALOG.doors, _at(15, 0), turns=1)
