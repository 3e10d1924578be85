"""Doors, walls and floor elements as targets ([05.3], [07.2]) of close combat, shots and
explosions alike: which one is named, its defensive value, and the hits that destroy it
(``damage_barrier``, the one entry point; what a destroyed one leaves: ``wreckage``).

Every wall section, single or double, has defensive value 10; a door has its
definition's (a door marker's from the ground's record, a printed door's from its tile),
a floor element its tile's; one without a defensive value cannot be destroyed. Each
critical hit counts as 3 normal hits, automatic hits add as usual, and the target is
destroyed once the total reaches its defensive value.

Readings:
- In close combat a door may be attacked open or closed (an open door is still there to
  break); a shot aims at closed doors only ([09.5]); an explosion rolls against a closed
  door or a standing wall in the way of its spread.
- A floor element is a close combat target when one of its squares is adjacent to the
  attacker's.
- A large attacker ([16]) strikes from any of its squares: a floor element next to any of
  them, a door or wall on the outer edge of any of them (``fight wall east`` looks along
  the block's whole east side; when both of its squares there have one, ``at <square>``
  says which).
- A wide door stands on two edges under one name and one definition; it is destroyed
  whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rules.core.names import Option, find
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.adjacency import neighbours
from rules.grid.edges import Door, Wall
from rules.grid.facing import Facing, square_ahead
from rules.grid.floor import FloorElement
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.content.catalog import Catalog
from rules.orders.content.dice import DieFace
from rules.orders.content.tiles import DoorDef
from rules.orders.flow import Flow
from rules.orders.ground import Ground
from rules.orders.sight import FireZone
from rules.orders.state import Fighter, OrdersState

WALL_DEFENCE = 10
CRITICAL_HITS = 3


def door_def(ground: Ground, catalog: Catalog, door: Door) -> DoorDef | None:
    """The definition of a door on the board: a marker's from the ground's record, a
    printed door's from its tile (printed doors are named ``<tile>-door-<n>``)."""
    known = ground.door_defs.get(door.name)
    if known is not None:
        return catalog.doors.get(known)
    for placed in ground.tiles:
        for index, printed in enumerate(placed.tile.doors):
            if door.name == f"{placed.tile.id}-door-{index + 1}":
                return catalog.doors.get(printed.door)
    return None


def defence_of(state: OrdersState, catalog: Catalog, target: ev.BarrierTarget) -> int | None:
    """The target's defensive value; ``None``: it cannot be destroyed (or is not there)."""
    assert state.ground is not None
    if target.kind == "element":
        return element_defence(state.ground, target)
    assert target.a is not None and target.b is not None
    barrier = state.ground.board.barrier(target.a, target.b)
    if target.kind == "wall":
        return WALL_DEFENCE if isinstance(barrier, Wall) else None
    if not isinstance(barrier, Door):
        return None
    found = door_def(state.ground, catalog, barrier)
    return found.defence if found is not None else None


def element_defence(ground: Ground, target: ev.BarrierTarget) -> int | None:
    """The defensive value printed for the floor element ``target`` on its tile."""
    for square in target.squares:
        placed = ground.tile_at(square)
        if placed is None:
            continue
        for printed in placed.tile.elements:
            if printed.name == target.name and len(printed.squares) == len(target.squares):
                return printed.defence
    return None


def element_at(ground: Ground, square: Square) -> FloorElement | None:
    """The standing floor element covering ``square``, if any."""
    return next((e for e in ground.board.floor if square in e.squares and not e.destroyed), None)


def element_as_target(element: FloorElement) -> ev.BarrierTarget:
    """The floor element ``element`` as a target."""
    return ev.BarrierTarget(
        kind="element", name=element.name, squares=tuple(sorted(element.squares, key=_order))
    )


def edge_barrier(state: OrdersState, a: Square, b: Square) -> ev.BarrierTarget | None:
    """The standing wall section or door on the edge ``a``|``b`` as a target, if any."""
    assert state.ground is not None
    barrier = state.ground.board.barrier(a, b)
    if barrier is None or barrier.destroyed:
        return None
    return ev.BarrierTarget(kind="wall" if isinstance(barrier, Wall) else "door", a=a, b=b)


def edge_target(
    state: OrdersState, origin: Square, kind: Literal["door", "wall"], side: Facing
) -> ev.BarrierTarget | Rejection:
    """The door or wall section on ``side`` of ``origin``."""
    assert state.ground is not None
    board = state.ground.board
    beyond = square_ahead(origin, side)
    barrier = board.barrier(origin, beyond) if beyond is not None else None
    wanted = Door if kind == "door" else Wall
    if beyond is None or not isinstance(barrier, wanted):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"There is no {kind} on the {side.value} side of {origin}.",
            rule.CLOSE_COMBAT,
        )
    if barrier.destroyed:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"The {kind} on the {side.value} side of {origin} is already destroyed.",
            rule.DESTROYED,
        )
    return ev.BarrierTarget(kind=kind, a=origin, b=beyond)


