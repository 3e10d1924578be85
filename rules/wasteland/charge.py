"""The charge of a Fight Action (004 Fight step 2): how far the unit reaches and where each
model ends.

Reach: Move (Exhausted -1, 0 when immobilised) plus Push forward! and, when none of the
unit's models is already in base contact with an enemy, Bloodthirsty X; terrain on the way
takes its toll (004 Difficult Terrain: -2, the worst penalty only; Muddy/Rainy: all open
ground is difficult and difficult areas cost 3; Pathfinder, Jump and Flying ignore it).
A Pathbound unit in difficult terrain either loses 6" or treats the area as Dangerous
Terrain 9 (keeping the usual -2); Umpire picks for the player whichever brings more models
into base contact, the safer one on a tie.

Dangers: a die for each model whose base moves into, out of or through a Dangerous area
(its X, or the X it was given in play); every model of a unit that moves during an
Earthquake (8+) or charges more than 5" in Dark/Foggy or Rainy conditions (9+, not with
Acute Senses); a model facing several rolls against the worst X. Flying models ignore them.

Movement: every model moves in a straight line directly toward the closest enemy model of
a targeted unit, up to the reach, and stops at base contact. Models already touching an
enemy stay where they are. A model stops short, touching it, at the first model (friend or
foe), impassable area or gap between an enemy unit's models on its line; Jump and Flying
models pass over everything and only need a free spot to land. Models move closest first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from shapely import LineString, MultiPoint
from shapely.geometry.base import BaseGeometry

from rules.geometry.measure import gap, in_contact, overlaps
from rules.geometry.moves import footprint
from rules.geometry.pieces import Area, Model, Table, Terrain
from rules.geometry.units import PER_INCH, inches
from rules.wasteland import table as tb
from rules.wasteland.conditions import move_of
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import WastelandState, WUnit

DARK_LIMIT = 5 * PER_INCH
BACK_OFFS = (0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 8.0, 13.0, 21.0, 34.0, 55.0, 89.0, 144.0)


def span(hundredths: float) -> str:
    """``600`` → ``6"``, ``860`` → ``8.6"`` (as players read a tape)."""
    text = f"{hundredths / PER_INCH:.1f}"
    return f'{text.removesuffix(".0")}"'


@dataclass(frozen=True)
class Reach:
    """How far the charge goes, in hundredths, and why."""

    move: int
    push: int = 0
    bloodthirsty: int = 0
    penalty: int = 0
    why: str = ""

    @property
    def total(self) -> int:
        return max(0, self.move + self.push + self.bloodthirsty - self.penalty)

    def text(self) -> str:
        parts = [f"Move {span(self.move)}"]
        if self.push:
            parts.append(f"Push forward +{span(self.push)}")
        if self.bloodthirsty:
            parts.append(f"Bloodthirsty +{span(self.bloodthirsty)}")
        if self.penalty:
            parts.append(f"{self.why} -{span(self.penalty)}")
        if len(parts) == 1:
            parts.append("no bonus")
        return ", ".join(parts)


@dataclass
class Leg:
    model: str
    start: tuple[int, int]
    end: tuple[int, int]
    areas: tuple[str, ...] = ()  # terrain areas the base went into, out of or through
    touched: tuple[str, ...] = ()  # and those it only came into base contact with

    @property
    def length(self) -> float:
        return math.hypot(self.end[0] - self.start[0], self.end[1] - self.start[1])


@dataclass
class Charge:
    reach: Reach
    legs: list[Leg]
    dangers: dict[str, int] = field(default_factory=dict)  # model id -> Dangerous X
    notes: list[str] = field(default_factory=list)
    contacts: int = 0  # models ending in base contact with a target

    @property
    def longest(self) -> float:
        return max((leg.length for leg in self.legs), default=0.0)

    @property
    def moved(self) -> bool:
        return any(leg.length > 0 for leg in self.legs)


# -- reach -----------------------------------------------------------------------------------
def base_move(state: WastelandState, unit: WUnit) -> int:
    """Move in hundredths: Exhausted takes 1", an immobilised unit has none."""
    return inches(move_of(state, unit))


def engaged(state: WastelandState, unit: WUnit) -> bool:
    """Whether any model of ``unit`` is in base contact with an enemy model."""
    return bool(tb.enemy_contacts(state, unit))


def airborne(state: WastelandState, unit: WUnit) -> bool:
    profile = profile_in_play(state, unit)
    return profile.has("jump") or profile.has("flying")


def _start_reach(state: WastelandState, unit: WUnit) -> Reach:
    bloodthirsty = 0 if engaged(state, unit) else profile_in_play(state, unit).value("bloodthirsty")
    return Reach(
        move=base_move(state, unit),
        push=unit.push_forward,
        bloodthirsty=inches(bloodthirsty),
    )


# -- terrain ---------------------------------------------------------------------------------
def danger_of(state: WastelandState, area: Area) -> int:
    """The X of a dangerous area (areas made dangerous in play use their new X)."""
    return state.dangerous_areas.get(area.id) or area.dangerous or 0


