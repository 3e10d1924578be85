"""The order-tile bag ([01], [02]): secret draws, refilled from the discard piles when empty."""

from __future__ import annotations

from typing import Literal

from rules.core.visibility import only
from rules.orders import events as ev
from rules.orders.flow import Flow


def draw(
    flow: Flow,
    seat: str,
    count: int,
    why: Literal["initiative", "redraw", "bought"] = "initiative",
    cost: int = 0,
) -> None:
    """``seat`` draws ``count`` tiles behind its screen, paying ``cost`` CP; when the bag
    runs out the discard piles are returned to it first. Tiles come out one recorded,
    private die at a time, so only the drawer knows which."""
    drawn: list[str] = []
    total = 0
    bag = list(flow.state.bag)
    for _ in range(count):
        if not bag and flow.state.discard:
            _seen(flow, seat, drawn)
            drawn = []
            flow.emit(ev.BagRefilled(count=len(flow.state.discard)))
            bag = list(flow.state.bag)
        if not bag:
            break
        total += 1
        drawn.append(bag.pop(flow.pick(len(bag), f"{seat} draws an order tile", seat=seat)))
    _seen(flow, seat, drawn)
    flow.emit(ev.TilesDrawn(seat=seat, count=total, cost=cost, why=why))


def _seen(flow: Flow, seat: str, tiles: list[str]) -> None:
    if tiles:
        flow.emit(ev.TilesSeen(seat=seat, tiles=tuple(tiles), visibility=only(seat)))
