"""A charge (readings 9, 19 and 42): a move into base contact with a spotted enemy unit,
with the movement rules and terrain of :mod:`rules.blackpowder.moving`, then a melee
(:mod:`rules.blackpowder.melee_fight`).

Without a point, the whole unit moves straight towards the target until its nearest model
touches the nearest enemy model, formation kept; then each other charging model closes in
on its nearest enemy model as far as its allowance and the room around let it. With
``to``, the unit's centre ends there, formation kept, and some model must touch the target.
A charge that cannot reach base contact is refused with the distance it falls short.
"""

from __future__ import annotations

import math

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.acting import steady_actor
from rules.blackpowder.actions import Charge
from rules.blackpowder.board import geo_unit, in_the_way
from rules.blackpowder.events import Charged
from rules.blackpowder.flow import Flow
from rules.blackpowder.landing import found_in_the_way
from rules.blackpowder.lookout import look_out, reveal
from rules.blackpowder.melee_fight import fight
from rules.blackpowder.moving import Route, allowance_for, checked, enemy_near, shown_allowance
from rules.blackpowder.phrasebook import problem, say
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.state import AfterActionStep, BPState, BPUnit, Point
from rules.blackpowder.tables.movement import movement_allowance
from rules.core.frames import FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.measure import gap, in_contact, overlaps, unit_gap
from rules.geometry.moves import moved_to, plan, shifted
from rules.geometry.pieces import Model, Unit
from rules.geometry.units import PER_INCH, show

TRIES = 3
"""How often the allowance is worked out again for the terrain the closing paths touch."""


def charge(flow: Flow, seat: str, action: Charge) -> Rejection | None:
    unit = steady_actor(flow, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    if unit.shaken:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("shaken-cannot-charge", piece=unit.piece),
            cited(rule.RALLY),
        )
    state = flow.state
    target = state.by_piece(action.target)
    if target is None or not target.on_table or target.seat == seat:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("no-enemy-unit", target=action.target),
            cited(rule.MELEE),
        )
    if target.marker is not None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("marker-cannot-be-charged", marker=target.marker),
            cited(rule.HIDDEN),
        )
    surprise = not unit.spotted  # the target had not spotted the charger before the charge
    look_out(flow, unit)
    if not flow.state.unit(target.id).spotted:
        return reject(
            RejectionCode.NO_LINE_OF_SIGHT,
            say("charge-not-spotted", target=target.id),
            cited(rule.SPOTTING),
        )
    found = charge_route(flow.state, unit, flow.state.unit(target.id), action.to)
    if isinstance(found, Rejection):
        return found
    # hidden enemies where the charge would end are run into and revealed (reading 67)
    if found_in_the_way(flow, state, unit.piece, seat, found.after.models):
        return None
    reveal(flow, unit, "it charges")
    flow.emit(
        Charged(
            unit=unit.id,
            target=target.id,
            positions=tuple(m.centre for m in found.after.models),
            distance=found.distance,
            allowance=found.allowance.inches,
            modifiers=tuple(m.shown() for m in found.allowance.modifiers),
            surprise=surprise,
        )
    )
    # the action ends once both sides' reactions are settled
    flow.emit(FrameOpened(frame=AfterActionStep(piece=unit.id)))
    fight(flow, unit.id, target.id, surprise=surprise)
    return None


