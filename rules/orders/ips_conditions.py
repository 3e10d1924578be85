"""Checking an IPS line's conditions before anything is paid or rolled ([11.1]: "Timing
and Conditions must be legal before rolling").

Readings:
- ``immediately_facing``: the thing stands in (or, for a door or wall, on the near side
  of) the square straight ahead of the character; for a large character ([16]), ahead
  of either of its two front squares, with the block's facing.
- ``on_facing_icon`` and ``in_room`` are met by a large character from any of its
  squares (it has the benefits of every tile it stands on). A ``door`` condition on a line whose
  effect cuts a barrier is met by a wall section too (a cutting tool opens either).
- A **cadaver** is a dead character's marker (not one that rose before: the risen cannot
  rise twice) or a skull icon of a floor element; an element whose power is down keeps
  its bodies out of reach ([23]). An element's bodies lie shared evenly over its squares
  and a character reaches those on the square it faces (so each facing icon of a
  two-slab lab reaches two).
- ``holds_prisoner``: the character carries a captured character (on its card, [17.1]).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.edges import Door, Wall
from rules.grid.facing import square_ahead
from rules.grid.large import Block
from rules.grid.squares import Square, square_name
from rules.orders import rules_cited as rule
from rules.orders.content.ips import (
    Carry,
    CutBarrier,
    FactionIs,
    HoldsPrisoner,
    ImmediatelyFacing,
    InRoom,
    IpsLine,
    OnFacingIcon,
    Powered,
    SpendCp,
    StateIs,
)
from rules.orders.ips_places import PlacedElement, elements
from rules.orders.ips_sources import Source, is_on
from rules.orders.power import powered
from rules.orders.state import Fighter, OrdersState


@dataclass(frozen=True)
class Faced:
    """What the character immediately faces from its square ``origin``: the square ahead
    and the barrier between."""

    origin: Square
    square: Square
    barrier: Door | Wall | None
    fighter: Fighter | None
    body: Fighter | None
    element: PlacedElement | None


def faced_squares(state: OrdersState, fighter: Fighter) -> tuple[Faced, ...]:
    """What ``fighter`` immediately faces: the square straight ahead of its square, or of
    each of a large character's two front squares ([16]); none past the map's edge."""
    if fighter.square is None or state.ground is None:
        return ()
    front = (
        Block(corner=fighter.square).front(fighter.facing)
        if state.is_large(fighter)
        else (fighter.square,)
    )
    found: list[Faced] = []
    for origin in front:
        square = square_ahead(origin, fighter.facing)
        if square is None or not state.ground.board.on_board(square):
            continue
        found.append(_faced_from(state, origin, square))
    return tuple(found)


def _faced_from(state: OrdersState, origin: Square, square: Square) -> Faced:
    assert state.ground is not None
    barrier = state.ground.board.barrier(origin, square)
    bodies = [
        f
        for f in state.fighters
        if f.condition == "dead" and f.square == square and not state.characters[f.character].risen
    ]
    placed = next((e for e in elements(state.ground) if square in e.squares), None)
    return Faced(
        origin=origin,
        square=square,
        barrier=barrier if barrier is not None and not barrier.destroyed else None,
        fighter=state.occupant(square),
        body=bodies[0] if bodies else None,
        element=placed,
    )


def faced_barrier(
    state: OrdersState, fighter: Fighter, wanted: tuple[type, ...] = (Door, Wall)
) -> Faced | None:
    """The first faced square with a standing barrier of a ``wanted`` kind before it."""
    return next((f for f in faced_squares(state, fighter) if isinstance(f.barrier, wanted)), None)


def _where(faced: tuple[Faced, ...]) -> str:
    return " and ".join(str(f.square) for f in faced)


def grave_key(placed: PlacedElement, square: Square) -> str:
    return f"{placed.key}@{square_name(square)}"


def bodies_at(state: OrdersState, placed: PlacedElement, square: Square) -> int:
    """The bodies left on ``square`` of an element: its skull icons lie shared evenly over
    its squares (any odd ones on the first in reading order), less those raised there."""
    squares = sorted(placed.squares, key=lambda s: s.order)
    if square not in squares:
        return 0
    share, odd = divmod(placed.element.cadavers, len(squares))
    here = share + (1 if squares.index(square) < odd else 0)
    return here - state.ips.graves.get(grave_key(placed, square), 0)


def element_works(state: OrdersState, placed: PlacedElement) -> bool:
    """A power-dependent element does nothing while its power is down ([11.6])."""
    if not placed.element.needs_power:
        return True
    square = min(placed.squares, key=lambda s: s.order)
    return powered(state, square)


def faced_cadaver(
    state: OrdersState, fighter: Fighter
) -> tuple[Square, Fighter | PlacedElement] | None:
    """The first body that can rise ``fighter`` immediately faces, and its square."""
    for faced in faced_squares(state, fighter):
        if faced.barrier is not None:
            continue
        if faced.body is not None:
            return faced.square, faced.body
        placed = faced.element
        works = placed is not None and element_works(state, placed)
        if placed is not None and works and bodies_at(state, placed, faced.square) > 0:
            return faced.square, placed
    return None


def cadaver_faced(state: OrdersState, fighter: Fighter) -> Fighter | PlacedElement | None:
    found = faced_cadaver(state, fighter)
    return found[1] if found is not None else None


def _facing_problem(
    state: OrdersState, fighter: Fighter, condition: ImmediatelyFacing, line: IpsLine
) -> str | None:
    faced = faced_squares(state, fighter)
    who = f"{fighter.id} {fighter.name}"
    if not faced:
        return f"{who} faces the edge of the map."
    target = condition.target
    if target == "cadaver":
        if cadaver_faced(state, fighter) is None:
            return f"{who} does not immediately face a body that can rise ({_where(faced)})."
        return None
    if target == "character":
        if not any(f.barrier is None and f.fighter is not None for f in faced):
            return f"{who} does not immediately face a character ({_where(faced)})."
        return None
    if target == "element":
        if not any(f.element is not None for f in faced):
            return f"{who} does not immediately face a floor element ({_where(faced)})."
        return None
    wanted: tuple[type, ...] = (Door,)
    if target == "wall":
        wanted = (Wall,)
    elif isinstance(line.effect, CutBarrier):
        wanted = (Door, Wall)
    if faced_barrier(state, fighter, wanted) is None:
        word = "door or wall" if len(wanted) == 2 else target
        return f"{who} does not immediately face a standing {word} (facing {_where(faced)})."
    return None


def condition_problem(
    state: OrdersState, fighter: Fighter, source: Source, line: IpsLine, cp: int | None
) -> Rejection | None:
    """Why ``fighter`` may not use ``line`` of ``source`` now with ``cp`` CP (None: the
    line is used by itself), or None."""
    who = f"{fighter.id} {fighter.name}"
    problem: str | None = None
    for condition in line.conditions:
        match condition:
            case SpendCp():
                if cp is not None and cp < condition.cp:
                    problem = f"The line needs at least {condition.cp} CP; {cp} offered."
            case Carry():
                if source.equipment is None or source.equipment not in fighter.equipment:
                    problem = f"{who} does not carry the {source.name}."
            case OnFacingIcon():
                icons = source.placed.icons if source.placed is not None else ()
                own = state.squares_of(fighter)
                if not any((s, fighter.facing) in icons for s in own):
                    where = ", ".join(f"{s} facing {f.value}" for s, f in icons) or "none"
                    problem = (
                        f"{who} must stand on a facing icon of the {source.name}, facing its"
                        f" way ({where}); it is on {fighter.square} facing"
                        f" {fighter.facing.value}."
                    )
            case InRoom():
                squares = source.room.squares if source.room is not None else frozenset()
                if not squares & set(state.squares_of(fighter)):
                    problem = f"{who} is not in the {source.name}."
            case ImmediatelyFacing():
                problem = _facing_problem(state, fighter, condition, line)
            case FactionIs():
                if fighter.side != condition.side:
                    problem = (
                        f"Only {condition.side} characters may use this line of the {source.name}."
                    )
            case Powered():
                spots = source.squares(state, fighter)
                if not spots or not powered(state, spots[0]):
                    problem = f"The {source.name} has no power ([11.6])."
            case StateIs():
                if is_on(state, source) != (condition.state == "on"):
                    problem = f"The {source.name} is not {condition.state.upper()} ([11.4])."
            case HoldsPrisoner():
                if not any(
                    f.condition == "captured" and f.captor == fighter.id for f in state.fighters
                ):
                    problem = f"{who} holds no prisoner."
        if problem is not None:
            return reject(RejectionCode.ILLEGAL_MOVE, problem, rule.IPS)
    if source.placed is not None and not element_works(state, source.placed):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"The {source.name} needs power, and the power is down ([11.6]).",
            rule.POWER,
        )
    return None
