"""Close combat (001 Close Combat; `/rules` assault-order, close-combat, combat-result):
assault moves, the fight and its result."""

from __future__ import annotations

import math

from shapely import LineString

from rules.geometry.measure import gap, in_contact, overlaps
from rules.geometry.pieces import Model, Terrain
from rules.geometry.units import PER_INCH
from rules.squad.bodies import bases, engaged_with, nearest_first, number, table_of
from rules.squad.events import (
    Assaulted,
    CombatResult,
    Damaged,
    Fought,
    ReactionTested,
    Strikes,
    Wound,
)
from rules.squad.flow import Flow
from rules.squad.morale import after_losses, check_morale, strength
from rules.squad.shooting import cc_strength
from rules.squad.state import SquadState, SUnit
from rules.squad.tables import DEFAULT_DIFF, grid_score, succeeds

BACK_OFF = PER_INCH // 4


def _blocked(state: SquadState, start: Model, end: Model) -> bool:
    path = LineString([start.centre, end.centre]).buffer(start.radius)
    return any(
        area.blocks_movement and area.polygon.intersects(path) for area in table_of(state).areas
    )


def assault_positions(
    state: SquadState, attacker: SUnit, defender: SUnit
) -> tuple[tuple[Model, ...], int]:
    """Where the attacker's models end their assault move and the longest move: each
    model not yet in contact goes straight for the nearest enemy model, up to Movement,
    stopping at contact, short of other bases, and not at all when terrain that cannot be
    crossed lies in the way."""
    allowance = state.profile(attacker).move * PER_INCH
    foes = list(bases(state, defender))
    others = [m for u in state.on_table() if u.id != attacker.id for m in bases(state, u)]
    where = {m.id: m for m in bases(state, attacker)}
    longest = 0
    for model in nearest_first(bases(state, attacker), foes):
        if any(in_contact(model, f) for f in foes):
            continue
        goal = min(foes, key=lambda f: (gap(model, f), f.id))
        friends = [m for key, m in where.items() if key != model.id]
        end = _closing(model, goal, allowance, others + friends)
        if end is None or _blocked(state, model, end):
            continue
        where[model.id] = end
        longest = max(longest, round(math.hypot(end.x - model.x, end.y - model.y)))
    placed = list(where.values())
    order = {m.id: i for i, m in enumerate(bases(state, attacker))}
    return tuple(sorted(placed, key=lambda m: order[m.id])), longest


def _closing(model: Model, goal: Model, allowance: int, others: list[Model]) -> Model | None:
    """``model`` moved towards ``goal`` as far as base contact or ``allowance``, backed off
    until it stands on no other base; None when it cannot move at all."""
    dx, dy = goal.x - model.x, goal.y - model.y
    centres = math.hypot(dx, dy)
    if centres == 0:
        return None
    contact = centres - model.radius - goal.radius
    travel = min(float(allowance), contact)
    # the exact touching spot, rounded to whole hundredths, may sit a hair inside the goal
    nudges = (0.0, 0.5, 1.0, 1.5) if travel == contact else (0.0,)
    for nudge in nudges:
        end = _along(model, dx, dy, centres, travel - nudge)
        if not any(overlaps(end, o) for o in others):
            return end
    travel -= BACK_OFF
    while travel > 0:
        end = _along(model, dx, dy, centres, travel)
        if not any(overlaps(end, o) for o in others):
            return end
        travel -= BACK_OFF
    return None


def _along(model: Model, dx: int, dy: int, centres: float, travel: float) -> Model:
    scale = travel / centres
    return model.at(model.x + round(dx * scale), model.y + round(dy * scale))


def reaches(state: SquadState, attacker: SUnit, defender: SUnit) -> bool:
    """Whether an assault would bring at least one model into contact."""
    placed, _ = assault_positions(state, attacker, defender)
    return any(in_contact(m, f) for m in placed for f in bases(state, defender))


def _in_cover(state: SquadState, unit: SUnit) -> bool:
    covering = [a for a in table_of(state).areas if a.has(Terrain.COVER) or a.has(Terrain.RUINS)]
    return any(a.polygon.intersects(m.shape()) for a in covering for m in bases(state, unit))


def _strikers(state: SquadState, unit: SUnit, enemy: SUnit) -> list[Model]:
    foes = bases(state, enemy)
    return [m for m in bases(state, unit) if any(in_contact(m, f) for f in foes)]


