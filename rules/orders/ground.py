"""The ground a game is played on, as the rules read it: the board (walls, doors, floor
elements, rooms) and, for every square on a floor tile, the tile it belongs to and what
kind of ground that tile is. Squares of the board frame on no tile are void: nobody may
stand there, and stepping onto one is leaving the map ([05.4])."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.grid.board import Board
from rules.grid.coordinates import read_square
from rules.grid.squares import Square, square_name
from rules.orders.content.tiles import Terrain, TileDef


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class GroundTile(Frozen):
    """One placed floor tile: ``key`` tells two copies apart (``courtyard-2``). ``at`` is
    the north-west corner of its turned outline and ``turns`` the quarter turns clockwise
    it was laid with; a tile recorded without ``at`` (grounds saved before tiles were
    turned) lies unturned from the north-west of its squares."""

    key: str
    tile: TileDef
    squares: tuple[str, ...]
    at: Square | None = None
    turns: int = Field(default=0, ge=0, le=3)


class Ground(Frozen):
    board: Board
    tiles: tuple[GroundTile, ...] = ()
    squares: dict[str, str] = Field(
        default_factory=dict, description="Square name -> the key of the tile it lies on."
    )
    door_defs: dict[str, str] = Field(
        default_factory=dict,
        description="Door name -> its door definition, for door markers placed while the map"
        " is built (a door printed on a tile is found through its tile).",
    )

    def tile_at(self, square: Square) -> GroundTile | None:
        key = self.squares.get(square_name(square))
        if key is None:
            return None
        return next((t for t in self.tiles if t.key == key), None)

    def terrain(self, square: Square) -> Terrain | None:
        """What ground ``square`` is; ``None``: void (no tile there)."""
        tile = self.tile_at(square)
        return tile.tile.terrain if tile is not None else None

    def cells(self, tile: GroundTile) -> tuple[Square, ...]:
        """The board squares ``tile`` covers."""
        found = (read_square(name, self.board.size) for name in tile.squares)
        return tuple(s for s in found if isinstance(s, Square))

    def terrain_at(self, square: Square) -> Terrain | None:
        return self.terrain(square)

    def terrain_squares(self) -> dict[Square, Terrain]:
        """The terrain of every square on a floor tile."""
        by_key = {t.key: t.tile.terrain for t in self.tiles}
        found: dict[Square, Terrain] = {}
        for name, key in self.squares.items():
            square = read_square(name, self.board.size)
            if isinstance(square, Square):
                found[square] = by_key[key]
        return found

    def tile_number(self, square: Square) -> int | None:
        """The place in ``tiles`` of the tile ``square`` lies on."""
        key = self.squares.get(square_name(square))
        return next((i for i, t in enumerate(self.tiles) if t.key == key), None)

    def tile_terrain(self, number: int) -> Terrain:
        return self.tiles[number].tile.terrain

    def floor(self, square: Square) -> bool:
        """Whether a figure may stand on ``square`` at all."""
        return self.board.on_board(square) and square_name(square) in self.squares
