"""The map of a generated scenario: the layout dice are rolled and recorded, the scenario
generator's construction builds the map from them ([20.1] steps 02-11, [21.1]), and the
result becomes the game's ground."""

from __future__ import annotations

from collections.abc import Mapping

from rules.grid.squares import square_name
from rules.orders.construction import (
    LAYOUT_DICE,
    Construction,
    DoorLaid,
    DoorMissing,
    TileLaid,
    from_layout_dice,
)
from rules.orders.content.catalog import Catalog
from rules.orders.content.scenarios import GeneratorDef
from rules.orders.content.terms import Side
from rules.orders.flow import Flow
from rules.orders.ground import Ground, GroundTile
from rules.orders.layout import MapIndex, MapLayout
from rules.orders.seats import seat_label


def build_ground(
    flow: Flow, generator: GeneratorDef, sides: Mapping[str, Side | None]
) -> tuple[Ground, dict[str, int], tuple[str, ...]]:
    """The ground, every seat's MP after building, and one line per building step."""
    dice = flow.dice(LAYOUT_DICE, "map layout")
    levels = flow.state.options.levels
    built = from_layout_dice(flow.catalog, generator, flow.state.seats, sides, dice, levels)
    ground = ground_of(built.layout, flow.catalog)
    return ground, dict(built.mp), tuple(_lines(built, flow.catalog))


def ground_of(layout: MapLayout, catalog: Catalog) -> Ground:
    """The game's ground for a built map: its board, each tile's squares and door markers."""
    index = MapIndex(layout, catalog.tiles, catalog.doors)
    tiles = []
    squares: dict[str, str] = {}
    for number, footprint in enumerate(index.footprints):
        key = f"{footprint.tile.id}-{number + 1}"
        names = tuple(square_name(s) for s in sorted(footprint.covered(), key=lambda s: s.order))
        tiles.append(
            GroundTile(
                key=key,
                tile=footprint.tile,
                squares=names,
                at=footprint.at,
                turns=footprint.turns,
            )
        )
        squares.update({name: key for name in names})
    # door markers are named as the layout names them (``marker-<n>``)
    markers = {f"marker-{n + 1}": marker.door for n, marker in enumerate(layout.doors)}
    return Ground(board=index.board, tiles=tuple(tiles), squares=squares, door_defs=markers)


def _lines(built: Construction, catalog: Catalog) -> list[str]:
    lines = []
    for step in built.log:
        mp = ", ".join(f"{seat_label(s)} {n:+d} MP" for s, n in step.mp.items() if n)
        cost = f" ({mp})" if mp else ""
        who = seat_label(step.seat)
        match step:
            case TileLaid():
                name = catalog.tiles[step.tile].name
                lines.append(f"{who} lays {name} at {step.at}{cost}.")
            case DoorLaid():
                name = catalog.doors[step.door].name
                lines.append(f"{who} sets a {name} between {step.a} and {step.b}{cost}.")
            case DoorMissing():
                name = catalog.tiles[step.tile].name
                lines.append(f"{who} cannot place a door {name} needs{cost}.")
    return lines
