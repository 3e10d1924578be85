"""Combined move ([18.1], [18.2]): other characters of the active player move along with
the activated character's Move order, each from gold Move sections of its own.

Readings (the summary leaves the order and the interruptions open):
- Each helper pays the fewest CP that carry it to its square at its own Movement value,
  only on gold Move sections, counted against its own Maximum CP per turn, from the same
  screen; it is not activated or engaged by joining.
- The helpers move first, one after another in the order typed, then the activated
  character: so an interruption of the activated character's walk ([10.2]) leaves
  nothing of the order waiting but the rest of its own route.
- Only the activated character's walk sets off interruption triggers; a helper's does
  not (it is not the character acting). Hidden mines go off under helpers as under
  anyone.
- Every move obeys the usual rules on its own: cheapest path, doors opened on the way,
  enemies barring it, friends crossed but never shared at the end.
"""

from __future__ import annotations

from math import ceil

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.paths import reachable, shortest_path
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.frames import WalkStep
from rules.orders.ips_moves import mines_entered
from rules.orders.movement import destinations, passage, walk
from rules.orders.sections import gold_sections, headroom
from rules.orders.state import Fighter, OrdersState


def gold_room(state: OrdersState, fighter: Fighter) -> int:
    """The CP ``fighter``'s open gold Move sections can still take this turn."""
    room = sum(r for _, _, r in gold_sections(state, fighter, "move"))
    return min(room, headroom(state, fighter))


def gold_move(state: OrdersState, fighter: Fighter, cp: int) -> tuple[ev.Placed, ...]:
    """Where ``cp`` CP of a helper's move go: its open gold Move sections in order (the
    caller checked :func:`gold_room`)."""
    placed: list[ev.Placed] = []
    left = cp
    for t, s, room in gold_sections(state, fighter, "move"):
        if not left:
            continue
        take = min(room, left)
        placed.append(ev.Placed(tile=t, section=s, cp=take))
        left -= take
    return tuple(placed)


def move_helpers(
    flow: Flow, mover_id: str, joined: tuple[tuple[str, Square], ...], interrupting: bool
) -> Rejection | None:
    """Move each helper of ``joined`` to its square, in order, before the activated
    character ``mover_id`` moves; the first that cannot is refused."""
    if joined and interrupting:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "An interrupting character moves alone: combined orders are the active player's.",
            rule.COMBINED_MOVE,
        )
    seen = {mover_id}
    for helper_id, to in joined:
        refused = _move_helper(flow, mover_id, helper_id, to, seen)
        if refused is not None:
            return refused
        seen.add(helper_id)
    return None


def _move_helper(
    flow: Flow, mover_id: str, helper_id: str, to: Square, seen: set[str]
) -> Rejection | None:
    state = flow.state
    assert state.ground is not None
    helper = state.fighter(helper_id)
    named = f"{helper.id} {helper.name}"
    if helper.id in seen:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{named} is named twice in the combined move.",
            rule.COMBINED_MOVE,
        )
    if helper.seat != state.fighter(mover_id).seat or not helper.standing:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only your own characters on the map join a combined move; {named} cannot.",
            rule.COMBINED_MOVE,
        )
    assert helper.square is not None
    if to == helper.square:
        return reject(
            RejectionCode.BAD_ARGUMENT, f"{named} already stands on {to}.", rule.COMBINED_MOVE
        )
    route = shortest_path(state.ground.board, helper.square, to, passage(state, helper))
    if route is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{named} cannot join: it has no way to {to} (walls, closed doors it cannot"
            " open, enemies, or a miniature standing there).",
            rule.MOVE_LIMITS,
        )
    movement = state.side_of(helper).movement
    needed = max(1, ceil(route.cost / movement))
    room = gold_room(state, helper)
    if needed > room:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{named} cannot join: it needs {needed} CP on gold Move sections for the"
            f" {route.cost} Movement points to {to} ({movement} per CP) and they, its"
            f" Maximum CP per turn and your screen allow {room}.",
            rule.COMBINED_MOVE,
        )
    before = helper.square
    placed = gold_move(state, helper, needed)
    flow.emit(ev.OrderPaid(fighter=helper.id, order="move", placed=placed))
    walk(
        flow,
        WalkStep(
            fighter=helper.id, rest=route.squares[1:], points=needed * movement, used=0, facing=None
        ),
    )
    mines_entered(flow, helper.id, before)
    return None


def combined_moves(state: OrdersState, mover: Fighter) -> list[tuple[str, Square, Square]]:
    """One combined move worth offering per helper able to join ``mover``'s: ``(helper,
    its square, the mover's square)``, each a 1-CP move of both to the first squares
    they reach in board order."""
    assert state.ground is not None
    if state.player(mover.seat).cp < 2 or headroom(state, mover) < 1 or mover.square is None:
        return []
    movement = state.side_of(mover).movement
    own = sorted(
        (s for s, cost in destinations(state, mover).items() if cost <= movement),
        key=lambda s: s.order,
    )
    found: list[tuple[str, Square, Square]] = []
    for helper in state.standing(mover.seat):
        if helper.id == mover.id or helper.square is None or gold_room(state, helper) < 1:
            continue
        steps = state.side_of(helper).movement
        reached = reachable(state.ground.board, helper.square, steps, passage(state, helper))
        reached.pop(helper.square, None)
        theirs = sorted(reached, key=lambda s: s.order)
        mine = next((s for s in own if not theirs or s != theirs[0]), None)
        if theirs and mine is not None:
            found.append((helper.id, theirs[0], mine))
    return found
