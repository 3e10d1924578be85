"""The Fight Action (004 Fight): choosing targets in reach, the targets' reactions, the
charge, then the Fight rolls (see :mod:`rules.wasteland.charge` and
:mod:`rules.wasteland.fight_rolls`).

Refusals name the measured distance and what the charge reaches, e.g.
``B2 is 8.6" away; the charge reaches 6" (Move 6", no bonus).``
"""

from __future__ import annotations

import math

from rules.core.frames import FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.formations import centroid
from rules.geometry.measure import gap, in_contact
from rules.geometry.pieces import Model
from rules.geometry.units import PER_INCH
from rules.wasteland import charge as ch
from rules.wasteland import fight_rolls
from rules.wasteland import table as tb
from rules.wasteland.actions import Fight
from rules.wasteland.charge import span
from rules.wasteland.effects import destroy_models, put
from rules.wasteland.events import AreaDangerous, AreaVisited, Measured
from rules.wasteland.facts.combat import (
    Charged,
    ChargeReach,
    FellShort,
    FightDeclared,
    FightStopped,
)
from rules.wasteland.facts.units import DangerousTerrain, GroundTested
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import (
    AttackPlan,
    Fire,
    Measure,
    OfferReactions,
    WastelandState,
    WUnit,
)

OPEN_REACH = 3 * PER_INCH


def fight(flow: Flow, seat: str, action: Fight) -> Rejection | None:
    """004 Fight steps 1-2: check the targets, then let them react."""
    state = flow.state
    active = state.active
    assert active is not None
    unit = state.units[active.unit]
    problem = _may_fight(state, unit)
    if problem is not None:
        return problem
    targets: list[WUnit] = []
    for name in action.targets:
        target = state.units.get(name)
        if target is None or not target.on_table:
            return reject(RejectionCode.BAD_ARGUMENT, f"No unit '{name}' on the table.")
        if not state.hostile(target.seat, unit.seat):
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{target.id} is not an enemy unit; a Fight Action attacks enemy units.",
                "004 Fight",
            )
        if target in targets:
            return reject(RejectionCode.BAD_ARGUMENT, f"{target.id} is named twice.")
        targets.append(target)
    for target in targets:
        reach = ch.longest_reach(ch.options(state, unit, [target]))
        distance = tb.closest_models(state, unit, target)[2]
        if distance > reach.total:
            return reject(
                RejectionCode.OUT_OF_RANGE,
                f"{target.id} is {span(distance)} away; the charge reaches "
                f"{span(reach.total)} ({reach.text()}).",
                "004 Fight",
            )
    plan = AttackPlan(kind="fight", unit=unit.id, fires=tuple(Fire(target=t.id) for t in targets))
    flow.emit(FightDeclared(unit=unit.id, targets=tuple(t.id for t in targets)))
    flow.emit(FrameOpened(frame=OfferReactions(plan=plan)))
    return None


def _may_fight(state: WastelandState, unit: WUnit) -> Rejection | None:
    if not unit.on_table:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{unit.id} is not on the table.", "004 Fight")
    if unit.disembarked:
        carrier = open_carrier(state, unit)
        if carrier is None:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{unit.id} disembarked this round and may not take Fight Actions.",
                "004 Transport",
            )
        if carrier.move_actions >= 2:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{unit.id} disembarked from {carrier.id}, which took {carrier.move_actions} "
                "Move Actions this round; an Open transport must take fewer than two.",
                "004 Open",
            )
    if fight_rolls.usable(state, unit):
        return None
    held = [
        state.weapons[w]
        for w in profile_in_play(state, unit).weapons
        if w in state.weapons and (not state.weapons[w].ranged or state.weapons[w].has("assault"))
    ]
    intact = [w for w in held if w.id not in unit.broken_weapons]
    fresh = [w for w in intact if not (w.has("slow") and w.id in unit.slow_fired)]
    if fresh:  # only Area Effect/Spray weapons remain, and the unit began the round engaged
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} began the round in base contact with the enemy, so its Area Effect "
            "and Spray weapons cannot be used in melee.",
            "004 Rapid/Area Effect/Spray X",
        )
    if intact:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} has already used its Slow melee weapons this round.",
            "004 Slow",
        )
    if held:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id}'s melee weapons have been destroyed.",
            "004 Crippling damage",
        )
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        f"{unit.id} has no melee weapon (or Assault weapon) to fight with.",
        "004 Fight",
    )


