"""The order-tile flow: the core step-by-step decider with the catalog and the game's dice.

The game's dice have six printed faces each (points and icons, as data): a die of a colour
is one D6 from the game's stream, read as that colour's face of the same number.
"""

from __future__ import annotations

from rules.core.flow import Flow as CoreFlow
from rules.core.roller import Roller
from rules.core.visibility import only
from rules.orders.content.catalog import Catalog
from rules.orders.content.dice import DieFace
from rules.orders.content.terms import DieColour
from rules.orders.fold import evolve
from rules.orders.state import OrdersState


class Flow(CoreFlow[OrdersState]):
    def __init__(self, state: OrdersState, roller: Roller, catalog: Catalog) -> None:
        super().__init__(state, roller, evolve)
        self.catalog = catalog

    def faces(self, colour: DieColour, count: int, purpose: str) -> tuple[DieFace, ...]:
        """``count`` dice of ``colour``, rolled and recorded; none for a count below 1."""
        if count <= 0:
            return ()
        faces = self.state.dice[colour].faces
        return tuple(faces[value - 1] for value in self.dice(count, purpose, sides=6))

    def pick(self, count: int, purpose: str, seat: str | None = None) -> int:
        """A random index below ``count`` from one recorded die of ``count`` sides; a
        ``seat`` keeps the roll private to it (a secret draw)."""
        if count <= 1:
            return 0
        visibility = only(seat) if seat is not None else None
        if visibility is None:
            return self.dice(1, purpose, sides=count)[0] - 1
        return self.roll(1, count, purpose=purpose, seat=seat, visibility=visibility).values[0] - 1
