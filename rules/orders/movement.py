"""Move orders ([04], [05.1], [05.2]): the cheapest legal path, doors opened on the way,
facing at the end.

A character walks square to adjacent square (never diagonally, never through a wall or a
closed door) at 1 Movement point each, through friendly characters and dead markers but
not enemies, and never onto a square a floor element fills or off the floor tiles. It
opens a closed door it walks up to for 1 more point (a magnetic door only with a magnetic
card); a sliding door closes by itself at the end of the activation round. Each CP on the
Move order gives the character's Movement value in points; what is left over is lost.

The activated character walks its route square by square: on the first square where a
character of another player meets a new interruption trigger ([10.2], ``triggers``) it
stops, and the rest of the route waits in a pending step while the duel is offered; it
goes on from there with the points left ([10.4]). Readings: a character whose player has
no CP to bid (a duel asks at least 1) sets off no stop, its trigger is spent all the
same; a trigger on the route's last square is offered too (nothing is left to resume);
when the rest of the route is blocked on resuming, the move ends where the character
stands (paused on a friend's square, it goes on to the first square of the rest where it
may stand). A large character's move is played by ``large_walk`` ([16]).
"""

from __future__ import annotations

from math import ceil

from rules.core.frames import FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.adjacency import neighbours, touching
from rules.grid.board import Board
from rules.grid.edges import Door
from rules.grid.facing import Facing, facing_toward
from rules.grid.paths import Passage, Route, reachable, shortest_path
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.frames import Chance, WalkStep
from rules.orders.interruptions import open_offers
from rules.orders.large_walk import large_destinations, large_move
from rules.orders.occupancy import occupied
from rules.orders.sections import most_cp, place
from rules.orders.state import Fighter, OrdersState
from rules.orders.triggers import key, new_chances

DOOR_COST = 1


def passage(state: OrdersState, fighter: Fighter) -> Passage:
    """What ``fighter``'s rules make of the squares: enemies bar the way, friends may be
    crossed but not stopped on, void squares are off the map."""
    assert state.ground is not None
    ground = state.ground
    enemies, friends, void = occupied(state, fighter)

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


def destinations(
    state: OrdersState, fighter: Fighter, interrupting: bool = False
) -> dict[Square, int]:
    """Where ``fighter`` could walk with the most CP its Move sections (red and gold only
    when ``interrupting``) and card allow now, and the Movement points each square
    costs."""
    assert state.ground is not None and fighter.square is not None
    points = most_cp(state, fighter, "move", interrupting) * state.side_of(fighter).movement
    if points <= 0:
        return {}
    if state.is_large(fighter):
        return large_destinations(state, fighter, points)
    found = reachable(state.ground.board, fighter.square, points, passage(state, fighter))
    found.pop(fighter.square, None)
    return found


def move(
    flow: Flow,
    fighter_id: str,
    to: Square,
    facing: Facing | None,
    cp: int | None,
    interrupting: bool = False,
) -> Rejection | None:
    state = flow.state
    assert state.ground is not None
    fighter = state.fighter(fighter_id)
    if fighter.square is None:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{fighter.id} is not on the map.", rule.MOVE)
    if state.is_large(fighter):
        return large_move(flow, fighter, to, facing, cp, interrupting)
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
    placed = place(state, fighter, "move", spend, interrupting)
    if isinstance(placed, Rejection):
        return placed
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=fighter.id, order="move", placed=placed))
    walk(
        flow,
        WalkStep(
            fighter=fighter.id,
            rest=route.squares[1:],
            points=spend * movement,
            used=0,
            facing=facing,
        ),
    )
    return None


def resume_walk(flow: Flow, step: WalkStep) -> None:
    """[10.4] a paused character goes on with the rest of its Move order, if it still
    stands; the rest of the route is checked again."""
    if flow.state.fighter(step.fighter).standing:
        walk(flow, step)