def _blows(flow: Flow, unit: SUnit, enemy: SUnit, defending: bool) -> tuple[Strikes, int]:
    state = flow.state
    mine, theirs = state.profile(unit), state.profile(enemy)
    modifier = 0
    notes: list[str] = []
    if unit.panicked:
        modifier -= 2
        notes.append("-2 panicked")
    if unit.charged:
        modifier += 1
        notes.append("+1 charged" if not defending else "+1 counter-charged")
    if defending and _in_cover(state, unit):
        modifier += 1
        notes.append("+1 defending cover")
    if enemy.panicked:
        modifier += 2
        notes.append("+2 opponent panicked")
    score = grid_score(mine.assault, theirs.assault)
    count = len(_strikers(state, unit, enemy))
    dice = flow.dice(count, f"{unit.id} strikes {enemy.id}")
    hits = sum(1 for raw in dice if succeeds(raw, score, modifier))
    return (
        Strikes(
            unit=unit.id,
            assault=mine.assault,
            against=theirs.assault,
            score=score,
            modifier=modifier,
            modifiers=tuple(notes),
            dice=dice,
            hits=hits,
        ),
        cc_strength(state, unit),
    )


def _damage_rolls(
    flow: Flow, striker: SUnit, victim: SUnit, hits: int, strength_: int
) -> tuple[Wound, ...]:
    """Casualties from the models in contact first, nearest first, one hit each in turn."""
    state = flow.state
    if hits == 0:
        return ()
    near = [number(m) for m in nearest_first(bases(state, victim), bases(state, striker))]
    contact = {number(m) for m in _strikers(state, victim, striker)}
    order = [m for m in near if m in contact] + [m for m in near if m not in contact]
    toughness = state.profile(victim).toughness
    score = grid_score(strength_, toughness)
    dice = flow.dice(hits, f"damage to {victim.id}")
    left = {m.id: m.wounds for m in victim.living}
    rolls = []
    for i, raw in enumerate(dice):
        model = order[i % len(order)]
        wounded = left[model] > 0 and succeeds(raw, score)
        if wounded:
            left[model] -= 1
        rolls.append(Wound(model=model, strength=strength_, score=score, raw=raw, wounded=wounded))
    return tuple(rolls)


def fight(flow: Flow, attacker_id: str, defender_id: str) -> None:
    """One round of close combat between two units in contact, and its result."""
    state = flow.state
    attacker, defender = state.unit(attacker_id), state.unit(defender_id)
    a_strikes, a_strength = _blows(flow, attacker, defender, defending=False)
    d_strikes, d_strength = _blows(flow, defender, attacker, defending=True)
    flow.emit(Fought(attacker=a_strikes, defender=d_strikes))
    on_defender = _damage_rolls(flow, attacker, defender, a_strikes.hits, a_strength)
    on_attacker = _damage_rolls(flow, defender, attacker, d_strikes.hits, d_strength)

    def t_of(unit_id: str) -> int:
        return state.profile(state.unit(unit_id)).toughness

    before = {u.id: strength(flow.state, u) for u in (attacker, defender)}
    if on_defender:
        flow.emit(Damaged(unit=defender_id, toughness=t_of(defender_id), rolls=on_defender))
    if on_attacker:
        flow.emit(Damaged(unit=attacker_id, toughness=t_of(attacker_id), rolls=on_attacker))
    dealt = sum(1 for w in on_defender if w.wounded)
    taken = sum(1 for w in on_attacker if w.wounded)
    loser = None if dealt == taken else (defender_id if dealt > taken else attacker_id)
    flow.emit(
        CombatResult(
            attacker=attacker_id,
            defender=defender_id,
            attacker_wounds=dealt,
            defender_wounds=taken,
            loser=loser,
        )
    )
    for unit_id, enemy_seat in ((defender_id, attacker.seat), (attacker_id, defender.seat)):
        after_losses(flow, unit_id, before[unit_id], (enemy_seat,), in_combat=True)
    if loser is not None:
        winner_seat = attacker.seat if loser == defender_id else defender.seat
        check_morale(flow, loser, "lost a close combat", (winner_seat,))


def already_engaged(state: SquadState, attacker: SUnit, defender: SUnit) -> bool:
    return any(u.id == defender.id for u in engaged_with(state, attacker))


def engage(flow: Flow, attacker_id: str, target_id: str, charge: bool) -> None:
    """After the assault move (and any reaction shots at it): a Holding target may
    counter-charge (/rules reaction-shots), then the combat is fought. Nothing happens when no model
    of the attacker is left in contact."""
    state = flow.state
    attacker, target = state.find(attacker_id), state.find(target_id)
    if attacker is None or target is None or not (attacker.on_table and target.on_table):
        return
    if not already_engaged(state, attacker, target):
        return
    counter = False
    if charge and target.holding and not target.panicked:
        score = grid_score(state.profile(target).morale, DEFAULT_DIFF)
        roll = flow.check(score, "reaction test")
        flow.emit(ReactionTested(unit=target_id, against=attacker_id, kind="counter", roll=roll))
        counter = roll.passed
    flow.emit(Assaulted(unit=attacker_id, target=target_id, counter=counter, charge=charge))
    fight(flow, attacker_id, target_id)
