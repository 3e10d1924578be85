"""Face-down deployment with decoys ([20.3], [21.3]) and the starting facings.

Players place markers in turn, one at a time: each of their characters and their decoys,
face down, at most one marker per square. A defending character (and its decoys) goes on
an indoor square; an attacking one on outdoor ground or a borer. With 3 or 4 players a
marker stays at least the generator's distance from every other player's markers,
counted in orthogonal steps that pass doors (open or closed) but never walls. Once every
marker is down they are all revealed, decoys leave the map, and each player faces each
of its characters toward a side of its square.

A large character ([16]) needs a free 2 x 2 block of legal squares, with no wall or
closed door between them; its marker is one square. Reading: the marker stands on the
block's north-west corner, and the whole block is kept: no later marker goes on it.
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.grid.facing import Facing
from rules.grid.large import Block, block_fits
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.content.terms import Side
from rules.orders.deploy_squares import DEPLOY_TERRAIN, deployment_squares, far_enough, location
from rules.orders.flow import Flow
from rules.orders.seats import seat_label
from rules.orders.state import Marker, OrdersState
from rules.orders.turns import begin_turn


def decoys_left(state: OrdersState, seat: str, decoys: int) -> int:
    placed = sum(1 for m in state.markers if m.seat == seat and m.fighter is None)
    return decoys - placed


def to_place(state: OrdersState, seat: str) -> tuple[str, ...]:
    """The seat's characters with no marker yet."""
    placed = {m.fighter for m in state.markers}
    return tuple(f.id for f in state.fighters if f.seat == seat and f.id not in placed)


def marker_side(state: OrdersState, fighter_id: str | None, seat: str) -> Side:
    """The side whose ground a marker goes on: the character's (a mercenary counts as its
    faction); a decoy goes where the seat's first character would ([21.3]: a decoy of a
    faction of the player's choice — reading: of the seat's first character's)."""
    if fighter_id is None:
        own = [f for f in state.fighters if f.seat == seat]
        fighter_id = own[0].id if own else None
    if fighter_id is None:
        return state.player(seat).side or "attacker"
    return state.fighter(fighter_id).side or state.player(seat).side or "attacker"


def legal_squares(
    state: OrdersState, seat: str, fighter_id: str | None, distance: int
) -> list[Square]:
    assert state.ground is not None
    ground = state.ground
    taken = {location(ground, s) for m in state.markers for s in marker_squares(state, m)}
    others = frozenset(m.square for m in state.markers if m.seat != seat)
    free = {
        square
        for square in deployment_squares(ground, marker_side(state, fighter_id, seat))
        if location(ground, square) not in taken and far_enough(ground, square, others, distance)
    }
    if fighter_id is not None and state.is_large(state.fighter(fighter_id)):
        free = {
            corner
            for corner in free
            if all(s in free for s in Block(corner=corner).squares)
            and block_fits(ground.board, Block(corner=corner))
        }
    return sorted(free, key=lambda s: s.order)


def marker_squares(state: OrdersState, marker: Marker) -> tuple[Square, ...]:
    """The squares a marker keeps: the block of a large character ([16]). Reading: every
    marker of a player who fields a large character keeps a whole block, decoys and the
    others too, so that no refused placement tells which of them is the large one (whether
    a player fields one is public: the teams are)."""
    fields_large = any(f.seat == marker.seat and state.is_large(f) for f in state.fighters)
    if fields_large:
        return tuple(s for s in Block(corner=marker.square).squares)
    return (marker.square,)


def deploy(
    flow: Flow, seat: str, fighter_id: str | None, at: Square, decoys: int, distance: int
) -> Rejection | None:
    state = flow.state
    if state.deploying != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"{seat_label(state.deploying)} places the next marker.",
            rule.DEPLOY,
        )
    if fighter_id is None:
        if decoys_left(state, seat, decoys) <= 0:
            return reject(RejectionCode.ALREADY_DONE, "All your decoys are placed.", rule.DEPLOY)
    else:
        fighter = state.find(fighter_id)
        if fighter is None or fighter.seat != seat:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{fighter_id} is not one of your characters.",
                rule.DEPLOY,
            )
        if fighter_id not in to_place(state, seat):
            return reject(
                RejectionCode.ALREADY_DONE, f"{fighter_id}'s marker is already placed.", rule.DEPLOY
            )
    if at not in legal_squares(state, seat, fighter_id, distance):
        return _bad_square(state, seat, fighter_id, at, distance)
    if flow.trial:
        return None
    flow.emit(ev.MarkerPlaced(seat=seat, square=at))
    flow.emit(ev.MarkerIs(seat=seat, square=at, fighter=fighter_id, visibility=only(seat)))
    _next_deployer(flow, seat, decoys)
    return None


def _bad_square(
    state: OrdersState, seat: str, fighter_id: str | None, at: Square, distance: int
) -> Rejection:
    assert state.ground is not None
    if any(
        location(state.ground, s) == location(state.ground, at)
        for m in state.markers
        for s in marker_squares(state, m)
    ):
        where_taken = "that borer" if state.ground.terrain(at) == "borer" else str(at)
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"A marker already stands on {where_taken}.", rule.DEPLOY
        )
    side = marker_side(state, fighter_id, seat)
    where = "an indoor square" if side == "defender" else "outdoor ground or a borer"
    if fighter_id is not None and state.is_large(state.fighter(fighter_id)):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{fighter_id} is large: its marker goes on the north-west square of a 2 x 2"
            f" block of free squares on {where} with no wall between them, and {at} is not"
            " one.",
            rule.DEPLOY,
        )
    terrain = state.ground.terrain(at)
    if terrain is None or terrain not in DEPLOY_TERRAIN[side]:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{at} is {terrain or 'off the floor tiles'}: this marker goes on {where}.",
            rule.DEPLOY,
        )
    if distance:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{at} is nearer than {distance} squares to another player's marker.",
            rule.DEPLOY_MANY,
        )
    return reject(RejectionCode.ILLEGAL_MOVE, f"Nobody may stand on {at}.", rule.DEPLOY)


def _next_deployer(flow: Flow, seat: str, decoys: int) -> None:
    state = flow.state
    order = state.seats_in_play()
    start = order.index(seat)
    for step in range(1, len(order) + 1):
        other = order[(start + step) % len(order)]
        if to_place(state, other) or decoys_left(state, other, decoys) > 0:
            flow.emit(ev.DeployTurn(seat=other))
            return
    reveal(flow)


def reveal(flow: Flow) -> None:
    state = flow.state
    shown = tuple(
        ev.ShownMarker(seat=m.seat, square=m.square, fighter=m.fighter) for m in state.markers
    )
    flow.emit(ev.DeployTurn(seat=None), ev.MarkersRevealed(markers=shown))


def face(flow: Flow, seat: str, fighter_id: str, facing: Facing) -> Rejection | None:
    state = flow.state
    fighter = state.find(fighter_id)
    if fighter is None or fighter.seat != seat:
        return reject(
            RejectionCode.BAD_ARGUMENT, f"{fighter_id} is not one of your characters.", rule.FACING
        )
    if flow.trial:
        return None
    flow.emit(ev.Faced(fighter=fighter.id, facing=facing))
    if all(f.id in flow.state.faced for f in flow.state.standing()):
        begin_turn(flow)
    return None