def open_carrier(state: WastelandState, unit: WUnit) -> WUnit | None:
    """The Open transport a disembarked unit just left: the one it names, or else the
    closest friendly Open transport within 3" of it."""
    named = state.units.get(unit.embarked_in or "")
    candidates = [named] if named is not None else []
    candidates += [
        u
        for u in state.on_table()
        if u.seat == unit.seat and profile_in_play(state, u).has("transport") and u.id != unit.id
    ]
    for carrier in sorted(
        candidates, key=lambda c: tb.closest_models(state, unit, c)[2] if c.on_table else 1e9
    ):
        if not carrier.on_table or not profile_in_play(state, carrier).has("open"):
            continue
        if carrier is named or tb.closest_models(state, unit, carrier)[2] <= OPEN_REACH:
            return carrier
    return None


def resume(flow: Flow, plan: AttackPlan) -> None:
    """004 Fight steps 2-5 after the reactions: the charge, then the Fight rolls."""
    state = flow.state
    unit = state.units.get(plan.unit)
    if unit is None or not unit.on_table:
        flow.emit(FightStopped(unit=plan.unit, reason="gone"))
        return
    targets = [state.units[f.target] for f in plan.fires if state.units[f.target].on_table]
    if not targets:
        flow.emit(FightStopped(unit=unit.id, reason="no_target"))
        _clear(flow, unit.id)
        return
    grounded = frozenset(plan.grounded)
    was_engaged = ch.engaged(state, unit)
    before = {t.id for t in targets if tb.in_contact(state, unit, t)}
    choices = ch.options(state, unit, targets)
    charge = ch.best(choices)
    _move(flow, unit, targets, charge, len(choices) > 1)
    _hazards(flow, unit.id, charge)
    _dangerous_ground(flow, charge)
    state = flow.state
    unit = state.units[unit.id]
    if not unit.on_table:
        return
    targets = [state.units[t.id] for t in targets if state.units[t.id].on_table]
    touching = [t for t in targets if tb.in_contact(state, unit, t)]
    if not touching:
        if targets:
            near = min(targets, key=lambda t: tb.closest_models(state, unit, t)[2])
            gap = tb.closest_models(state, unit, near)[2]
            flow.emit(FellShort(unit=unit.id, gap=gap, near=near.id))
        _clear(flow, unit.id)
        return
    bloodthirsty = 0 if was_engaged else profile_in_play(state, unit).value("bloodthirsty")
    ctx = fight_rolls.Context(
        targets=tuple(t.id for t in targets),
        bloodthirsty=bloodthirsty,
        fresh=frozenset(t.id for t in touching if t.id not in before),
        grounded=grounded,
    )
    fight_rolls.resolve(flow, unit.id, ctx)
    _clear(flow, unit.id)