def charge_route(
    state: BPState, unit: BPUnit, target: BPUnit, to: Point | None = None
) -> Route | Rejection:
    """Checks the charge of ``unit`` at ``target`` (to the point ``to``, if given)."""
    before = geo_unit(state, unit)
    enemy = geo_unit(state, target)
    if to is not None:
        found = checked(state, unit, moved_to(before, *to), charging=target)
        if isinstance(found, Rejection):
            return found
        if not touching(found.after, enemy):
            apart = unit_gap(found.after, enemy)
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                say(
                    "charge-ends-short", piece=unit.piece, gap=show(round(apart)), target=target.id
                ),
                cited(rule.MELEE),
            )
        return found
    allowance = movement_allowance(
        state.profile(unit).special_rules, enemy_within_24=enemy_near(state, unit)
    )
    for _ in range(TRIES):
        reach = allowance.inches * PER_INCH
        apart = unit_gap(before, enemy)
        if apart > reach:
            return reject(
                RejectionCode.OUT_OF_RANGE,
                say(
                    "charge-too-far",
                    target=target.id,
                    gap=show(round(apart)),
                    piece=unit.piece,
                    short=show(round(apart - reach)),
                    allowance=shown_allowance(allowance),
                ),
                cited(rule.MOVEMENT),
            )
        after = closing(state, unit, before, enemy, reach)
        if after is None:
            break
        assert state.table is not None
        moved = plan(before, after, state.table, _others(state, unit))
        if not moved.ok:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                say(
                    "charge-not-straight",
                    piece=unit.piece,
                    target=target.id,
                    problem=problem(moved.problems[0]),
                ),
                cited(rule.MOVEMENT),
            )
        worked = allowance_for(state, unit, moved)
        if isinstance(worked, Rejection):
            return worked
        if moved.longest <= worked.inches * PER_INCH:
            return checked(state, unit, after, charging=target)
        allowance = worked
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        say("charge-no-way", piece=unit.piece, target=target.id),
        cited(rule.MOVEMENT),
    )


def touching(own: Unit, enemy: Unit) -> bool:
    return any(in_contact(a, b) for a in own.models for b in enemy.models)


def _others(state: BPState, unit: BPUnit) -> list[Unit]:
    return in_the_way(state, unit.id)


def _contact_shift(mine: Model, theirs: Model) -> tuple[int, int] | None:
    """The shift (whole hundredths) that brings ``mine`` straight towards ``theirs`` into
    base contact without overlapping it."""
    dx, dy = theirs.x - mine.x, theirs.y - mine.y
    length = math.hypot(dx, dy)
    if length == 0:
        return None
    for slack in (0.5, 0.0, 1.0):
        scale = (gap(mine, theirs) - slack) / length
        shift = (round(dx * scale), round(dy * scale))
        moved = mine.at(mine.x + shift[0], mine.y + shift[1])
        if in_contact(moved, theirs) and not overlaps(moved, theirs):
            return shift
    return None


def closing(state: BPState, unit: BPUnit, before: Unit, enemy: Unit, reach: int) -> Unit | None:
    """The charging unit moved straight in until its nearest model touches the enemy, then
    each other model closing in on its nearest enemy model within ``reach`` of where it
    started, where there is room (None: no room to touch)."""
    assert state.table is not None
    first = min(
        ((a, b) for a in before.models for b in enemy.models),
        key=lambda pair: (gap(*pair), pair[0].id, pair[1].id),
    )
    shift = _contact_shift(*first)
    if shift is None:
        return None
    block = shifted(before, *shift)
    start = {m.id: m for m in before.models}
    others = _others(state, unit)
    blockers = [m for u in others for m in u.models]
    placed = {m.id: m for m in block.models}
    for model in sorted(block.models, key=lambda m: (min(gap(m, e) for e in enemy.models), m.id)):
        if any(in_contact(model, e) for e in enemy.models):
            continue
        nearest = min(enemy.models, key=lambda e: (gap(model, e), e.id))
        step = _contact_shift(model, nearest)
        if step is None:
            continue
        moved = model.at(model.x + step[0], model.y + step[1])
        origin = start[model.id]
        if math.dist(origin.centre, moved.centre) > reach:
            continue
        own = [m for i, m in placed.items() if i != model.id]
        if any(overlaps(moved, m) for m in (*own, *blockers)):
            continue
        alone = Unit(id=before.id, side=before.side, models=(origin,))
        there = Unit(id=before.id, side=before.side, models=(moved,))
        rest = Unit(id=f"{before.id}-rest", side=before.side, models=tuple(own)) if own else None
        if not plan(alone, there, state.table, [*others, *([rest] if rest else [])]).ok:
            continue
        placed[model.id] = moved
    return before.model_copy(update={"models": tuple(placed[m.id] for m in before.models)})
