"""Capture, prisoners and torture ([17.1]-[17.3]), and what spy points become ([12.2]).

A capture is a close combat order declared as a capture before the roll, against an
adjacent Wounded enemy: if the damage rolled (critical and normal hits) would kill the
victim, the victim is captured; either way nobody takes a wound. A prisoner leaves the
board for its captor's card: it cannot be activated, gives no bonus CP and uses no
abilities (it is no longer standing). Torture is an Interact order of the captor against
a prisoner it carries: one black die per CP, and the tile's torture dice for a character
of the defending side standing on such a tile; the points rolled are spy points, used at
once.

Readings:
- A prisoner weighs 1. A captor whose load then goes over its weight allowance drops
  equipment, the heaviest piece first (the last gained first among equals), until it is
  within it; dropped equipment leaves the game. A capture is refused when even without
  equipment the prisoner would not fit.
- Nobody takes a wound in a capture attempt, the defender's critical hits included.
- The prisoner keeps its equipment on its card (taking it over comes with equipment
  transfers); a prisoner whose captor dies stays a prisoner.
- Spy points become MP one for one for now (``spend_spy_points``).
- Large characters ([16]; the source is silent on their capture): a large captor or
  victim is adjacent through any of its squares (``close_combat.in_reach``), and a large
  character may be captured like any other Wounded one; its prisoner weighs 1 as well.
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.close_combat import exchange, target_problem
from rules.orders.combined_torture import torture_helpers
from rules.orders.flow import Flow
from rules.orders.ips_passive import passive_dice
from rules.orders.sections import place
from rules.orders.state import Fighter, OrdersState

PRISONER_WEIGHT = 1


def prisoners_of(state: OrdersState, captor: Fighter) -> tuple[Fighter, ...]:
    return tuple(f for f in state.fighters if f.condition == "captured" and f.captor == captor.id)


def load(state: OrdersState, fighter: Fighter) -> int:
    """The weight ``fighter`` carries: its equipment and its prisoners."""
    gear = sum(state.equipment[i].weight for i in fighter.equipment if i in state.equipment)
    return gear + PRISONER_WEIGHT * len(prisoners_of(state, fighter))


def capture_attempt(
    flow: Flow, captor_id: str, victim_id: str, cp: int, interrupting: bool = False
) -> Rejection | None:
    state = flow.state
    captor = state.fighter(captor_id)
    victim = state.fighter(victim_id)
    problem = target_problem(state, captor, victim)
    if problem is not None:
        return problem
    if victim.condition != "wounded":
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{victim.id} {victim.name} is {victim.condition}: only a Wounded character can"
            " be captured.",
            rule.CAPTURE,
        )
    allowance = state.side_of(captor).weight
    carried = PRISONER_WEIGHT * (len(prisoners_of(state, captor)) + 1)
    if carried > allowance:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{captor.id} {captor.name} has a weight allowance of {allowance}: it cannot carry"
            f" another prisoner (prisoners weigh {PRISONER_WEIGHT} each).",
            rule.PRISONERS,
        )
    placed = place(state, captor, "close_combat", cp, interrupting)
    if isinstance(placed, Rejection):
        return placed
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=captor.id, order="close_combat", placed=placed))
    result = exchange(flow, captor, victim, cp - 1, capture=True)
    if result.captured:
        flow.emit(ev.Captured(victim=victim.id, captor=captor.id))
        respect_allowance(flow, captor.id)
    return None


def respect_allowance(flow: Flow, fighter_id: str) -> None:
    """[06]: over its weight allowance, the character drops equipment until within it."""
    state = flow.state
    fighter = state.fighter(fighter_id)
    allowance = state.side_of(fighter).weight
    excess = load(state, fighter) - allowance
    if excess <= 0:
        return
    gear = list(reversed(fighter.equipment))  # the last gained first among equals
    gear.sort(key=lambda item: -state.equipment[item].weight if item in state.equipment else 0)
    dropped: list[str] = []
    for item in gear:
        if excess <= 0:
            break
        dropped.append(item)
        excess -= state.equipment[item].weight if item in state.equipment else 0
    for item in dropped:
        # dropped equipment goes under the search deck with that item up ([06])
        under = any(item in (c.front, c.back) for c in state.cards.values())
        flow.emit(ev.EquipmentDropped(fighter=fighter.id, item=item, under=under))


def torture(
    flow: Flow, torturer_id: str, prisoner_id: str | None, cp: int, joined: tuple[str, ...] = ()
) -> Rejection | None:
    """An Interact order of ``cp`` CP torturing a prisoner the torturer carries, helped by
    ``joined`` characters (a combined torture, ``combined_torture``)."""
    state = flow.state
    torturer = state.fighter(torturer_id)
    held = prisoners_of(state, torturer)
    if not held:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{torturer.id} {torturer.name} carries no prisoner to torture.",
            rule.TORTURE,
        )
    if prisoner_id is None:
        if len(held) > 1:
            names = ", ".join(p.id for p in held)
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{torturer.id} carries several prisoners ({names}): say which one.",
                rule.TORTURE,
            )
        prisoner = held[0]
    else:
        prisoner = state.fighter(prisoner_id)
        if prisoner not in held:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{torturer.id} does not carry {prisoner.id} {prisoner.name} as a prisoner.",
                rule.TORTURE,
            )
    placed = place(state, torturer, "interact", cp)
    if isinstance(placed, Rejection):
        return placed
    helpers = torture_helpers(state, torturer, joined, cp)
    if isinstance(helpers, Rejection):
        return helpers
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=torturer.id, order="interact", placed=placed))
    for helper in helpers:
        flow.emit(
            ev.OrderPaid(fighter=helper.fighter.id, order="interact", placed=(helper.placed,))
        )
    room = room_dice(state, torturer)
    extra = passive_dice(state, torturer, "torture", "black")
    faces = flow.faces("black", cp + room + extra, f"torture: {torturer.id}")
    for helper in helpers:  # the last dice rolled
        faces += flow.faces("black", 1, f"torture: {helper.fighter.id}")
    points = sum(f.points for f in faces)
    flow.emit(
        ev.Tortured(
            torturer=torturer.id,
            prisoner=prisoner.id,
            faces=faces,
            room_dice=room,
            ability_dice=extra,
            spy_points=points,
            helpers=tuple(h.fighter.id for h in helpers),
        )
    )
    spend_spy_points(flow, torturer.seat, points)
    return None


def room_dice(state: OrdersState, torturer: Fighter) -> int:
    """The torture dice of the tile the torturer stands on, for the defending side (the
    best of the tiles a large torturer stands on: it has the benefits of each, [16])."""
    assert state.ground is not None
    if torturer.side != "defender":
        return 0
    tiles = (state.ground.tile_at(s) for s in state.squares_of(torturer))
    return max((t.tile.torture_dice for t in tiles if t is not None), default=0)


def spend_spy_points(flow: Flow, seat: str, points: int) -> None:
    """Spy points are used at once ([12.2]): for now each becomes 1 MP."""
    if points > 0:
        flow.emit(ev.MpChanged(seat=seat, amount=points, why="spy points"))