def _move(flow: Flow, unit: WUnit, targets: list[WUnit], charge: ch.Charge, chose: bool) -> None:
    """Put the models where the charge took them and draw the paths."""
    ends = {leg.model: leg.end for leg in charge.legs}
    models = tuple(
        m.model_copy(update={"x": ends[m.id][0], "y": ends[m.id][1]}) if m.id in ends else m
        for m in unit.models
    )
    updates: dict[str, object] = {"models": models, "push_forward": 0}
    if charge.moved:
        unit = unit.with_moved(leg.model for leg in charge.legs if leg.length > 0)
        if profile_in_play(flow.state, unit).big:
            before = centroid(tb.geo(flow.state, unit).models)
            after = (
                round(sum(e[0] for e in ends.values()) / len(ends)),
                round(sum(e[1] for e in ends.values()) / len(ends)),
            )
            heading = math.degrees(math.atan2(after[1] - before[1], after[0] - before[0]))
            updates["facing"] = round(heading) % 360
    put(flow, unit.model_copy(update=updates))
    paths = tuple(
        Measure(kind="path", start=leg.start, end=leg.end, label=span(leg.length))
        for leg in charge.legs
        if leg.length > 0
    )
    if paths:
        flow.emit(Measured(measures=(*flow.state.measures, *paths)))
    moved = [leg for leg in charge.legs if leg.length > 0]
    reach = charge.reach
    flow.emit(
        Charged(
            unit=unit.id,
            targets=tuple(t.id for t in targets),
            moved=len(moved),
            longest=charge.longest,
            reach=ChargeReach(
                move=reach.move,
                push=reach.push,
                bloodthirsty=reach.bloodthirsty,
                penalty=reach.penalty,
                why=reach.why,
            ),
            notes=tuple(charge.notes) if chose else (),
            contacts=charge.contacts,
            to=centroid(tb.geo(flow.state, flow.state.units[unit.id]).models) if moved else None,
        )
    )


def _hazards(flow: Flow, unit_id: str, charge: ch.Charge) -> None:
    """004 Dangerous Terrain X: a die per model; each X+ destroys one model of the unit.
    Models rolling against the same X roll together. The owner would give up models that
    are not in base contact with the enemy first, so Umpire removes those (the farthest
    from the enemy first)."""
    by_x: dict[int, list[str]] = {}
    for model_id, x in sorted(charge.dangers.items()):
        by_x.setdefault(x, []).append(model_id)
    for x, model_ids in sorted(by_x.items()):
        unit = flow.state.units[unit_id]
        if not unit.on_table:
            return
        alive = [mid for mid in model_ids if unit.model(mid).alive]
        if not alive:
            continue
        dice = flow.dice(len(alive), f"{unit_id} dangerous terrain {x}+")
        lost = sum(1 for raw in dice if raw >= x)
        flow.emit(DangerousTerrain(unit=unit_id, during="charge", dice=dice, need=x, lost=lost))
        if lost:
            destroy_models(flow, unit_id, expendable(flow.state, unit)[:lost])


def expendable(state: WastelandState, unit: WUnit) -> list[str]:
    """The unit's living models, those out of base contact with enemies first, then the
    farthest from them."""
    enemies = [m for u in state.enemies(unit.seat) for m in tb.geo(state, u).models]
    models = tb.geo(state, unit).models

    def key(m: Model) -> tuple[int, float, str]:
        touching = any(in_contact(m, e) for e in enemies)
        nearest = min((gap(m, e) for e in enemies), default=0.0)
        return (1 if touching else 0, -nearest, m.id)

    return [m.id for m in sorted(models, key=key)]


def _dangerous_ground(flow: Flow, charge: ch.Charge) -> None:
    """Dangerous ground: an area entered for the first time turns Dangerous 8 on a 7+."""
    state = flow.state
    if state.condition != "dangerous_ground":
        return
    entered = sorted({a for leg in charge.legs for a in leg.areas} - set(state.visited_areas))
    if not entered:
        return
    flow.emit(AreaVisited(areas=tuple(entered)))
    for area_id in entered:
        raw = flow.dice(1, f"dangerous ground: {area_id}")[0]
        if raw >= 7:
            flow.emit(AreaDangerous(area=area_id, roll=8))
        flow.emit(GroundTested(area=area_id, roll=raw, treacherous=raw >= 7))


def _clear(flow: Flow, unit_id: str) -> None:
    unit = flow.state.units[unit_id]
    if unit.push_forward or unit.strike_harder:
        put(flow, unit.model_copy(update={"push_forward": 0, "strike_harder": False}))
