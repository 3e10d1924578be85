"""Where face-down markers may be deployed on a built map ([20.3], [21.3]), and the
distance between markers of different players ([21.3] "Distance 4").

Readings:

- **Defender** characters deploy on indoor squares; **attacker** characters on outdoor
  ground (a sewer exit included: it is not indoors) or on borers. A square a standing
  floor element fills takes no marker, and the void takes none.
- **Mercenaries** deploy as the faction they count as (3/4 players, [21.3]): a
  character's side is its faction's, or for a mercenary the side of the faction it counts
  as (:func:`character_side`).
- **One marker per location**: a square, or a whole borer (:func:`location`).
- **Distance** between markers is measured like targeting ([21.3]): orthogonal steps only,
  across open edges and through doors whether open or closed (a destroyed one too), never
  through a standing wall, never through the void or off the frame. Floor elements do not
  stop the count; a flight of stairs counts 1, as a shot through stairs does ([19]).
  ``None`` when no such way joins the squares.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Protocol

from rules.grid.board import Board
from rules.grid.edges import Door
from rules.grid.facing import Facing, square_ahead
from rules.grid.squares import Square
from rules.orders.content.catalog import Catalog
from rules.orders.content.terms import Side
from rules.orders.content.tiles import Terrain


class MapLookup(Protocol):
    """What deployment reads of a map: its board, the terrain of every square on a floor
    tile, and which tile a square lies on (a built map's ``layout.MapIndex`` and a game's
    ``Ground`` both answer it)."""

    @property
    def board(self) -> Board: ...

    def terrain_squares(self) -> Mapping[Square, Terrain]: ...

    def terrain_at(self, square: Square) -> Terrain | None: ...

    def tile_number(self, square: Square) -> int | None: ...

    def tile_terrain(self, number: int) -> Terrain: ...


DEPLOY_TERRAIN: dict[Side, frozenset[Terrain]] = {
    "defender": frozenset({"indoor"}),
    "attacker": frozenset({"outdoor", "sewer_exit", "borer"}),
}
"""The terrain each side's characters deploy on ([20.3], [21.3])."""


def character_side(catalog: Catalog, character: str) -> Side:
    """The side a character deploys as: its faction's, or for a mercenary the side of the
    faction it counts as. ``ValueError`` for an unknown character."""
    if character not in catalog.characters:
        raise ValueError(f"unknown character '{character}'")
    faction = catalog.character_faction.get(character)
    if faction is None:
        faction = catalog.characters[character].counts_as
    if faction is None or faction not in catalog.factions:
        raise ValueError(f"character '{character}' belongs to no faction")
    return catalog.factions[faction].side


def deployment_squares(index: MapLookup, side: Side) -> frozenset[Square]:
    """Every square a marker of a ``side`` character may be deployed on."""
    allowed = DEPLOY_TERRAIN[side]
    blocked = index.board.movement_blocked
    return frozenset(
        square
        for square, terrain in index.terrain_squares().items()
        if terrain in allowed and square not in blocked
    )


def location(index: MapLookup, square: Square) -> str:
    """The deployment location a square belongs to: the borer tile (by its place in the
    layout) for a borer square, else the square itself; one marker per location."""
    number = index.tile_number(square)
    if number is not None and index.tile_terrain(number) == "borer":
        return f"borer-{number}"
    return str(square)


def _walk(index: MapLookup, start: Square, limit: int | None) -> dict[Square, int]:
    """Steps from ``start`` to every map square reached within ``limit`` steps (all of
    them when ``None``), across open edges and doors only."""
    board = index.board
    reached = {start: 0}
    frontier: deque[Square] = deque([start])
    while frontier:
        square = frontier.popleft()
        steps = reached[square]
        if limit is not None and steps >= limit:
            continue
        for side in Facing:
            ahead = square_ahead(square, side)
            if ahead is None or ahead in reached or index.terrain_at(ahead) is None:
                continue
            barrier = board.barrier(square, ahead)
            if barrier is not None and not isinstance(barrier, Door) and not barrier.destroyed:
                continue
            reached[ahead] = steps + 1
            frontier.append(ahead)
        for above in board.stair_ends(square):
            if above not in reached:
                reached[above] = steps + 1
                frontier.append(above)
    return reached


def marker_distance(index: MapLookup, a: Square, b: Square) -> int | None:
    """Orthogonal steps from ``a`` to ``b`` through open edges and doors, never through
    walls or the void; ``None`` when no such way joins them (or either is off the map)."""
    if index.terrain_at(a) is None or index.terrain_at(b) is None:
        return None
    return _walk(index, a, None).get(b)


def far_enough(index: MapLookup, square: Square, others: frozenset[Square], least: int) -> bool:
    """Whether ``square`` lies at least ``least`` from every one of ``others`` (markers
    of other players); squares no way joins are far enough."""
    if least <= 0 or index.terrain_at(square) is None:
        return True
    near = _walk(index, square, least - 1)
    return not any(other in near for other in others)
