"""The side shared by two orthogonally adjacent squares, and what may stand on it: a wall
(single or double, perhaps broken) or a door (of a kind named by the game, open or closed,
perhaps destroyed). An edge with neither is open floor."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.grid.squares import Square


class Edge(BaseModel):
    """An unordered pair of orthogonal neighbours on one level; build it with
    :func:`edge_between`, which puts the pair in reading order so equal edges compare
    equal."""

    model_config = ConfigDict(frozen=True)

    a: Square
    b: Square

    @model_validator(mode="after")
    def _neighbours(self) -> Self:
        if self.a.level != self.b.level or abs(self.a.x - self.b.x) + abs(self.a.y - self.b.y) != 1:
            raise ValueError(f"{self.a} and {self.b} do not share a side")
        if self.b.order < self.a.order:
            raise ValueError("build an edge with edge_between so its squares are in order")
        return self

    def __str__(self) -> str:
        return f"{self.a}|{self.b}"


def edge_between(a: Square, b: Square) -> Edge:
    """The edge two orthogonal neighbours share; ``ValueError`` if they share none."""
    first, second = (a, b) if a.order <= b.order else (b, a)
    return Edge(a=first, b=second)


class WallKind(StrEnum):
    SINGLE = "single"
    DOUBLE = "double"


class Wall(BaseModel):
    """A wall section on one edge. A broken (destroyed) wall no longer blocks anything."""

    model_config = ConfigDict(frozen=True)

    part: Literal["wall"] = "wall"
    kind: WallKind = WallKind.SINGLE
    destroyed: bool = False


class Door(BaseModel):
    """A door on one edge. ``kind`` is the game's word for it (sliding, wooden, magnetic
    ...); ``name`` ties together the edges of a door wider than one square; ``over`` is the
    wall a destroyed door leaves behind it as a passable gap, if any. A destroyed door
    blocks nothing, whether open or closed."""

    model_config = ConfigDict(frozen=True)

    part: Literal["door"] = "door"
    kind: str = Field(default="door", min_length=1, max_length=40)
    open: bool = False
    destroyed: bool = False
    name: str = Field(default="", max_length=40)
    over: WallKind | None = None


Barrier = Annotated[Wall | Door, Field(discriminator="part")]


def stops_movement(barrier: Barrier | None) -> bool:
    """Nothing crosses a standing wall or a closed door that is not destroyed."""
    if barrier is None or barrier.destroyed:
        return False
    return isinstance(barrier, Wall) or not barrier.open


def stops_sight(barrier: Barrier | None) -> bool:
    """Walls and closed doors block sight exactly as they block movement."""
    return stops_movement(barrier)