def _leg(start: Model, end: Model, table: Table) -> Leg:
    """The straight path of one base, with the areas its footprint meets on the way."""
    if start.centre == end.centre:
        return Leg(end.id, start.centre, end.centre)
    met = footprint(start, end, table)
    return Leg(
        end.id,
        start.centre,
        end.centre,
        areas=tuple(a for a, _, covered in met if covered > 0),
        touched=tuple(a for a, _, covered in met if covered == 0),
    )


def options(state: WastelandState, unit: WUnit, targets: Sequence[WUnit]) -> list[Charge]:
    """The charges open to the unit: one, or two for a Pathbound unit in difficult terrain
    (lose 6", or roll as in Dangerous Terrain 9)."""
    start = _start_reach(state, unit)
    first = _charge(state, unit, targets, start)
    flyer = airborne(state, unit)
    profile = profile_in_play(state, unit)
    areas = {a.id: a for a in state.table.areas}
    difficult_models = {
        leg.model
        for leg in first.legs
        if any(areas[a].has(Terrain.DIFFICULT) for a in leg.areas if a in areas)
    }
    muddy = state.condition in ("muddy", "rainy") and first.moved
    if flyer or profile.has("pathfinder") or not (difficult_models or muddy):
        return [_with_dangers(state, unit, first, set())]
    penalty, why = inches(2), "difficult terrain"
    bogged = difficult_models
    if muddy:
        penalty = inches(3) if difficult_models else inches(2)
        why = "difficult ground in the mud" if difficult_models else "mud"
        bogged = {leg.model for leg in first.legs if leg.length > 0}
    slowed = _charge(state, unit, targets, _penalised(start, penalty, why))
    if not profile.has("pathbound"):
        return [_with_dangers(state, unit, slowed, set())]
    crawl = _charge(state, unit, targets, _penalised(start, inches(6), "Pathbound"))
    crawl.notes.append('Pathbound: loses 6" in difficult terrain')
    risky = _with_dangers(state, unit, slowed, bogged)
    risky.notes.append("Pathbound: treats the difficult terrain as Dangerous Terrain 9")
    return [_with_dangers(state, unit, crawl, set()), risky]


def _penalised(reach: Reach, penalty: int, why: str) -> Reach:
    return Reach(reach.move, reach.push, reach.bloodthirsty, penalty, why)


def _with_dangers(state: WastelandState, unit: WUnit, charge: Charge, bogged: set[str]) -> Charge:
    """Which models roll for dangerous terrain, and against what (the worst X applies)."""
    profile = profile_in_play(state, unit)
    if profile.has("flying"):
        return charge
    areas = {a.id: a for a in state.table.areas}
    whole = 0
    if charge.moved and state.event_this_round == "earthquake":
        whole = 8
    dark = state.condition in ("dark", "rainy") and not profile.has("acute_senses")
    if dark and charge.longest > DARK_LIMIT:
        whole = min(whole, 9) if whole else 9
    for leg in charge.legs:
        # Dangerous Terrain: into, out of, through, or into base contact (004)
        found = [danger_of(state, areas[a]) for a in (*leg.areas, *leg.touched) if a in areas]
        found = [x for x in found if x]
        if leg.model in bogged:
            found.append(9)
        if whole:
            found.append(whole)
        if found:
            charge.dangers[leg.model] = min(found)
    return charge


def best(choices: list[Charge]) -> Charge:
    """More models in contact wins; on a tie the first (safer) choice."""
    return max(choices, key=lambda c: (c.contacts, -choices.index(c)))


def longest_reach(choices: list[Charge]) -> Reach:
    return max((c.reach for c in choices), key=lambda r: r.total)


# -- moving the models -------------------------------------------------------------------------
def _charge(state: WastelandState, unit: WUnit, targets: Sequence[WUnit], reach: Reach) -> Charge:
    flyer = airborne(state, unit)
    g = tb.geo(state, unit)
    target_ids = {t.id for t in targets}
    goals = [m for t in targets for m in tb.geo(state, t).models]
    enemies = [u for u in state.enemies(unit.seat)]
    enemy_models = [m for u in enemies for m in tb.geo(state, u).models]
    locked = {m.id for m in g.models if any(in_contact(m, e) for e in enemy_models)}
    obstacles = [
        m
        for u in state.on_table()
        if u.id != unit.id
        and not (state.hostile(u.seat, unit.seat) and profile_in_play(state, u).has("flying"))
        for m in tb.geo(state, u).models
    ]
    solid = [a for a in state.table.areas if a.blocks_movement]
    hulls: list[BaseGeometry] = [
        MultiPoint([m.centre for m in tb.geo(state, u).models]).convex_hull
        for u in enemies
        if u.id not in target_ids and len(u.living) > 1
    ]
    placed = {m.id: m for m in g.models}
    ordered = sorted(g.models, key=lambda m: (min(gap(m, e) for e in goals), m.id))
    legs: list[Leg] = []
    terrain = Table(areas=()) if flyer else state.table
    for model in ordered:
        if model.id in locked:
            legs.append(Leg(model.id, model.centre, model.centre))
            continue
        goal = min(goals, key=lambda e: (gap(model, e), e.id))
        want = min(float(reach.total), gap(model, goal))
        others = obstacles + [p for pid, p in placed.items() if pid != model.id]
        end = _travel(state, model, goal, want, others, solid, hulls, flyer)
        placed[model.id] = end
        legs.append(_leg(model, end, terrain))
    contacts = sum(1 for m in placed.values() if any(in_contact(m, e) for e in goals))
    order = {m.id: i for i, m in enumerate(g.models)}
    legs.sort(key=lambda leg: order[leg.model])
    return Charge(reach=reach, legs=legs, contacts=contacts)


