"""The hook a walk calls: the squares a character just entered set off live mines there
([24.2]). Reading: the walk is carried out first, then each live mine on a square entered
goes off, in the order they were entered."""

from __future__ import annotations

from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders.flow import Flow
from rules.orders.ips_triggers import entered


def mines_entered(flow: Flow, fighter_id: str, before: Square | None) -> None:
    moves = [e for e in flow.events if isinstance(e, ev.Moved) and e.fighter == fighter_id]
    if not moves or not flow.state.ips.laid:
        return
    path = moves[-1].path
    squares = tuple(s for s in path if s != before)
    entered(flow, fighter_id, squares)
