"""Move orders of a large character ([16]): its 2 x 2 block steps and turns along the
cheapest route ``large_moves`` finds, named by the block's north-west square.

``move to <corner> [face <side>]`` takes the block to ``corner``; with a rotating cost it
cannot turn for free at the end, so the route ends facing the side given (the turns paid
for) or the way the cheapest route leaves it. Readings:
- Enemies bar every square of their bodies; friends may be crossed, not stood on; the
  void (no floor tile) is impassable. The block opens no doors (``large_moves``).
- A large character without a rotating cost turns freely (quarter turns cost nothing).
- Moving to its own corner is a turn on the spot (``face`` is then required).
- The activated large character is watched where its move ends: interruption triggers
  ([10.2]) met there are offered once it stands (a route of steps and turns is not
  paused half-way).
"""

from __future__ import annotations

from math import ceil

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.facing import Facing
from rules.grid.large import Block
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.interruptions import open_offers
from rules.orders.large_moves import LargeRules, Pose, large_costs, large_route
from rules.orders.occupancy import occupied
from rules.orders.sections import most_cp, place
from rules.orders.state import Fighter, OrdersState
from rules.orders.triggers import key, new_chances


def large_rules(state: OrdersState, fighter: Fighter) -> LargeRules:
    """What the block of ``fighter`` may cross and stop on now."""
    assert state.ground is not None
    ground = state.ground
    enemies, friends, void = occupied(state, fighter)
    turn = state.characters[fighter.character].rotating_cost or 0
    return LargeRules(
        board=ground.board, impassable=enemies | void, no_stop=friends, rotating_cost=turn
    )


def large_destinations(state: OrdersState, fighter: Fighter, points: int) -> dict[Square, int]:
    """Every corner the block can end on within ``points`` (its own left out) and the
    fewest points it costs, whatever the facing."""
    assert fighter.square is not None
    rules = large_rules(state, fighter)
    found: dict[Square, int] = {}
    for pose, (cost, _) in large_costs(rules, Pose(fighter.square, fighter.facing), points).items():
        if pose.corner == fighter.square or set(Block(corner=pose.corner).squares) & rules.no_stop:
            continue
        found[pose.corner] = min(cost, found.get(pose.corner, cost))
    return found


def large_move(
    flow: Flow,
    fighter: Fighter,
    to: Square,
    facing: Facing | None,
    cp: int | None,
    interrupting: bool,
) -> Rejection | None:
    state = flow.state
    assert fighter.square is not None
    movement = state.side_of(fighter).movement
    if to == fighter.square and facing in (None, fighter.facing):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{fighter.id} already stands on {to}: name a new facing to turn on the spot.",
            rule.LARGE,
        )
    budget = (cp if cp is not None else most_cp(state, fighter, "move", interrupting)) * movement
    rules = large_rules(state, fighter)
    route = large_route(rules, Pose(fighter.square, fighter.facing), to, facing, budget)
    if route is None:
        ending = f" facing {facing.value}" if facing is not None else ""
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{fighter.id} cannot end on {to}{ending} with {budget} Movement points: a large"
            " character steps forward (1 point a square) or backward (2), never sideways,"
            " turns a quarter for its rotating cost, needs its whole 2 x 2 block free of"
            " walls, closed doors, enemies and the void, and may not stop on a friend.",
            rule.LARGE,
        )
    needed = max(1, ceil(route.cost / movement))
    spend = cp if cp is not None else needed
    placed = place(state, fighter, "move", spend, interrupting)
    if isinstance(placed, Rejection):
        return placed
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=fighter.id, order="move", placed=placed))
    corners = [route.poses[0].corner]
    for pose in route.poses[1:]:
        if pose.corner != corners[-1]:
            corners.append(pose.corner)
    if len(corners) == 1:
        corners.append(corners[0])  # turned on the spot
    end = route.poses[-1]
    watch = (
        flow.state.interruption is None
        and flow.state.activation is not None
        and flow.state.activation.fighter == fighter.id
    )
    chances = new_chances(flow.state, fighter, end.corner) if watch else ()
    if chances:
        flow.emit(ev.Watched(keys=tuple(key(c) for c in chances)))
    flow.emit(
        ev.Moved(
            fighter=fighter.id,
            path=tuple(corners),
            facing=end.facing,
            points=spend * movement,
            used=route.cost,
        )
    )
    eligible = tuple(
        c for c in chances if flow.state.player(flow.state.fighter(c.fighter).seat).cp >= 1
    )
    if eligible:
        open_offers(flow, fighter.id, end.corner, eligible)
    return None
