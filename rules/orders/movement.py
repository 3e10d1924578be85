"""Move orders ([04], [05.1], [05.2]): the cheapest legal path, doors opened on the way,
facing at the end.

A character walks square to adjacent square (never diagonally, never through a wall or a
closed door) at 1 Movement point each, through friendly characters and dead markers but
not enemies, and never onto a square a floor element fills or off the floor tiles. It
opens a closed door it walks up to for 1 more point (a magnetic door only with a magnetic
card); a sliding door closes by itself at the end of the activation round. Each CP on the
Move order gives the character's Movement value in points; what is left over is lost.
"""

from __future__ import annotations

from math import ceil

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.board import Board
from rules.grid.edges import Door
from rules.grid.facing import Facing, facing_toward
from rules.grid.paths import Passage, Route, reachable, shortest_path
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.sections import most_cp, place
from rules.orders.state import Fighter, OrdersState

DOOR_COST = 1


def passage(state: OrdersState, fighter: Fighter) -> Passage:
    """What ``fighter``'s rules make of the squares: enemies bar the way, friends may be
    crossed but not stopped on, void squares are off the map."""
    assert state.ground is not None
    ground = state.ground
    enemies = frozenset(
        f.square for f in state.standing() if f.seat != fighter.seat and f.square is not None
    )
    friends = frozenset(
        f.square
        for f in state.standing(fighter.seat)
        if f.id != fighter.id and f.square is not None
    )
    void = frozenset(
        Square(x=x, y=y)
        for x in range(ground.board.size.columns)
        for y in range(ground.board.size.rows)
        if not ground.floor(Square(x=x, y=y))
    )

    def opens(a: Square, b: Square) -> int | None:
        door = ground.board.barrier(a, b)
        if not isinstance(door, Door):
            return None
        if "magnetic" in door.kind and not fighter.magnetic:
            return None
        return DOOR_COST

    return Passage(impassable=enemies | void, no_stop=friends, opens=opens)


def doors_on(board: Board, route: Route) -> list[tuple[Square, Square, Door]]:
    """The closed doors a route passes, in order."""
    found = []
    for a, b in zip(route.squares, route.squares[1:], strict=False):
        door = board.barrier(a, b)
        if isinstance(door, Door) and board.walled(a, b):
            found.append((a, b, door))
    return found


def destinations(state: OrdersState, fighter: Fighter) -> dict[Square, int]:
    """Where ``fighter`` could walk with the most CP its Move sections and card allow now,
    and the Movement points each square costs."""
    assert state.ground is not None and fighter.square is not None
    points = most_cp(state, fighter, "move") * state.side_of(fighter).movement
    if points <= 0:
        return {}
    found = reachable(state.ground.board, fighter.square, points, passage(state, fighter))
    found.pop(fighter.square, None)
    return found


def move(
    flow: Flow, fighter_id: str, to: Square, facing: Facing | None, cp: int | None
) -> Rejection | None:
    state = flow.state
    assert state.ground is not None
    fighter = state.fighter(fighter_id)
    if fighter.square is None:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{fighter.id} is not on the map.", rule.MOVE)
    movement = state.side_of(fighter).movement
    route = shortest_path(state.ground.board, fighter.square, to, passage(state, fighter))
    if to == fighter.square:
        return reject(
            RejectionCode.BAD_ARGUMENT, f"{fighter.id} already stands on {to}.", rule.MOVE
        )
    if route is None:
        return _no_route(state, fighter, to)
    needed = max(1, ceil(route.cost / movement))
    spend = cp if cp is not None else needed
    if spend < needed:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{fighter.id} needs {route.cost} Movement points to reach {to}: {needed} CP at"
            f" {movement} per CP, not {spend}.",
            rule.MOVE,
        )
    placed = place(state, fighter, "move", spend)
    if isinstance(placed, Rejection):
        return placed
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=fighter.id, order="move", placed=placed))
    for a, b, door in doors_on(state.ground.board, route):
        flow.emit(ev.DoorOpened(a=a, b=b, sliding=door.kind.startswith("sliding")))
    last = facing_toward(route.squares[-2], route.squares[-1])
    end_facing = facing if facing is not None else (last or fighter.facing)
    flow.emit(
        ev.Moved(
            fighter=fighter.id,
            path=route.squares,
            facing=end_facing,
            points=spend * movement,
            used=route.cost,
        )
    )
    return None


def _no_route(state: OrdersState, fighter: Fighter, to: Square) -> Rejection:
    assert state.ground is not None
    if not state.ground.floor(to):
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{to} is not on the map's floor tiles.", rule.MOVE_LIMITS
        )
    occupant = state.occupant(to)
    if occupant is not None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{to} holds {occupant.id} {occupant.name}: two miniatures never share a square"
            " at the end of a round.",
            rule.MOVE_LIMITS,
        )
    if to in state.ground.board.movement_blocked:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"A floor element fills {to}: nobody may enter it until it is destroyed.",
            rule.MOVE_LIMITS,
        )
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        f"{fighter.id} has no way to {to}: walls, closed doors it cannot open and enemies"
        " bar every path.",
        rule.MOVE_LIMITS,
    )
