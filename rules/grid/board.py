"""A board: its size and what stands on it (walls and doors on edges, floor elements,
rooms, stairs), with the look-ups everything else asks of it. Occupants are not part of
the board: the caller passes in whatever its rules make of them."""

from __future__ import annotations

from functools import cached_property
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.grid.edges import Barrier, Edge, edge_between, stops_movement, stops_sight
from rules.grid.floor import FloorElement
from rules.grid.rooms import Room
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.grid.stairs import Stair


class PlacedBarrier(BaseModel):
    """A wall or door standing on one edge."""

    model_config = ConfigDict(frozen=True)

    edge: Edge
    barrier: Barrier


_EdgeKey = tuple[tuple[int, int, int], tuple[int, int, int]]


def _key(a: Square, b: Square) -> _EdgeKey:
    return (a.order, b.order) if a.order <= b.order else (b.order, a.order)


class Board(BaseModel):
    model_config = ConfigDict(frozen=True)

    size: BoardSize = Field(default_factory=BoardSize)
    barriers: tuple[PlacedBarrier, ...] = ()
    floor: tuple[FloorElement, ...] = ()
    rooms: tuple[Room, ...] = ()
    stairs: tuple[Stair, ...] = ()

    @model_validator(mode="after")
    def _everything_on_the_board(self) -> Self:
        def check(square: Square, what: str) -> None:
            if not self.size.contains(square):
                raise ValueError(f"{what} at {square} is off the board ({self.size.describe()})")

        seen: set[_EdgeKey] = set()
        for placed in self.barriers:
            check(placed.edge.a, f"the {placed.barrier.part} on {placed.edge}")
            check(placed.edge.b, f"the {placed.barrier.part} on {placed.edge}")
            key = _key(placed.edge.a, placed.edge.b)
            if key in seen:
                raise ValueError(f"the edge {placed.edge} carries two walls or doors")
            seen.add(key)
        for element in self.floor:
            for square in element.squares:
                check(square, f"the floor element {element.name!r}")
        owner: dict[Square, str] = {}
        for room in self.rooms:
            for square in room.squares:
                check(square, f"the room {room.name!r}")
                if square in owner:
                    raise ValueError(f"{square} is in both {owner[square]!r} and {room.name!r}")
                owner[square] = room.name
        for stair in self.stairs:
            check(stair.a, "a stair")
            check(stair.b, "a stair")
        return self

    @cached_property
    def _barrier_at(self) -> dict[_EdgeKey, Barrier]:
        return {_key(p.edge.a, p.edge.b): p.barrier for p in self.barriers}

    @cached_property
    def _room_at(self) -> dict[Square, Room]:
        return {square: room for room in self.rooms for square in room.squares}

    @cached_property
    def movement_blocked(self) -> frozenset[Square]:
        """Squares no figure may enter because a standing floor element fills them."""
        return frozenset(s for e in self.floor if e.stops_movement for s in e.squares)

    @cached_property
    def sight_blocked(self) -> frozenset[Square]:
        """Squares a line of sight may not pass through because of a floor element."""
        return frozenset(s for e in self.floor if e.stops_sight for s in e.squares)

    def on_board(self, square: Square) -> bool:
        return self.size.contains(square)

    def barrier(self, a: Square, b: Square) -> Barrier | None:
        """The wall or door between two neighbours, if any."""
        return self._barrier_at.get(_key(a, b))

    def walled(self, a: Square, b: Square) -> bool:
        """A standing wall or closed door stands between neighbours ``a`` and ``b``."""
        return stops_movement(self.barrier(a, b))

    def sight_walled(self, a: Square, b: Square) -> bool:
        """Sight cannot cross the edge between neighbours ``a`` and ``b``."""
        return stops_sight(self.barrier(a, b))

    def room_of(self, square: Square) -> Room | None:
        return self._room_at.get(square)

    def stair_ends(self, square: Square) -> tuple[Square, ...]:
        """The squares on other levels that stairs from ``square`` lead to."""
        ends = (stair.other_end(square) for stair in self.stairs)
        return tuple(end for end in ends if end is not None)

    def with_barrier(self, a: Square, b: Square, barrier: Barrier | None) -> Board:
        """The same board with the edge between ``a`` and ``b`` carrying ``barrier``
        (``None`` clears it), as when a door opens or a wall is broken."""
        edge = edge_between(a, b)
        kept = tuple(p for p in self.barriers if p.edge != edge)
        added = () if barrier is None else (PlacedBarrier(edge=edge, barrier=barrier),)
        return Board(
            size=self.size,
            barriers=kept + added,
            floor=self.floor,
            rooms=self.rooms,
            stairs=self.stairs,
        )
