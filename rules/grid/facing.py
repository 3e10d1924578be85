"""Facings: a figure faces one side of its square (north, east, south or west), never a
corner. North is toward row 1, east toward later columns."""

from __future__ import annotations

from enum import StrEnum

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.squares import Square


class Facing(StrEnum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    @property
    def step(self) -> tuple[int, int]:
        """One square forward as ``(dx, dy)``; y grows southward."""
        return _STEPS[self]

    def turned(self, quarters: int) -> Facing:
        """Turned ``quarters`` quarter turns clockwise (negative: anticlockwise)."""
        order = list(Facing)
        return order[(order.index(self) + quarters) % 4]

    @property
    def opposite(self) -> Facing:
        return self.turned(2)


_STEPS: dict[Facing, tuple[int, int]] = {
    Facing.NORTH: (0, -1),
    Facing.EAST: (1, 0),
    Facing.SOUTH: (0, 1),
    Facing.WEST: (-1, 0),
}

# compass words only: "left" or "right" would read as a turn
_WORDS: dict[str, Facing] = {
    **{f.value: f for f in Facing},
    **{f.value[0]: f for f in Facing},
}

FACING_HELP = "Face `north`, `east`, `south` or `west` (or `n`, `e`, `s`, `w`)."


def read_facing(text: str) -> Facing | Rejection:
    """The facing named by a typed word, or a refusal saying which words are understood."""
    word = text.strip().lower()
    if word in _WORDS:
        return _WORDS[word]
    if word in {"ne", "nw", "se", "sw", "northeast", "northwest", "southeast", "southwest"}:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"`{text.strip()}` is a corner: a figure faces a side of its square. {FACING_HELP}",
        )
    shown = f"`{text.strip()}`" if word else "Nothing"
    return reject(RejectionCode.BAD_ARGUMENT, f"{shown} is not a facing. {FACING_HELP}")


def facing_toward(origin: Square, target: Square) -> Facing | None:
    """The facing that points from ``origin`` straight at an orthogonal neighbour
    ``target`` (as when facing a door), or ``None`` if ``target`` is not one."""
    if origin.level != target.level:
        return None
    step = (target.x - origin.x, target.y - origin.y)
    return next((f for f, s in _STEPS.items() if s == step), None)


def square_ahead(square: Square, facing: Facing) -> Square | None:
    """The square ``square`` faces, or ``None`` west of column A or north of row 1."""
    dx, dy = facing.step
    if square.x + dx < 0 or square.y + dy < 0:
        return None
    return square.shifted(dx, dy)
