"""Leaving the map ([05.4]): a Move order that ends on a "virtual" square beyond the
board frame (or on the void next to the floor tiles, which is outside the map as well).

Readings: the character walks the cheapest legal path to a floor square from which it
can step off the map (a square on the board's edge, or next to a void square with no
wall between) and pays 1 more Movement point for that step; standing on a drain outlet
(sewer-exit tile) it may leave from any of its squares for the same 1 extra point. The
generated scenarios forbid neither. It is then safe, never returns, every item and magnetic
card it carried leaves the game, and its activation round ends. `exit [via <square>]
[cp <n>]`: without a square the cheapest way out is taken. A large character ([16])
never uses a drain outlet: it leaves only by stepping forward off the map from where it
stands (past both front squares the outside of the board or the void), for 1 point.
"""

from __future__ import annotations

from math import ceil

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.edges import Door
from rules.grid.facing import facing_toward, square_ahead
from rules.grid.large import Block
from rules.grid.paths import reachable, shortest_path
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.movement import doors_on, passage
from rules.orders.sections import most_cp, place
from rules.orders.state import Fighter, OrdersState
from rules.orders.turns import end_round

STEP_OFF = 1


def exit_square(state: OrdersState, square: Square) -> bool:
    """Whether a character on ``square`` can step off the map from it."""
    assert state.ground is not None
    ground = state.ground
    if ground.terrain(square) == "sewer_exit":
        return True
    size = ground.board.size
    if square.x in (0, size.columns - 1) or square.y in (0, size.rows - 1):
        return True
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        other = Square(x=square.x + dx, y=square.y + dy, level=square.level)
        if not ground.floor(other) and not ground.board.walled(square, other):
            return True
    return False


def ways_out(state: OrdersState, fighter: Fighter, points: int) -> dict[Square, int]:
    """Squares ``fighter`` can leave the map from with ``points`` Movement points, and
    what walking there and stepping off costs."""
    assert state.ground is not None and fighter.square is not None
    if state.is_large(fighter):
        fits = points >= STEP_OFF and _large_steps_off(state, fighter)
        return {fighter.square: STEP_OFF} if fits else {}
    found = reachable(state.ground.board, fighter.square, points, passage(state, fighter))
    found.setdefault(fighter.square, 0)
    return {
        square: cost + STEP_OFF
        for square, cost in found.items()
        if cost + STEP_OFF <= points and exit_square(state, square)
    }


def exit_map(flow: Flow, fighter_id: str, via: Square | None, cp: int | None) -> Rejection | None:
    state = flow.state
    assert state.ground is not None
    fighter = state.fighter(fighter_id)
    if fighter.square is None:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{fighter.id} is not on the map.", rule.EXIT)
    movement = state.side_of(fighter).movement
    most = most_cp(state, fighter, "move")
    ways = ways_out(state, fighter, max(most, cp or 0) * movement)
    if via is not None and via not in ways:
        if not exit_square(state, via):
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"Nobody leaves the map from {via}: only from the board's edge, next to the"
                " void, or from a drain outlet.",
                rule.EXIT,
            )
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{fighter.id} cannot reach {via} and step off the map with the Move order it"
            f" can still take ({most} CP at {movement} Movement points each).",
            rule.EXIT,
        )
    if not ways:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{fighter.id} can reach no way off the map with the Move order it can still take"
            f" ({most} CP at {movement} Movement points each).",
            rule.EXIT,
        )
    where = via if via is not None else min(ways, key=lambda s: (ways[s], s.order))
    cost = ways[where]
    needed = max(1, ceil(cost / movement))
    spend = cp if cp is not None else needed
    if spend < needed:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{fighter.id} needs {cost} Movement points to leave by {where}: {needed} CP at"
            f" {movement} per CP, not {spend}.",
            rule.EXIT,
        )
    placed = place(state, fighter, "move", spend)
    if isinstance(placed, Rejection):
        return placed
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=fighter.id, order="move", placed=placed))
    if where != fighter.square:
        route = shortest_path(state.ground.board, fighter.square, where, passage(state, fighter))
        assert route is not None
        for a, b, door in doors_on(state.ground.board, route):
            flow.emit(ev.DoorOpened(a=a, b=b, sliding=_sliding(door)))
        facing = facing_toward(route.squares[-2], route.squares[-1]) or fighter.facing
        flow.emit(
            ev.Moved(
                fighter=fighter.id,
                path=route.squares,
                facing=facing,
                points=spend * movement,
                used=route.cost,
            )
        )
    flow.emit(ev.Exited(fighter=fighter.id, via=where))
    end_round(flow)
    return None


def _sliding(door: Door) -> bool:
    return door.kind.startswith("sliding")


def _large_steps_off(state: OrdersState, fighter: Fighter) -> bool:
    """Whether a large character can step forward off the map from where it stands: past
    both its front squares lies the outside of the board or the void, with no wall."""
    assert state.ground is not None and fighter.square is not None
    ground = state.ground
    size = ground.board.size
    for square in Block(corner=fighter.square).front(fighter.facing):
        ahead = square_ahead(square, fighter.facing)
        if ahead is None or ahead.x >= size.columns or ahead.y >= size.rows:
            continue
        if ground.floor(ahead) or ground.board.walled(square, ahead):
            return False
    return True
