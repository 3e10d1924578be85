"""What a character sees ([09.1]) and where a target stands in its fire zones ([09.3]).

Readings (the source draws arcs on bases; a square grid needs them in squares):
- The **arc of sight** (the source's red and orange outer arc) is the front half of the
  base: every square level with or ahead of the character's square in the way it faces,
  the squares straight to either side included. The rear half is the white arc.
- Within it, the **red** fire zone is the front quarter (``rules.grid.arcs`` FRONT: the
  squares ahead, both forward diagonals included) and the **orange** zone the rest.
- A line of sight is blocked by walls, closed doors, floor elements with the
  blocking-sight icon and every square holding a standing miniature, friend or foe; dead
  characters do not block; the two ends never do (``rules.grid.sight``).
- A **large** character ([16]) fills four squares, all of them blocking lines. It is seen
  if a line reaches any of its squares; it sees from each of its squares whose arc of
  sight (with the block's facing) holds the target, so its rear squares see only what
  lies level with them; its own squares never block its lines. The fire zone is the best
  one among the squares it sees the target from (red before orange, then the nearest).
- **Stairs** ([19]): a character on a stair tile sees every square of the corresponding
  tile on the connecting level and is seen from it, whatever the facings and whoever
  stands on the stairs, at a range of 1; the target is in its orange zone.
"""

from __future__ import annotations

from typing import Literal

from rules.grid.arcs import Arc, arc_of, relative
from rules.grid.facing import Facing
from rules.grid.ranges import distance
from rules.grid.sight import in_sight
from rules.grid.squares import Square
from rules.orders.ground import Ground
from rules.orders.stairs import across_stairs
from rules.orders.state import Fighter, OrdersState

FireZone = Literal["red", "orange"]


def in_arc_of_sight(origin: Square, facing: Facing, target: Square) -> bool:
    if origin.level != target.level or origin == target:
        return False
    ahead, _ = relative(origin, facing, target)
    return ahead >= 0


def fire_zone(origin: Square, facing: Facing, target: Square) -> FireZone | None:
    """The zone of a shooter's arc of sight ``target`` lies in; ``None``: outside it."""
    if not in_arc_of_sight(origin, facing, target):
        return None
    return "red" if arc_of(origin, facing, target) == Arc.FRONT else "orange"


def blockers(state: OrdersState) -> frozenset[Square]:
    """Squares a line of sight cannot pass: those holding a standing miniature."""
    return frozenset(s for f in state.standing() for s in state.squares_of(f))


def sight_line(
    state: OrdersState,
    watcher: Fighter,
    target: Square,
    clear: frozenset[Square] = frozenset(),
) -> tuple[Square, FireZone] | None:
    """The square of ``watcher`` a clear line runs from to ``target`` and the fire zone
    the target lies in from there (red first, then the nearest); None: unseen. ``clear``
    are squares that do not block (the target's own block)."""
    own = state.squares_of(watcher)
    if target in own:
        return None
    found: list[tuple[int, int, tuple[int, int, int], Square, FireZone]] = []
    for origin in own:
        zone = sight_from(state, watcher, origin, target, clear)
        if zone is None:
            continue
        reach = line_range(state.ground, origin, target)
        found.append((zone != "red", reach, origin.order, origin, zone))
    if not found:
        return None
    best = min(found)
    return best[3], best[4]


def line_range(ground: Ground | None, origin: Square, target: Square) -> int:
    """The range of a line of sight from ``origin`` to ``target``: squares counted on one
    level, 1 from a stair tile to the corresponding one ([19])."""
    if ground is not None and across_stairs(ground, origin, target):
        return 1
    return distance(origin, target)


def sight_from(
    state: OrdersState,
    watcher: Fighter,
    origin: Square,
    target: Square,
    clear: frozenset[Square] = frozenset(),
) -> FireZone | None:
    """The fire zone ``target`` lies in as ``watcher`` sees it from ``origin``, one of its
    own squares, if a clear line runs there in that square's arc of sight ([09.1], [16]);
    ``clear`` are squares that do not block. Across stairs ([19]) the line is always clear
    and the target in the orange zone."""
    assert state.ground is not None
    if across_stairs(state.ground, origin, target):
        return "orange"
    zone = fire_zone(origin, watcher.facing, target)
    if zone is None:
        return None
    passed = blockers(state) - frozenset(state.squares_of(watcher)) - clear
    return zone if in_sight(state.ground.board, origin, target, passed) else None


def sees(state: OrdersState, watcher: Fighter, target: Square) -> bool:
    """Whether ``watcher`` has a line of sight to ``target`` ([09.1]: in its arc of sight
    and the line not blocked)."""
    return sight_line(state, watcher, target) is not None


def sight_to(
    state: OrdersState, watcher: Fighter, target: Fighter
) -> tuple[Square, Square, FireZone] | None:
    """How ``watcher`` sees the character ``target`` (any of its squares, [16]): the
    square seen from, the square seen and the fire zone, the best line first."""
    own = frozenset(state.squares_of(target))
    found: list[tuple[bool, int, tuple[int, int, int], Square, Square, FireZone]] = []
    for square in state.squares_of(target):
        line = sight_line(state, watcher, square, own)
        if line is not None:
            origin, zone = line
            found.append(
                (
                    zone != "red",
                    line_range(state.ground, origin, square),
                    square.order,
                    origin,
                    square,
                    zone,
                )
            )
    if not found:
        return None
    best = min(found)
    return best[3], best[4], best[5]
