"""The Wasteland view of the shared geometry: units as bases on the table, who sees whom,
distances between units, and the terrain units stand in (004 Visibility, Measuring).

Sight: models of other units block, except Bodyguards and Flying models; a Flying model is
always visible. Distances between units run between their closest visible models.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

from shapely.geometry import Point as ShapelyPoint

from rules.core.by_identity import ByIdentity
from rules.geometry import measure, sight
from rules.geometry.pieces import Area, Height, Model, Table, Terrain, Unit
from rules.geometry.seeing import Party
from rules.geometry.units import mm
from rules.wasteland.content.units import UnitDef
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import Fighter, WastelandState, WUnit

HEIGHTS = {"low": Height.LOW, "man": Height.MAN, "tall": Height.TALL, "towering": Height.TOWERING}


def radius(profile: UnitDef) -> int:
    return max(1, mm(profile.base_mm) // 2)


@lru_cache(maxsize=4096)
def _geo(uid: str, seat: str, fighters: tuple[Fighter, ...], profile: UnitDef) -> Unit:
    r, h = radius(profile), HEIGHTS[profile.height]
    models = tuple(Model(id=m.id, x=m.x, y=m.y, radius=r, height=h) for m in fighters if m.alive)
    return Unit(id=uid, side=seat, models=models or (Model(id="-", x=0, y=0, radius=r),))


_GEO: ByIdentity[WUnit, tuple[UnitDef, Unit]] = ByIdentity(4096)


def geo(state: WastelandState, unit: WUnit) -> Unit:
    """The unit's living models as geometry bases (cached per position; a unit's ``melee``
    dict makes the unit itself unhashable, so the same unit object and profile object are
    first looked up by identity)."""
    return _geo_of(unit, profile_in_play(state, unit))


def _geo_of(unit: WUnit, profile: UnitDef) -> Unit:
    known = _GEO.get(unit)
    if known is not None and known[0] is profile:
        return known[1]
    return _GEO.put(unit, (profile, _geo(unit.id, unit.seat, unit.models, profile)))[1]


_GROUNDED: ByIdentity[
    dict[str, WUnit], tuple[object, object, str | None, tuple[tuple[str, Unit], ...]]
] = ByIdentity(256)


def grounded(state: WastelandState) -> tuple[tuple[str, Unit], ...]:
    """The bases of every unit on the table that is not Flying, by unit id (what a moving
    unit must keep clear of), remembered per position: they follow from the units, the
    content in play, the table and who defends."""
    known = _GROUNDED.get(state.units)
    if (
        known is not None
        and known[0] is state.profiles
        and known[1] is state.table
        and known[2] == state.defender
    ):
        return known[3]
    found = tuple(
        (u.id, geo(state, u))
        for u in state.on_table()
        if not profile_in_play(state, u).has("flying")
    )
    _GROUNDED.put(state.units, (state.profiles, state.table, state.defender, found))
    return found


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
        profile = profile_in_play(state, unit)
        if profile.has("bodyguards") or profile.has("flying"):
            continue
        found.append(_geo_of(unit, profile))
    return found


def _blockers(state: WastelandState) -> sight.Blockers:
    """Every sight-blocking base and unit gap of ``state``, built once per position."""
    answers = _answers(state)
    if answers.blockers is None:
        answers.blockers = sight.Blockers.of(blocking_units(state))
    return answers.blockers


def _sight(
    state: WastelandState, viewer: WUnit, target: WUnit
) -> tuple[Unit, Unit, Table, sight.Blockers, frozenset[str]]:
    a, b = geo(state, viewer), geo(state, target)
    # a Flying model is always visible: terrain never hides it (other units still may not)
    table = _bare(state) if _flies(state, viewer, target) else state.table
    return a, b, table, _blockers(state), frozenset({viewer.id, target.id})


def _flies(state: WastelandState, viewer: WUnit, target: WUnit) -> bool:
    return profile_in_play(state, target).has("flying") or profile_in_play(state, viewer).has(
        "flying"
    )


def _bare(state: WastelandState) -> Table:
    return Table(width=state.table.width, depth=state.table.depth)


Pairs = list[tuple[Model, Model]]


class _Answers:
    """Sight answers already found in one position: the blockers, ``sees`` and
    ``visible_pairs`` by (viewer id, target id), and the ids of the units in contact with
    each unit."""

    def __init__(self, layout: tuple[object, ...]) -> None:
        self.layout = layout
        self.blockers: sight.Blockers | None = None
        self.seen: dict[tuple[str, str], bool] = {}
        self.pairs: dict[tuple[str, str], Pairs] = {}
        self.contacts: dict[str, list[str]] = {}
        self.viewers: set[str] = set()  # judged against every enemy


_SEEN: list[_Answers] = []


def _answers(state: WastelandState) -> _Answers:
    """The answers of this position. They are kept while everything they depend on stays
    the same: the table, the profiles, the defender (profiles in play depend on it) and
    each unit's seat, status, models, profile, building and extra rules, even when a unit
    is replaced by a copy that changed something else (a flag, a marker)."""
    if _SEEN and _SEEN[0].layout[0] is state.units:
        return _SEEN[0]
    layout = (
        state.units,
        state.table,
        state.profiles,
        state.defender,
        *((u.id, *_looks(u)) for u in state.units.values()),
    )
    if not _SEEN or _SEEN[0].layout[1:] != layout[1:]:
        _SEEN[:] = [_Answers(layout)]
    else:
        _SEEN[0].layout = layout
    return _SEEN[0]


def _looks(unit: WUnit) -> tuple[object, ...]:
    """What sight depends on in a unit."""
    return (unit.seat, unit.status, unit.models, unit.profile, unit.building, unit.rules_extra)


def _own(state: WastelandState, *units: WUnit) -> bool:
    """Whether these units stand in the position as they are (its own units, or copies
    that differ only in what sight does not depend on): only their answers are kept."""
    for unit in units:
        mine = state.units.get(unit.id)
        if mine is not unit and (mine is None or _looks(mine) != _looks(unit)):
            return False
    return True


def visible_pairs(state: WastelandState, viewer: WUnit, target: WUnit) -> list[tuple[Model, Model]]:
    """(viewer model, target model) pairs that see each other."""
    known = _answers(state).pairs if _own(state, viewer, target) else {}
    found = known.get((viewer.id, target.id))
    if found is None:
        a, b, table, blockers, ignore = _sight(state, viewer, target)
        found = known[(viewer.id, target.id)] = sight.visible_among(
            a.models, b.models, table, blockers, ignore
        )
    return list(found)


def sees(state: WastelandState, viewer: WUnit, target: WUnit) -> bool:
    if not _own(state, viewer, target):
        a, b, table, blockers, ignore = _sight(state, viewer, target)
        return sight.any_visible(a.models, b.models, table, blockers, ignore)
    answers = _answers(state)
    seen, pairs = answers.seen, answers.pairs
    key = (viewer.id, target.id)
    if key in pairs:
        return bool(pairs[key])
    if key not in seen:
        # the viewer is judged against every enemy at once: rules that ask about one
        # usually go on to ask about the others; once a second viewer is asked about,
        # every unit of its side is judged too (all-pairs questions)
        placed = state.on_table()
        enemies = [u for u in placed if state.hostile(u.seat, viewer.seat)]
        asks = [(viewer, [target, *(u for u in enemies if u.id not in key)])]
        if answers.viewers:
            asks += [
                (u, [e for e in enemies if e.id != u.id])
                for u in placed
                if u.seat == viewer.seat and u.id != viewer.id and u.id not in answers.viewers
            ]
        _judge(state, asks, seen)
        answers.viewers.update(u.id for u, _ in asks)
    return seen[key]


def _judge(
    state: WastelandState, asks: list[tuple[WUnit, list[WUnit]]], seen: dict[tuple[str, str], bool]
) -> None:
    """Whether each viewer sees each of its units, all in one go (Flying apart)."""
    blockers = _blockers(state)
    wings: dict[str, bool] = {}
    bases: dict[str, Sequence[Model]] = {}
    for viewer, units in asks:
        for unit in (viewer, *units):
            if unit.id not in wings:
                profile = profile_in_play(state, unit)
                wings[unit.id] = profile.has("flying")
                bases[unit.id] = _geo_of(unit, profile).models
    by_flight: dict[
        bool, tuple[list[Sequence[Model]], list[Party], list[int], list[tuple[str, str]]]
    ] = {}
    for viewer, units in asks:
        eyes = bases[viewer.id]
        placed: dict[bool, int] = {}
        for unit in units:
            flying = wings[viewer.id] or wings[unit.id]
            groups, parties, looks, keys = by_flight.setdefault(flying, ([], [], [], []))
            if flying not in placed:
                placed[flying] = len(groups)
                groups.append(eyes)
            parties.append(Party(bases[unit.id], frozenset({viewer.id, unit.id})))
            looks.append(placed[flying])
            keys.append((viewer.id, unit.id))
    for flying, (groups, parties, looks, keys) in by_flight.items():
        table = _bare(state) if flying else state.table
        found = sight.sightings_each(groups, parties, looks, table, blockers)
        seen.update(zip(keys, found, strict=True))


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
    known = _answers(state).contacts if _own(state, unit) else {}
    found = known.get(unit.id)
    if found is None:
        mine = geo(state, unit)
        found = known[unit.id] = [
            other.id
            for other in state.on_table()
            if other.id != unit.id and measure.units_in_contact(mine, geo(state, other))
        ]
    return [state.units[uid] for uid in found]


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
    xs = [m.x for m in (*shooter_models, *target_models)]
    ys = [m.y for m in (*shooter_models, *target_models)]
    found = []
    for area in state.table.areas:
        if not any(area.has(k) for k in kinds):
            continue
        if area.has(Terrain.RUINS) and not (Terrain.COVER in kinds or Terrain.CONCEALMENT in kinds):
            continue
        minx, miny, maxx, maxy = area.polygon.bounds
        if minx > max(xs) or maxx < min(xs) or miny > max(ys) or maxy < min(ys):
            continue  # no centre inside and no line between them crosses it
        if any(sight.inside(area, shooter_models)):
            continue
        within = sight.inside(area, target_models)
        seen_through = sight.behind(area, shooter_models[:3], target_models)
        covered = sum(1 for a, b in zip(within, seen_through, strict=True) if a or b)
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
