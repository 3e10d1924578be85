"""Where the floor elements and rooms that carry IPS lines lie on the map.

Reading: a floor tile keeps its printed orientation on the ground (turning tiles comes
with the map builder), so a tile-local square lands at the same offset from the tile's
north-west board square, and a facing icon keeps its printed facing.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.grid.coordinates import read_square
from rules.grid.facing import Facing
from rules.grid.squares import Square
from rules.orders.content.ips import IpsLine
from rules.orders.content.tiles import TileElement
from rules.orders.ground import Ground, GroundTile


@dataclass(frozen=True)
class PlacedElement:
    key: str  # element:<tile key>:<element id>
    tile: GroundTile
    element: TileElement
    squares: frozenset[Square]
    icons: tuple[tuple[Square, Facing], ...]


@dataclass(frozen=True)
class PlacedRoom:
    key: str  # room:<tile key>
    tile: GroundTile
    squares: frozenset[Square]

    @property
    def lines(self) -> tuple[IpsLine, ...]:
        return self.tile.tile.ips


def element_key(tile_key: str, element: str) -> str:
    return f"element:{tile_key}:{element}"


def room_key(tile_key: str) -> str:
    return f"room:{tile_key}"


def _corner(ground: Ground, tile: GroundTile) -> Square | None:
    cells = ground.cells(tile)
    if not cells:
        return None
    return Square(x=min(s.x for s in cells), y=min(s.y for s in cells), level=cells[0].level)


def _local(tile: GroundTile, corner: Square, name: str) -> Square | None:
    found = read_square(name, tile.tile.size)
    if not isinstance(found, Square):
        return None
    return Square(x=corner.x + found.x, y=corner.y + found.y, level=corner.level)


def elements(ground: Ground) -> tuple[PlacedElement, ...]:
    """Every floor element of every placed tile, on its board squares."""
    found: list[PlacedElement] = []
    for tile in ground.tiles:
        corner = _corner(ground, tile)
        if corner is None:
            continue
        for element in tile.tile.elements:
            squares = (_local(tile, corner, name) for name in element.squares)
            icons = ((_local(tile, corner, i.at), i.facing) for i in element.facing_icons)
            found.append(
                PlacedElement(
                    key=element_key(tile.key, element.id),
                    tile=tile,
                    element=element,
                    squares=frozenset(s for s in squares if s is not None),
                    icons=tuple((s, f) for s, f in icons if s is not None),
                )
            )
    return tuple(found)


def rooms(ground: Ground) -> tuple[PlacedRoom, ...]:
    """Every placed tile with room lines of its own."""
    return tuple(
        PlacedRoom(key=room_key(t.key), tile=t, squares=frozenset(ground.cells(t)))
        for t in ground.tiles
        if t.tile.ips
    )


def element(ground: Ground, key: str) -> PlacedElement | None:
    return next((e for e in elements(ground) if e.key == key), None)


def room(ground: Ground, key: str) -> PlacedRoom | None:
    return next((r for r in rooms(ground) if r.key == key), None)
