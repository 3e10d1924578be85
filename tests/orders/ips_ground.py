"""A ground of real floor tiles for IPS tests: tiles laid unturned at given corners, their
walls, floor elements and rooms on one board."""

from __future__ import annotations

from rules.grid.board import Board, PlacedBarrier
from rules.grid.floor import FloorElement
from rules.grid.rooms import Room
from rules.grid.size import BoardSize
from rules.grid.squares import Square, square_name
from rules.orders.content.placement import tile_board
from rules.orders.ground import Ground, GroundTile
from tests.orders.builders import CATALOG, sq

SIZE = BoardSize(columns=8, rows=6)


def tiles_ground(*placed: tuple[str, str]) -> Ground:
    """Tiles by id, each with its north-west square on a board square (``("watch-room",
    "A1")``), on an 8 x 6 board."""
    barriers: dict[object, PlacedBarrier] = {}
    floor: list[FloorElement] = []
    rooms: list[Room] = []
    tiles: list[GroundTile] = []
    squares: dict[str, str] = {}
    for tile_id, corner in placed:
        tile = CATALOG.tiles[tile_id]
        at = sq(corner)
        board = tile_board(tile, CATALOG.doors, at, SIZE)
        for barrier in board.barriers:
            barriers.setdefault(barrier.edge, barrier)
        floor.extend(board.floor)
        rooms.extend(board.rooms)
        names = tuple(
            square_name(Square(x=at.x + x, y=at.y + y))
            for y in range(tile.rows)
            for x in range(tile.columns)
        )
        tiles.append(GroundTile(key=tile_id, tile=tile, squares=names))
        squares.update({n: tile_id for n in names})
    board = Board(
        size=SIZE, barriers=tuple(barriers.values()), floor=tuple(floor), rooms=tuple(rooms)
    )
    return Ground(board=board, tiles=tuple(tiles), squares=squares)
