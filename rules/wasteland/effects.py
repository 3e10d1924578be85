"""What happens to units: changes recorded, suppression markers, casualties, destruction
and the Withdraw reaction's straight-line retreat.

Every change goes through :func:`put`, which emits the unit as it now is.
"""

from __future__ import annotations

import math

from rules.geometry import moves
from rules.geometry.formations import centroid
from rules.geometry.pieces import Area, Height, Terrain
from rules.geometry.units import PER_INCH, inches
from rules.wasteland import table as tb
from rules.wasteland.checks import judge
from rules.wasteland.events import AreaAdded, UnitsChanged
from rules.wasteland.facts.units import (
    BailedOut,
    DeathThroes,
    FearlessStood,
    LifeRollsLost,
    MarkerGained,
    UnitDestroyed,
    Withdrew,
)
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.ruins import building_ruined, vacate_if_empty
from rules.wasteland.state import Fighter, WUnit


def put(flow: Flow, *units: WUnit) -> None:
    flow.emit(UnitsChanged(units=units))


def unit(flow: Flow, unit_id: str) -> WUnit:
    return flow.state.units[unit_id]


def add_marker(flow: Flow, unit_id: str, reason: str) -> None:
    """One Suppression marker (004). Vehicles and Monsters never take them; a Fearless unit
    loses a model instead (a wound if every model is Tough)."""
    target = unit(flow, unit_id)
    profile = profile_in_play(flow.state, target)
    if target.gone or profile.big:
        return
    if profile.has("fearless"):
        flow.emit(FearlessStood(unit=target.id, reason=reason, instead_of="marker"))
        lose_one(flow, unit_id)
        return
    put(flow, target.model_copy(update={"markers": target.markers + 1}))
    flow.emit(MarkerGained(unit=target.id, reason=reason, markers=target.markers + 1))


def lose_one(flow: Flow, unit_id: str) -> None:
    target = unit(flow, unit_id)
    living = target.living
    if not living:
        return
    if profile_in_play(flow.state, target).has("tough"):
        wound(flow, unit_id, living[-1].id, 1)
    else:
        destroy_models(flow, unit_id, [living[-1].id])


def wound(flow: Flow, unit_id: str, model_id: str, wounds: int) -> bool:
    """Take ``wounds`` off one model (excess lost); True if it was destroyed."""
    target = unit(flow, unit_id)
    model = target.model(model_id)
    left = max(0, model.wounds - wounds)
    if left == 0:
        destroy_models(flow, unit_id, [model_id])
        return True
    models = tuple(
        m.model_copy(update={"wounds": left}) if m.id == model_id else m for m in target.models
    )
    put(flow, target.model_copy(update={"models": models}))
    return False


def destroy_models(flow: Flow, unit_id: str, model_ids: list[str]) -> None:
    """Remove models; a unit with none left is destroyed (wrecks, explosions, passengers)."""
    target = unit(flow, unit_id)
    gone = set(model_ids)
    models = tuple(m.model_copy(update={"wounds": 0}) if m.id in gone else m for m in target.models)
    after = target.model_copy(update={"models": models})
    put(flow, after)
    if not after.living:
        destroy_unit(flow, unit_id, "wiped out", last=[m for m in target.models if m.id in gone])


def destroy_unit(
    flow: Flow,
    unit_id: str,
    reason: str,
    last: list[Fighter] | None = None,
    *,
    explosion_roll: int | None = None,
) -> None:
    """``explosion_roll`` fixes the death-throes die (Crippling damage 18+: it counts as 10)."""
    target = unit(flow, unit_id)
    if target.gone:
        return
    profile = profile_in_play(flow.state, target)
    where = last or list(target.living)
    models = tuple(m.model_copy(update={"wounds": 0}) for m in target.models)
    put(flow, target.model_copy(update={"models": models, "status": "destroyed", "markers": 0}))
    flow.emit(UnitDestroyed(unit=target.id, name=target.name, reason=reason))
    for passenger in [
        u
        for u in flow.state.units.values()
        if u.embarked_in == unit_id and u.status == "embarked" and u.living
    ]:
        _bail_out(flow, passenger, target, where)
    if target.building is not None or target.status == "embarked":
        if target.building is not None:  # 004 Occupying buildings: it becomes Ruins
            heavy = target.profile == "building-heavy"
            building_ruined(flow, target.building, "heavy" if heavy else "light")
            return
        vacate_if_empty(flow, target.embarked_in)
    if profile.big and where:
        spot = where[0]
        size = tb.radius(profile)
        wreck = Area(
            id=f"wreck-{target.id.lower()}",
            points=_square(spot.x, spot.y, size),
            classes=(Terrain.DIFFICULT, Terrain.COVER),
            height=Height.LOW if profile.height in ("low", "man") else Height.TALL,
        )
        flow.emit(AreaAdded(area=wreck))
        explosion = next(
            (r.value for r in profile.rules if r.kind in ("vehicle", "monster") and r.value),
            None,
        )
        if explosion is not None:
            _explode(flow, target, spot, explosion, explosion_roll)


