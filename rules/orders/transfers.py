"""Handing over equipment and magnetic cards ([05.2], [06]).

Reading of "when moving through a friendly character / a dead character marker": once
the activated character has taken a Move order this turn, during its activation round it
may, for free, `give <item> to <friend>` (or `give magnetic card to <friend>`) to a
friendly standing character on a square next to its own, and `pick up <item>` (or
`pick up magnetic card`) from a dead character's marker on its square or next to it. The
receiver must stay within its weight allowance, or the hand-over is refused.
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.ranges import steps
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.search_deck import item_name
from rules.orders.state import Fighter, OrdersState
from rules.orders.weight import too_heavy

MAGNETIC = "magnetic card"


def has_moved(state: OrdersState, fighter: Fighter) -> bool:
    """Whether a Move section of ``fighter`` holds CP this turn."""
    return any(
        cp > 0 and state.order_tiles[assigned.tile].sections[i].order == "move"
        for assigned in fighter.tiles
        for i, cp in enumerate(assigned.cp)
    )


def near(state: OrdersState, a: Fighter, b: Fighter) -> bool:
    """On the same square or adjacent ones (no wall or closed door between); a large
    character ([16]) from any of its squares."""
    return any(_near_squares(state, x, y) for x in state.squares_of(a) for y in state.squares_of(b))


def _near_squares(state: OrdersState, a: Square, b: Square) -> bool:
    if a.level != b.level:
        return False
    apart = steps(a, b)
    if apart == 0:
        return True
    assert state.ground is not None
    return apart == 1 and not state.ground.board.walled(a, b)


def _mover(state: OrdersState, fighter_id: str) -> Fighter | Rejection:
    fighter = state.fighter(fighter_id)
    if not has_moved(state, fighter):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Equipment changes hands only as {fighter.id} moves: give it a Move order first.",
            rule.WEIGHT,
        )
    return fighter


def give(flow: Flow, fighter_id: str, item: str | None, to: str) -> Rejection | None:
    """``item`` (None: the magnetic card) from the activated character to friend ``to``."""
    state = flow.state
    giver = _mover(state, fighter_id)
    if isinstance(giver, Rejection):
        return giver
    friend = state.fighter(to)
    if friend.seat != giver.seat or not friend.standing or friend.id == giver.id:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{friend.id} {friend.name} is not another standing character of yours.",
            rule.WEIGHT,
        )
    if not near(state, giver, friend):
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{friend.id} is not next to {giver.id}: equipment is handed over only when moving"
            " through a friend.",
            rule.WEIGHT,
        )
    problem = _holds(state, giver, item) or _fits(state, friend, item)
    if problem is not None or flow.trial:
        return problem
    flow.emit(ev.EquipmentPassed(source=giver.id, to=friend.id, item=item))
    return None


def pick_up(flow: Flow, fighter_id: str, item: str | None) -> Rejection | None:
    """``item`` (None: a magnetic card) from a dead character's marker on or next to the
    activated character's square."""
    state = flow.state
    taker = _mover(state, fighter_id)
    if isinstance(taker, Rejection):
        return taker
    bodies = [f for f in state.fighters if f.condition == "dead" and near(state, taker, f)]
    carrying = [f for f in bodies if (f.magnetic if item is None else item in f.equipment)]
    if not carrying:
        what = MAGNETIC if item is None else item_name(state, item)
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"No dead character's marker on or next to {taker.id}'s square carries a {what}.",
            rule.MAGNETIC if item is None else rule.WEIGHT,
        )
    problem = _fits(state, taker, item)
    if problem is not None or flow.trial:
        return problem
    flow.emit(ev.EquipmentPassed(source=carrying[0].id, to=taker.id, item=item))
    return None


def _holds(state: OrdersState, fighter: Fighter, item: str | None) -> Rejection | None:
    if item is None and not fighter.magnetic:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{fighter.id} carries no magnetic card.", rule.MAGNETIC
        )
    if item is not None and item not in fighter.equipment:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{fighter.id} carries no {item_name(state, item)}.",
            rule.WEIGHT,
        )
    return None


def _fits(state: OrdersState, fighter: Fighter, item: str | None) -> Rejection | None:
    if item is None:
        if fighter.magnetic:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{fighter.id} already carries a magnetic card.",
                rule.MAGNETIC,
            )
        return None
    return too_heavy(state, fighter, item)