def walk(flow: Flow, step: WalkStep) -> None:
    """Walk ``step.fighter`` square by square along ``step.rest``. The activated character
    (not an interrupting one) stops on the first square where a character of another
    player whose player has CP to bid meets a new interruption trigger ([10.2]); the rest
    waits in a pending step under the interruption offers. When the rest is blocked on
    resuming, the move ends where the character stands; the points left are lost."""
    state = flow.state
    assert state.ground is not None
    fighter = state.fighter(step.fighter)
    assert fighter.square is not None
    steps = _steps(state, fighter, step)
    watch = (
        state.interruption is None
        and state.activation is not None
        and state.activation.fighter == fighter.id
    )
    path = [fighter.square]
    used = step.used
    for n, (square, cost, door) in enumerate(steps):
        if door:
            a, b, kind = door
            flow.emit(ev.DoorOpened(a=a, b=b, sliding=kind.startswith("sliding")))
        path.append(square)
        used += cost
        if not watch:
            continue
        chances = new_chances(flow.state, fighter, square)
        if not chances:
            continue
        flow.emit(ev.Watched(keys=tuple(key(c) for c in chances)))
        eligible = tuple(c for c in chances if flow.state.player(_seat(state, c)).cp >= 1)
        if not eligible:
            continue
        rest = step.rest[n + 1 :]
        _moved(flow, step, path, used, paused=bool(rest))
        if rest:
            flow.emit(FrameOpened(frame=step.model_copy(update={"rest": rest, "used": used})))
        open_offers(flow, fighter.id, square, eligible)
        return
    if len(path) > 1:
        _moved(flow, step, path, used, paused=False)


def _seat(state: OrdersState, chance: Chance) -> str:
    return state.fighter(chance.fighter).seat


def _moved(flow: Flow, step: WalkStep, path: list[Square], used: int, paused: bool) -> None:
    fighter = flow.state.fighter(step.fighter)
    last = facing_toward(path[-2], path[-1])
    end_facing = step.facing if step.facing is not None and not paused else None
    flow.emit(
        ev.Moved(
            fighter=fighter.id,
            path=tuple(path),
            facing=end_facing or last or fighter.facing,
            points=step.points,
            used=used,
            paused=paused,
        )
    )


Opening = tuple[Square, Square, str]


def _steps(
    state: OrdersState, fighter: Fighter, step: WalkStep
) -> list[tuple[Square, int, Opening | None]]:
    """The squares of ``step.rest`` in order, each with its cost and the closed door it
    opens, when the character can still walk all of them with the points left and end
    on the last; otherwise none (the move ends where it stands), unless it stands on a
    friend's square: then it goes on to the first square of the rest it may stand on."""
    assert state.ground is not None and fighter.square is not None
    board = state.ground.board
    rules = passage(state, fighter)
    found: list[tuple[Square, int, Opening | None]] = []
    here = fighter.square
    used = step.used
    for square in step.rest:
        entered = _enter(board, rules, here, square)
        if entered is None or used + entered[0] > step.points:
            break
        found.append((square, *entered))
        used += entered[0]
        here = square
    if len(found) == len(step.rest) and found and found[-1][0] not in rules.no_stop:
        return found
    if fighter.square not in rules.no_stop:
        return []
    for n, (square, _, _) in enumerate(found):
        if square not in rules.no_stop:
            return found[: n + 1]
    return []


def _enter(board: Board, rules: Passage, a: Square, b: Square) -> tuple[int, Opening | None] | None:
    """The cost of stepping from ``a`` to ``b`` now and the door it opens (None: it may
    not)."""
    if b in rules.impassable or b in board.movement_blocked:
        return None
    if b in neighbours(board, a) or b in board.stair_ends(a):
        return 1, None
    door = board.barrier(a, b)
    if isinstance(door, Door) and b in touching(a) and rules.opens is not None:
        extra = rules.opens(a, b)
        if extra is not None:
            return 1 + extra, (a, b, door.kind)
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