def _square(x: int, y: int, r: int) -> tuple[tuple[int, int], ...]:
    return ((x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r))


def _explode(flow: Flow, wreck: WUnit, spot: Fighter, x: int, fixed: int | None = None) -> None:
    """Vehicle/Monster X: on X+ every model even partly within 4" takes a Life roll at -1."""
    roll = fixed if fixed is not None else flow.dice(1, f"{wreck.id} death throes")[0]
    flow.emit(DeathThroes(unit=wreck.id, roll=roll, x=x))
    if roll < x:
        return
    reach = 4 * PER_INCH
    for other in flow.state.on_table():
        profile = profile_in_play(flow.state, other)
        r = tb.radius(profile)
        near = [m.id for m in other.living if math.hypot(m.x - spot.x, m.y - spot.y) - r <= reach]
        if not near:
            continue
        dice = flow.dice(len(near), f"{other.id} Life vs explosion")
        dead = [
            mid for mid, raw in zip(near, dice, strict=True) if not judge(raw, profile.life, -1)
        ]
        if dead:
            flow.emit(
                LifeRollsLost(unit=other.id, dice=dice, need=profile.life + 1, lost=len(dead))
            )
            for mid in dead:
                if unit(flow, other.id).on_table:
                    wound(flow, other.id, mid, 99)


def _bail_out(flow: Flow, passenger: WUnit, transport: WUnit, where: list[Fighter]) -> None:
    """Passengers of a destroyed transport disembark around it and gain a marker."""
    spot = where[0] if where else Fighter(id="-", x=transport.models[0].x, y=transport.models[0].y)
    placed = tuple(
        m.model_copy(update={"x": spot.x + dx, "y": spot.y + dy})
        for m, (dx, dy) in zip(passenger.living, _ring(len(passenger.living)), strict=True)
    )
    models = tuple(next((p for p in placed if p.id == m.id), m) for m in passenger.models)
    put(
        flow,
        passenger.model_copy(update={"models": models, "status": "table", "embarked_in": None}),
    )
    flow.emit(BailedOut(unit=passenger.id))
    add_marker(flow, passenger.id, "transport destroyed")


def _ring(count: int) -> list[tuple[int, int]]:
    found = []
    for i in range(count):
        ring, slot = divmod(i, 8)
        angle = 2 * math.pi * slot / 8
        reach = inches(2) + ring * inches(1.2)
        found.append((round(math.cos(angle) * reach), round(math.sin(angle) * reach)))
    return found


def withdraw(flow: Flow, unit_id: str, enemy_id: str, reason: str) -> None:
    """Withdraw (004 Reactions): the full Move straight away from the provoking unit; a
    corridor blocked by impassable terrain, enemy models or the table edge destroys the
    unit. A Fearless unit loses a model instead."""
    target = unit(flow, unit_id)
    profile = profile_in_play(flow.state, target)
    if profile.has("fearless"):
        flow.emit(FearlessStood(unit=target.id, reason=reason, instead_of="withdraw"))
        lose_one(flow, unit_id)
        return
    enemy = unit(flow, enemy_id)
    g = tb.geo(flow.state, target)
    cx, cy = centroid(g.models)
    ex, ey = centroid(tb.geo(flow.state, enemy).models)
    dx, dy = cx - ex, cy - ey
    length = math.hypot(dx, dy) or 1.0
    reach = inches(max(0, profile.move))
    after = moves.shifted(g, round(dx / length * reach), round(dy / length * reach))
    others = [tb.geo(flow.state, u) for u in flow.state.on_table() if u.id != unit_id]
    check = moves.plan(g, after, flow.state.table, others)
    if check.crosses(Terrain.DIFFICULT) and not profile.has("flying") and not profile.has("jump"):
        reach = max(0, reach - inches(2))
        after = moves.shifted(g, round(dx / length * reach), round(dy / length * reach))
        check = moves.plan(g, after, flow.state.table, others)
    enemies = {
        m.id
        for u in flow.state.on_table()
        if flow.state.hostile(u.seat, target.seat)
        for m in tb.geo(flow.state, u).models
    }
    fatal = [p for p in check.problems if "cannot be crossed" in p or "leave the table" in p]
    fatal += [f"contact with {other}" for _, other in check.contacts if other in enemies]
    fatal += [p for p in check.problems if p.split()[-1] in enemies]
    if fatal:
        flow.emit(Withdrew(unit=target.id, reason=reason, enemy=enemy.id, blocked=fatal[0]))
        destroy_unit(flow, unit_id, "retreat blocked")
        return
    moved = tb.relocated(target, after.models)
    shifted = [
        m.id for m, was in zip(after.models, g.models, strict=True) if m.centre != was.centre
    ]
    put(flow, target.with_moved(shifted).model_copy(update={"models": moved}))
    flow.emit(
        Withdrew(
            unit=target.id,
            reason=reason,
            enemy=enemy.id,
            distance=reach,
            to=centroid(after.models),
        )
    )