def _travel(
    state: WastelandState,
    model: Model,
    goal: Model,
    want: float,
    others: list[Model],
    solid: list[Area],
    hulls: list[BaseGeometry],
    flyer: bool,
) -> Model:
    if want <= 0:
        return model
    dx, dy = goal.x - model.x, goal.y - model.y
    length = math.hypot(dx, dy)
    if length == 0:
        return model
    d = (dx / length, dy / length)
    limit = want
    if not flyer:
        for other in others:
            limit = min(limit, _first_touch(model, d, other))
        for area in solid:
            limit = _until(limit, _hits_area(model, d, area))
        for hull in hulls:
            limit = _until(limit, _crosses(model, d, hull))
    return _settle(state, model, d, max(0.0, limit), others, solid)


def _hits_area(model: Model, d: tuple[float, float], area: Area) -> Callable[[float], bool]:
    return lambda s: bool(_swept(model, d, s).intersection(area.polygon).area > 0)


def _crosses(model: Model, d: tuple[float, float], hull: BaseGeometry) -> Callable[[float], bool]:
    return lambda s: bool(_line(model, d, s).intersection(hull).length > 0)


def _line(model: Model, d: tuple[float, float], s: float) -> LineString:
    return LineString([model.centre, (model.x + d[0] * s, model.y + d[1] * s)])


def _swept(model: Model, d: tuple[float, float], s: float) -> BaseGeometry:
    if s <= 0:
        return model.shape()
    return _line(model, d, s).buffer(model.radius)


def _first_touch(model: Model, d: tuple[float, float], other: Model) -> float:
    """How far ``model`` can go along ``d`` before its base touches ``other``'s."""
    wx, wy = model.x - other.x, model.y - other.y
    reach = model.radius + other.radius
    along = d[0] * wx + d[1] * wy
    now = math.hypot(wx, wy)
    if now <= reach + 0.5:
        return 0.0 if along < -0.1 * max(now, 1.0) else math.inf
    disc = along * along - (now * now - reach * reach)
    if disc <= 0:
        return math.inf
    s = -along - math.sqrt(disc)
    return s if s >= 0 else math.inf


def _until(limit: float, blocked: Callable[[float], bool]) -> float:
    """The furthest distance up to ``limit`` before ``blocked`` (monotone) turns true."""
    if limit <= 0 or not blocked(limit):
        return limit
    lo, hi = 0.0, limit
    while hi - lo > 1.0:
        mid = (lo + hi) / 2
        if blocked(mid):
            hi = mid
        else:
            lo = mid
    return lo


def _settle(
    state: WastelandState,
    model: Model,
    d: tuple[float, float],
    s: float,
    others: list[Model],
    solid: list[Area],
) -> Model:
    """A whole-hundredth spot at (or just short of) distance ``s`` where the base fits,
    keeping base contact with what it reached where a spot allows."""
    x, y = model.x + d[0] * s, model.y + d[1] * s
    near = [
        model.at(math.floor(x) + dx, math.floor(y) + dy)
        for dx in range(-2, 4)
        for dy in range(-2, 4)
        if math.hypot(math.floor(x) + dx - x, math.floor(y) + dy - y) <= 2.5
    ]
    touching = [o for o in others if gap(model.at(round(x), round(y)), o) <= 3]
    fitting = [spot for spot in near if _fits(state, spot, others, solid)]
    if fitting:
        return min(
            fitting,
            key=lambda p: (
                -sum(1 for o in touching if in_contact(p, o)),
                math.hypot(p.x - x, p.y - y),
                p.x,
                p.y,
            ),
        )
    for back in BACK_OFFS:
        if back > s:
            break
        bx, by = model.x + d[0] * (s - back), model.y + d[1] * (s - back)
        corners = {
            (fx, fy)
            for fx in (math.floor(bx), math.ceil(bx))
            for fy in (math.floor(by), math.ceil(by))
        }
        spots = sorted(corners, key=lambda p: (math.hypot(p[0] - bx, p[1] - by), p))
        for sx, sy in spots:
            spot = model.at(sx, sy)
            if _fits(state, spot, others, solid):
                return spot
    step = s / 2
    while step >= 1:
        spot = model.at(round(model.x + d[0] * step), round(model.y + d[1] * step))
        if _fits(state, spot, others, solid):
            return spot
        step /= 2
    return model


def _fits(state: WastelandState, spot: Model, others: list[Model], solid: list[Area]) -> bool:
    if not state.table.contains(spot):
        return False
    if any(overlaps(spot, o) for o in others):
        return False
    return not any(spot.shape().intersection(a.polygon).area > 0 for a in solid)
