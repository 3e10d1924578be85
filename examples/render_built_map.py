"""Build an order-tile game map with the scenario generator and draw it as a PNG::

    .venv/bin/python examples/render_built_map.py SEED PLAYERS out.png

The seats are called north, east, south and west (2 players: north defends, east attacks).
Tiles are shaded by terrain; door markers the builders added show as doors like the
printed ones; the caption gives each seat's MP after construction.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers.grid import draw_grid
from rules.grid.edges import Door, Wall
from rules.grid.scene import (
    GridDoor,
    GridElement,
    GridRoom,
    GridScene,
    GridTile,
    GridWall,
    TileKind,
)
from rules.orders.construction import Construction, construct
from rules.orders.content.catalog import Catalog
from rules.orders.content.loading import load_catalog
from rules.orders.content.terms import Side
from rules.orders.layout import MapIndex

SEATS = ("north", "east", "south", "west")
KINDS = (
    TileKind(id="indoor", name="indoor", shade=1),
    TileKind(id="corridor", name="corridor", shade=0),
    TileKind(id="outdoor", name="outdoor ground", shade=3),
    TileKind(id="borer", name="borer", shade=5),
    TileKind(id="sewer_exit", name="sewer exit", shade=6),
)


def built_scene(catalog: Catalog, built: Construction, title: str) -> GridScene:
    index = MapIndex(built.layout, catalog.tiles, catalog.doors)
    tiles = []
    for number, footprint in enumerate(index.footprints):
        tile = footprint.tile
        kind: str = tile.terrain
        if tile.terrain == "indoor" and "corridor" in tile.rooms:
            kind = "corridor"
        squares = tuple(sorted((s.x, s.y) for s in footprint.covered()))
        tiles.append(GridTile(id=f"t{number}-{tile.id}", kind=kind, squares=squares))
    walls = []
    doors = []
    for placed in index.board.barriers:
        between = ((placed.edge.a.x, placed.edge.a.y), (placed.edge.b.x, placed.edge.b.y))
        if isinstance(placed.barrier, Wall):
            walls.append(GridWall(between=between, kind=placed.barrier.kind.value))
        elif isinstance(placed.barrier, Door):
            doors.append(GridDoor(between=between, kind=placed.barrier.kind[:16]))
    elements = tuple(
        GridElement(
            id=f"e{number}",
            label=element.name[:6],
            squares=tuple(sorted((s.x, s.y) for s in element.squares)),
            blocks_movement=element.blocks_movement,
            blocks_sight=element.blocks_sight,
        )
        for number, element in enumerate(index.board.floor)
    )
    rooms = tuple(
        GridRoom(
            id=f"r{number}",
            name=room.name[:24],
            squares=tuple(sorted((s.x, s.y) for s in room.squares)),
        )
        for number, room in enumerate(index.board.rooms)
    )
    return GridScene(
        columns=built.layout.size.columns,
        rows=built.layout.size.rows,
        title=title,
        caption=(", ".join(f"{seat} {mp} MP" for seat, mp in built.mp.items()),),
        tile_kinds=KINDS,
        tiles=tuple(tiles),
        walls=tuple(walls),
        doors=tuple(doors),
        elements=elements,
        rooms=rooms,
    )


def main(argv: list[str]) -> int:
    if len(argv) != 4 or not argv[1].isdigit() or argv[2] not in ("2", "3", "4"):
        print("usage: render_built_map.py SEED PLAYERS(2-4) OUTPUT.png", file=sys.stderr)
        return 2
    seed, players, out = int(argv[1]), int(argv[2]), Path(argv[3])
    catalog = load_catalog()
    seats = SEATS[:players]
    sides: dict[str, Side | None] = dict.fromkeys(seats)
    if players == 2:
        sides.update(north="defender", east="attacker")
    built = construct(catalog, catalog.generators[f"generator-{players}"], seats, sides, seed)
    scene = built_scene(catalog, built, f"Generated map, {players} players, seed {seed}")
    out.write_bytes(draw_grid(scene))
    print(f"wrote {out}: {len(built.layout.tiles)} tiles, {len(built.layout.doors)} door markers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
