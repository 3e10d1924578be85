"""Which floor tile a Search order searches ([13.1], [16]): the tile the searcher stands
on; a large character standing on several searchable tiles names one before rolling
(``search in <tile or square>``).

Readings:
- A searchable tile is an indoor tile with a room-type icon. A large character standing
  on one searchable tile only (its other squares outdoors, say) searches it without
  naming it; on two or more it must say which, and only a tile under one of its squares
  may be named.
- The tile is named by its key on the map (``officers-rest-2``), by its name when one
  tile of that name lies under the character, or by a square of it.
- Combined search ([18.5]): a helper stands at least partly on the searched tile.
"""

from __future__ import annotations

from rules.core.names import normal
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.coordinates import read_square
from rules.grid.squares import Square
from rules.orders import rules_cited as rule
from rules.orders.content.terms import RoomType
from rules.orders.ground import GroundTile
from rules.orders.state import Fighter, OrdersState


def tiles_under(state: OrdersState, fighter: Fighter) -> tuple[GroundTile, ...]:
    """The floor tiles under ``fighter``'s squares, each once, in reading order."""
    if state.ground is None:
        return ()
    found: dict[str, GroundTile] = {}
    for square in sorted(state.squares_of(fighter), key=lambda s: s.order):
        tile = state.ground.tile_at(square)
        if tile is not None:
            found.setdefault(tile.key, tile)
    return tuple(found.values())


def searchable(tile: GroundTile) -> bool:
    return tile.tile.terrain == "indoor" and bool(tile.tile.rooms)


def searchable_tiles(state: OrdersState, fighter: Fighter) -> tuple[GroundTile, ...]:
    """The searchable tiles ``fighter`` stands on (at least partly)."""
    return tuple(t for t in tiles_under(state, fighter) if searchable(t))


def rooms_of(tile: GroundTile | None) -> tuple[RoomType, ...]:
    """The room-type icons of a searchable tile (none: not searchable)."""
    return tile.tile.rooms if tile is not None and searchable(tile) else ()


def stands_on(state: OrdersState, fighter: Fighter, tile: GroundTile) -> bool:
    """Whether a square of ``fighter`` lies on ``tile``."""
    assert state.ground is not None
    return any(state.ground.tile_at(s) == tile for s in state.squares_of(fighter))


def searched_tile(
    state: OrdersState, fighter: Fighter, where: str | None
) -> GroundTile | Rejection:
    """The tile ``fighter`` searches: the one ``where`` names, or the only searchable
    one it stands on."""
    assert state.ground is not None
    if where is not None:
        return _named_tile(state, fighter, where)
    found = searchable_tiles(state, fighter)
    if len(found) == 1:
        return found[0]
    if found:
        named = ", ".join(f"{t.tile.name} (`search in {t.key}`)" for t in found)
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{fighter.id} {fighter.name} stands on several rooms: {named}. Say which it"
            " searches before rolling.",
            rule.LARGE,
        )
    where_now = _terrain_words(state, fighter)
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        f"{fighter.id} stands on {where_now} ground with no room-type icon: only a floor tile"
        " with a room-type icon may be searched.",
        rule.SEARCHABLE,
    )


def _named_tile(state: OrdersState, fighter: Fighter, where: str) -> GroundTile | Rejection:
    assert state.ground is not None
    under = tiles_under(state, fighter)
    square = read_square(where, state.ground.board.size)
    tile: GroundTile | None = None
    if isinstance(square, Square):
        tile = state.ground.tile_at(square)
        if square not in state.squares_of(fighter):
            return _not_under(fighter, str(square))
    else:
        wanted = normal(where)
        by_key = [t for t in state.ground.tiles if normal(t.key) == wanted]
        by_name = [t for t in state.ground.tiles if normal(t.tile.name) == wanted]
        mine = [t for t in by_name if t in under]
        tile = by_key[0] if by_key else (mine[0] if len(mine) == 1 else None)
        if tile is None and len(mine) > 1:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{fighter.id} stands on several tiles called {where!r}: name one by its key"
                f" ({', '.join(t.key for t in mine)}).",
                rule.LARGE,
            )
        if tile is None and not by_name:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"No floor tile or square is called {where!r}: name a tile"
                f" {fighter.id} stands on ({', '.join(t.key for t in under) or 'none'}) or"
                " one of its squares.",
                rule.LARGE,
            )
        if tile is None:
            return _not_under(fighter, where)
        if tile not in under:
            return _not_under(fighter, tile.key)
    if tile is None or not searchable(tile):
        named = tile.tile.name if tile is not None else where
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"The {named} has no room-type icon: only a floor tile with a room-type icon may"
            " be searched.",
            rule.SEARCHABLE,
        )
    return tile


def _not_under(fighter: Fighter, named: str) -> Rejection:
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        f"{fighter.id} {fighter.name} does not stand on {named}: a character searches a room"
        " it stands on (a large one, standing on several, names one of them).",
        rule.LARGE,
    )


def _terrain_words(state: OrdersState, fighter: Fighter) -> str:
    terrain = (
        state.ground.terrain(fighter.square)
        if state.ground is not None and fighter.square is not None
        else None
    )
    return (terrain or "no").replace("_", " ")
