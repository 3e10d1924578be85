"""Force building and terrain checks shared by the Wasteland content tests."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from shapely import Polygon, box

from rules.geometry.battlefields import AreaDef, BattlefieldDef
from rules.geometry.pieces import Height, Terrain
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.units import UnitDef
from rules.wasteland.forces import LIMITS

PATROL_POINTS = 100
PLATOON_POINTS = 1000
# 004 Step 1: 1-2 Command, 3-6 Troops, 0-2 of each other type
PLATOON_LIMITS = LIMITS


def faction_units(catalog: Catalog, faction: str) -> list[UnitDef]:
    return [u for u in catalog.units.values() if catalog.unit_faction[u.id] == faction]


def leader(units: list[UnitDef]) -> UnitDef:
    """The cheapest Command unit with Leadership that may lead a patrol."""
    leaders = [u for u in units if u.type == "command" and u.has("leadership") and not u.big]
    return min(leaders, key=lambda u: u.points * u.min_models)


def patrol(units: list[UnitDef]) -> tuple[UnitDef, list[UnitDef]]:
    """A patrol: the cheapest leader plus as many of the cheapest single models as fit."""
    command = leader(units)
    spent = command.points * command.min_models
    others = sorted((u for u in units if u is not command and not u.big), key=lambda u: u.points)
    models: list[UnitDef] = []
    while others and spent + others[0].points <= PATROL_POINTS:
        models.append(others[0])
        spent += others[0].points
    return command, models


def platoon(units: list[UnitDef], size: Callable[[UnitDef], int]) -> list[tuple[UnitDef, int]]:
    """A greedy platoon: a leader and three Troops, then one unit of each type in turn
    (least-taken profile first) while points and the type limits allow. Transports count in
    their type and also against 'one per non-Vehicle/Monster unit'."""
    chosen: list[tuple[UnitDef, int]] = [(leader(units), size(leader(units)))]
    troops = sorted((u for u in units if u.type == "troops"), key=lambda u: u.points * size(u))
    chosen += [(troops[i % len(troops)], size(troops[i % len(troops)])) for i in range(3)]
    grew = True
    while grew:
        grew = False
        for kind in ("troops", "support", "spearhead", "fast", "heavy", "command"):
            spent = sum(u.points * n for u, n in chosen)
            taken = Counter(u.id for u, _ in chosen)
            if sum(1 for u, _ in chosen if u.type == kind) >= PLATOON_LIMITS[kind][1]:
                continue
            for unit in sorted(
                (u for u in units if u.type == kind),
                key=lambda u: (taken[u.id], u.points * size(u)),
            ):
                trial = [*chosen, (unit, size(unit))]
                if (
                    spent + unit.points * size(unit) <= PLATOON_POINTS
                    and platoon_problems(trial, final=False) == []
                ):
                    chosen = trial
                    grew = True
                    break
    return chosen


def platoon_problems(chosen: list[tuple[UnitDef, int]], *, final: bool = True) -> list[str]:
    problems = []
    counts: Counter[str] = Counter(u.type for u, _ in chosen)
    for kind, (low, high) in PLATOON_LIMITS.items():
        if counts[kind] > high or (final and counts[kind] < low):
            problems.append(f"{counts[kind]} {kind} units")
    transports = sum(1 for u, _ in chosen if u.has("transport"))
    if transports > sum(1 for u, _ in chosen if not u.big):
        problems.append("more transports than non-Vehicle/Monster units")
    for unit, models in chosen:
        if not unit.min_models <= models <= unit.max_models:
            problems.append(f"{unit.id} with {models} models")
    if sum(u.points * n for u, n in chosen) > PLATOON_POINTS:
        problems.append("over the points")
    return problems


SIGHT_BLOCKING = {Terrain.BUILDING, Terrain.IMPASSABLE, Terrain.COVER}


def is_blocker(area: AreaDef) -> bool:
    return area.height >= Height.TALL and bool(SIGHT_BLOCKING & set(area.classes))


def squares_without_blocker(battlefield: BattlefieldDef) -> list[tuple[int, int]]:
    """The 12 inch squares (top-left corners) that no large sight blocker reaches into."""
    blockers = [Polygon(a.points) for a in battlefield.areas if is_blocker(a)]
    missing = []
    for x in range(0, battlefield.width, 12):
        for y in range(0, battlefield.depth, 12):
            square = box(x, y, min(x + 12, battlefield.width), min(y + 12, battlefield.depth))
            if not any(b.intersection(square).area > 0 for b in blockers):
                missing.append((x, y))
    return missing


def same_class_overlaps(battlefield: BattlefieldDef) -> list[tuple[str, str]]:
    shapes = [(a, Polygon(a.points)) for a in battlefield.areas]
    found = []
    for i, (first, one) in enumerate(shapes):
        for second, other in shapes[i + 1 :]:
            if set(first.classes) & set(second.classes) and one.intersection(other).area > 0:
                found.append((first.id, second.id))
    return found


def across(shape: Polygon) -> float:
    """How far a piece is across: the longest side of the smallest rectangle around it."""
    rectangle = shape.minimum_rotated_rectangle
    assert isinstance(rectangle, Polygon)
    corners = list(rectangle.exterior.coords)
    return max(math.dist(corners[0], corners[1]), math.dist(corners[1], corners[2]))
