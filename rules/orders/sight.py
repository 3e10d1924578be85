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
"""

from __future__ import annotations

from typing import Literal

from rules.grid.arcs import Arc, arc_of, relative
from rules.grid.facing import Facing
from rules.grid.sight import in_sight
from rules.grid.squares import Square
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
    return frozenset(f.square for f in state.standing() if f.square is not None)


def sees(state: OrdersState, watcher: Fighter, target: Square) -> bool:
    """Whether ``watcher`` has a line of sight to ``target`` ([09.1]: in its arc of sight
    and the line not blocked)."""
    assert state.ground is not None
    if watcher.square is None or not in_arc_of_sight(watcher.square, watcher.facing, target):
        return False
    return in_sight(state.ground.board, watcher.square, target, blockers(state))
