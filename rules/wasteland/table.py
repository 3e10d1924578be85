"""The Wasteland view of the shared geometry: units as bases on the table, who sees whom,
distances between units, and the terrain units stand in (004 Visibility, Measuring).

Sight: models of other units block, except Bodyguards and Flying models; a Flying model is
always visible. Distances between units run between their closest visible models.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from shapely.geometry import Point as ShapelyPoint

from rules.geometry import measure, sight
from rules.geometry.pieces import Area, Height, Model, Table, Terrain, Unit
from rules.geometry.units import mm
from rules.wasteland.content.units import UnitDef
from rules.wasteland.state import Fighter, WastelandState, WUnit

HEIGHTS = {"low": Height.LOW, "man": Height.MAN, "tall": Height.TALL, "towering": Height.TOWERING}


def radius(profile: UnitDef) -> int:
    return max(1, mm(profile.base_mm) // 2)


@lru_cache(maxsize=4096)
def _geo(uid: str, seat: str, fighters: tuple[Fighter, ...], profile: UnitDef) -> Unit:
    r, h = radius(profile), HEIGHTS[profile.height]
    models = tuple(Model(id=m.id, x=m.x, y=m.y, radius=r, height=h) for m in fighters if m.alive)
    return Unit(id=uid, side=seat, models=models or (Model(id="-", x=0, y=0, radius=r),))


def geo(state: WastelandState, unit: WUnit) -> Unit:
    """The unit's living models as geometry bases (cached per position; a unit's ``melee``
    dict makes the unit itself unhashable)."""
    return _geo(unit.id, unit.seat, unit.models, state.profile(unit))


def relocated(unit: WUnit, bases: Iterable[Model]) -> tuple[Fighter, ...]:
    """The unit's models, those named in ``bases`` standing where those bases are."""
    spots = {b.id: (b.x, b.y) for b in bases}
    return tuple(
        m.model_copy(update={"x": spots[m.id][0], "y": spots[m.id][1]}) if m.id in spots else m
        for m in unit.models
    )


def model_of(state: WastelandState, unit: WUnit, model_id: str) -> Model:
    return next(m for m in geo(state, unit).models if m.id == model_id)


def blocking_units(state: WastelandState, exclude: Iterable[str] = ()) -> list[Unit]:
    """Units whose models block sight: on the table, not Bodyguards, not Flying."""
    skip = set(exclude)
    found = []
    for unit in state.on_table():
        if unit.id in skip:
            continue
        profile = state.profile(unit)
        if profile.has("bodyguards") or profile.has("flying"):
            continue
        found.append(geo(state, unit))
    return found


_BLOCKERS: list[tuple[object, sight.Blockers]] = []


def _blockers(state: WastelandState) -> sight.Blockers:
    """Every sight-blocking base and unit gap of ``state``, built once per position: the
    units mapping is replaced whenever anything moves, so its identity keys the cache."""
    if _BLOCKERS and _BLOCKERS[0][0] is state.units:
        return _BLOCKERS[0][1]
    blockers = sight.Blockers.of(blocking_units(state))
    _BLOCKERS[:] = [(state.units, blockers)]
    return blockers


def _pairs(state: WastelandState, viewer: WUnit, target: WUnit) -> Iterator[tuple[Model, Model]]:
    a, b = geo(state, viewer), geo(state, target)
    flying = state.profile(target).has("flying") or state.profile(viewer).has("flying")
    # a Flying model is always visible: terrain never hides it (other units still may not)
    table = Table(width=state.table.width, depth=state.table.depth) if flying else state.table
    blockers = _blockers(state)
    ignore = frozenset({viewer.id, target.id})
    return (
        (x, y)
        for x in a.models
        for y in b.models
        if sight.model_sees(x, y, table, blockers, ignore)
    )


def visible_pairs(state: WastelandState, viewer: WUnit, target: WUnit) -> list[tuple[Model, Model]]:
    """(viewer model, target model) pairs that see each other."""
    return list(_pairs(state, viewer, target))


def sees(state: WastelandState, viewer: WUnit, target: WUnit) -> bool:
    return next(_pairs(state, viewer, target), None) is not None


def distance(state: WastelandState, a: WUnit, b: WUnit, *, visible_only: bool = True) -> float:
    """Hundredths between the closest visible models (closest models if none are visible)."""
    if visible_only:
        pairs = visible_pairs(state, a, b)
        if pairs:
            return min(measure.gap(x, y) for x, y in pairs)
    return measure.unit_gap(geo(state, a), geo(state, b))


def closest_models(state: WastelandState, a: WUnit, b: WUnit) -> tuple[Model, Model, float]:
    pair = measure.closest_pair(geo(state, a).models, geo(state, b).models)
    assert pair is not None
    return pair


def in_contact(state: WastelandState, a: WUnit, b: WUnit) -> bool:
    return measure.units_in_contact(geo(state, a), geo(state, b))


def contacts(state: WastelandState, unit: WUnit) -> list[WUnit]:
    """Other units on the table with a model in base contact with ``unit``."""
    mine = geo(state, unit)
    return [
        other
        for other in state.on_table()
        if other.id != unit.id and measure.units_in_contact(mine, geo(state, other))
    ]


def enemy_contacts(state: WastelandState, unit: WUnit) -> list[WUnit]:
    return [u for u in contacts(state, unit) if state.hostile(u.seat, unit.seat)]


def friendly_contacts(state: WastelandState, unit: WUnit) -> list[WUnit]:
    return [u for u in contacts(state, unit) if not state.hostile(u.seat, unit.seat)]


def majority_in(state: WastelandState, unit: WUnit, area: Area) -> bool:
    models = geo(state, unit).models
    inside = sum(1 for m in models if area.polygon.contains(ShapelyPoint(m.centre)))
    return inside * 2 > len(models)


def screening(
    state: WastelandState, shooter: WUnit, target: WUnit, kinds: Sequence[Terrain]
) -> list[Area]:
    """Areas of ``kinds`` the target has a majority of its models inside or behind, seen
    from the shooter, leaving out areas the shooter stands in (004 Concealment)."""
    shooter_models = geo(state, shooter).models
    target_models = geo(state, target).models
    found = []
    for area in state.table.areas:
        if not any(area.has(k) for k in kinds):
            continue
        if area.has(Terrain.RUINS) and not (Terrain.COVER in kinds or Terrain.CONCEALMENT in kinds):
            continue
        if any(area.polygon.contains(ShapelyPoint(m.centre)) for m in shooter_models):
            continue
        covered = 0
        for model in target_models:
            point = ShapelyPoint(model.centre)
            if area.polygon.contains(point):
                covered += 1
                continue
            if any(
                sight.length_through(s.centre, model.centre, area) > 0 for s in shooter_models[:3]
            ):
                covered += 1
        if covered * 2 > len(target_models):
            found.append(area)
    return found


def front_of(unit: WUnit, centre: tuple[int, int], point: tuple[int, int]) -> bool:
    """Whether ``point`` lies in front of the side-to-side line through ``centre``."""
    angle = math.radians(unit.facing)
    fx, fy = math.cos(angle), math.sin(angle)
    return (point[0] - centre[0]) * fx + (point[1] - centre[1]) * fy > 0


def majority_in_front(state: WastelandState, viewer: WUnit, target: WUnit) -> bool:
    """For Vehicle/Monster arcs and Vulnerable: most of ``target``'s models lie in front of
    ``viewer``'s centre line."""
    centre = geo(state, viewer).models[0].centre
    models = geo(state, target).models
    ahead = sum(1 for m in models if front_of(viewer, centre, m.centre))
    return ahead * 2 > len(models)
