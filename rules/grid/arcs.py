"""Arcs around a figure, relative to where it faces: front, left, right and rear, as games
use them for sight and close combat.

Reading chosen: the arcs are the four 90-degree quadrants centred on the facing direction
and the three others, seen from the centre of the figure's square. A square lies in the
arc that holds its centre; a square exactly on a diagonal between two arcs goes to the arc
nearer the front, so the front takes both forward diagonals and the left and right arcs
take the rear diagonals. Every other square of the same level lies in exactly one arc.
"""

from __future__ import annotations

from enum import StrEnum

from rules.grid.facing import Facing
from rules.grid.squares import Square


class Arc(StrEnum):
    FRONT = "front"
    RIGHT = "right"
    REAR = "rear"
    LEFT = "left"


def relative(origin: Square, facing: Facing, target: Square) -> tuple[int, int]:
    """``(ahead, right)``: how many squares ``target`` lies in front of ``origin`` and to
    its right when facing ``facing`` (negative: behind, to the left)."""
    dx, dy = target.x - origin.x, target.y - origin.y
    fx, fy = facing.step
    # turning the facing a quarter clockwise gives the right-hand direction (-fy, fx)
    return (dx * fx + dy * fy, -dx * fy + dy * fx)


def arc_of(origin: Square, facing: Facing, target: Square) -> Arc:
    """The arc of a figure on ``origin`` facing ``facing`` that ``target`` lies in.
    ``ValueError`` for the figure's own square or a square on another level (games decide
    what arcs mean through stairs)."""
    if origin.level != target.level:
        raise ValueError(f"{target} is on another level than {origin}")
    ahead, right = relative(origin, facing, target)
    if ahead == 0 and right == 0:
        raise ValueError(f"{target} is the figure's own square")
    if ahead > 0 and abs(right) <= ahead:
        return Arc.FRONT
    if ahead < 0 and abs(right) < -ahead:
        return Arc.REAR
    return Arc.RIGHT if right > 0 else Arc.LEFT
