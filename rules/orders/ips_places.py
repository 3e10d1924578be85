"""Where the floor elements and rooms that carry IPS lines lie on the map.

An element's squares and facing icons are those of the placed tile as the map builder
turned it (``content.placement.Footprint``): a tile-local square lands where the turned
tile puts it, and a facing icon turns with the tile. A tile recorded without its corner
(grounds saved before tiles were turned) lies unturned from its north-west square.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.grid.facing import Facing
from rules.grid.squares import Square
from rules.orders.content.ips import IpsLine
from rules.orders.content.placement import Footprint
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


def footprint(ground: Ground, tile: GroundTile) -> Footprint | None:
    """Where ``tile`` lies and how it is turned; None: it covers no square."""
    if tile.at is not None:
        return Footprint(tile=tile.tile, at=tile.at, turns=tile.turns)
    cells = ground.cells(tile)
    if not cells:
        return None
    corner = Square(x=min(s.x for s in cells), y=min(s.y for s in cells), level=cells[0].level)
    return Footprint(tile=tile.tile, at=corner)


def elements(ground: Ground) -> tuple[PlacedElement, ...]:
    """Every floor element of every placed tile, on its board squares."""
    found: list[PlacedElement] = []
    for tile in ground.tiles:
        placed = footprint(ground, tile)
        if placed is None:
            continue
        icons = placed.facing_icons()
        for element in tile.tile.elements:
            squares = (placed.board_square(tile.tile.square(name)) for name in element.squares)
            found.append(
                PlacedElement(
                    key=element_key(tile.key, element.id),
                    tile=tile,
                    element=element,
                    squares=frozenset(squares),
                    icons=tuple((i.square, i.facing) for i in icons if i.element == element.id),
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