def side_squares(state: OrdersState, fighter: Fighter, side: Facing) -> tuple[Square, ...]:
    """The squares of ``fighter`` along its ``side``: its own square, or the two of a
    large character's block on that side ([16])."""
    own = state.squares_of(fighter)
    return tuple(s for s in own if square_ahead(s, side) not in own)


def fighter_edge_target(
    state: OrdersState,
    fighter: Fighter,
    kind: Literal["door", "wall"],
    side: Facing,
    at: Square | None = None,
) -> ev.BarrierTarget | Rejection:
    """The door or wall section on ``side`` of ``fighter`` (of its square ``at``, when a
    large character's side has two, [16])."""
    assert state.ground is not None
    origins = side_squares(state, fighter, side)
    if at is not None:
        if at not in origins:
            along = ", ".join(str(s) for s in origins) or "none"
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{at} is not a square of {fighter.id} on its {side.value} side ({along}).",
                rule.LARGE,
            )
        origins = (at,)
    found = [edge_target(state, origin, kind, side) for origin in origins]
    targets = [t for t in found if not isinstance(t, Rejection)]
    names = {_barrier_name(state, t) for t in targets}
    if len(names) > 1:
        squares = [t.a for t in targets if t.a is not None]
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{fighter.id} has a {kind} on the {side.value} side of both"
            f" {' and '.join(str(s) for s in squares)}: say which (`fight {kind}"
            f" {side.value} at {squares[0]}`).",
            rule.LARGE,
        )
    if targets:
        return targets[0]
    refusals = [r for r in found if isinstance(r, Rejection)]
    if len(refusals) == 1:
        return refusals[0]
    destroyed = next((r for r in refusals if r.code == RejectionCode.ILLEGAL_MOVE), None)
    if destroyed is not None:
        return destroyed
    return reject(
        RejectionCode.BAD_ARGUMENT,
        f"There is no {kind} on the {side.value} side of {fighter.id}"
        f" ({', '.join(str(s) for s in origins)}).",
        rule.CLOSE_COMBAT,
    )


def _barrier_name(state: OrdersState, target: ev.BarrierTarget) -> str:
    """What tells two edge targets apart: a wide door's two edges share its name."""
    assert state.ground is not None and target.a is not None and target.b is not None
    barrier = state.ground.board.barrier(target.a, target.b)
    if isinstance(barrier, Door) and barrier.name:
        return f"door {barrier.name}"
    return f"{target.a}|{target.b}"


def adjacent_elements(state: OrdersState, squares: Sequence[Square]) -> list[ev.BarrierTarget]:
    """Standing floor elements with a square adjacent to one of ``squares`` (a
    character's: one, or the four of a large one)."""
    assert state.ground is not None
    board = state.ground.board
    near = {n for origin in squares for n in neighbours(board, origin)} - set(squares)
    return [element_as_target(e) for e in board.floor if not e.destroyed and near & e.squares]


def element_target(
    state: OrdersState, squares: Sequence[Square], text: str
) -> ev.BarrierTarget | Rejection:
    """The floor element named ``text`` next to one of ``squares``."""
    found = adjacent_elements(state, squares)
    if not found:
        where = ", ".join(str(s) for s in squares)
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"No enemy, door, wall or floor element called {text!r} is next to {where}.",
            rule.CLOSE_COMBAT_LIMITS,
        )
    options = [
        Option(str(i), f"{t.name} ({', '.join(str(s) for s in t.squares)})", (t.name,))
        for i, t in enumerate(found)
    ]
    picked = find(text, options, "floor element", "Floor elements next to it")
    return picked if isinstance(picked, Rejection) else found[int(picked)]


def near_square(
    state: OrdersState, squares: Sequence[Square], target: ev.BarrierTarget
) -> Sequence[Square]:
    """The target's squares next to one of ``squares`` (the square beyond a door or a
    wall)."""
    if target.kind != "element":
        assert target.b is not None
        return (target.b,)
    assert state.ground is not None
    near = {n for origin in squares for n in neighbours(state.ground.board, origin)}
    return [s for s in target.squares if s in near]


def damage_barrier(
    flow: Flow,
    target: ev.BarrierTarget,
    faces: tuple[DieFace, ...],
    auto_hits: int,
    by: str,
    how: Literal["close combat", "shot", "blast"],
    zone: FireZone | None = None,
) -> bool:
    """The red dice ``faces`` and ``auto_hits`` against a door, a wall or a floor element
    (in close combat, by a shot or by a blast: ``how``); each critical counts 3 and the
    target is destroyed if the total reaches its defensive value. Whether it was."""
    defence = defence_of(flow.state, flow.catalog, target)
    if defence is None:
        return False
    hits = sum(f.points for f in faces) + auto_hits
    criticals = sum(1 for f in faces if "critical" in f.icons)
    total = hits + CRITICAL_HITS * criticals
    destroyed = total >= defence
    flow.emit(
        ev.BarrierDamaged(
            target=target,
            by=by,
            how=how,
            zone=zone,
            faces=faces,
            auto_hits=auto_hits,
            hits=hits,
            criticals=criticals,
            total=total,
            defence=defence,
            destroyed=destroyed,
        )
    )
    return destroyed


def _order(square: Square) -> tuple[int, int, int]:
    return square.order
