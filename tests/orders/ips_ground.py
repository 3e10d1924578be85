"""A ground of real floor tiles for IPS tests: tiles laid at given corners (turned or not),
their walls, floor elements and rooms on one board."""

from __future__ import annotations

from rules.grid.board import Board, PlacedBarrier
from rules.grid.floor import FloorElement
from rules.grid.rooms import Room
from rules.grid.size import BoardSize
from rules.grid.squares import square_name
from rules.orders.content.placement import Footprint, tile_board
from rules.orders.ground import Ground, GroundTile
from tests.orders.builders import CATALOG, sq

SIZE = BoardSize(columns=8, rows=6)


def tiles_ground(*placed: tuple[str, str] | tuple[str, str, int]) -> Ground:
    """Tiles by id, each with the north-west square of its outline on a board square
    (``("watch-room", "A1")``) and turned some quarter turns clockwise if a third number
    says so (``("revival-lab", "A1", 1)``), on an 8 x 6 board."""
    barriers: dict[object, PlacedBarrier] = {}
    floor: list[FloorElement] = []
    rooms: list[Room] = []
    tiles: list[GroundTile] = []
    squares: dict[str, str] = {}
    for tile_id, corner, *turned in placed:
        tile = CATALOG.tiles[tile_id]
        at = sq(corner)
        turns = turned[0] if turned else 0
        board = tile_board(tile, CATALOG.doors, at, SIZE, turns)
        for barrier in board.barriers:
            barriers.setdefault(barrier.edge, barrier)
        floor.extend(board.floor)
        rooms.extend(board.rooms)
        covered = Footprint(tile=tile, at=at, turns=turns).covered()
        names = tuple(square_name(s) for s in sorted(covered, key=lambda s: s.order))
        tiles.append(GroundTile(key=tile_id, tile=tile, squares=names, at=at, turns=turns))
        squares.update({n: tile_id for n in names})
    board = Board(
        size=SIZE, barriers=tuple(barriers.values()), floor=tuple(floor), rooms=tuple(rooms)
    )
    return Ground(board=board, tiles=tuple(tiles), squares=squares)
