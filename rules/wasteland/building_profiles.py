"""The profile of an occupied building's model (004 Occupying buildings), sized to its area.

A pure lookup read by :func:`rules.wasteland.support.base_profile`, which every
``WastelandState.profile`` asks; it sits below the state's users so that the state's
profile lookup needs nothing that changes the game. :mod:`rules.wasteland.buildings` has
the rules for occupying a building.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from shapely import maximum_inscribed_circle

from rules.geometry.pieces import Area, Terrain
from rules.wasteland.content.special import UnitRule
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.state import WastelandState, WUnit

BuildingKind = Literal["light", "heavy"]
BUILDING_WEAPON = WeaponDef(id="building-none", name="No weapon", range=1, hit=11)
LIFE = {"light": 5, "heavy": 3}
NAMES = {"light": "Light building", "heavy": "Heavy building"}
CAPACITY = 10
WOUNDS = 10
MAX_BASE_MM = 200
MIN_BASE_MM = 20


@lru_cache(maxsize=64)
def building_profile(kind: BuildingKind, capacity: int = CAPACITY, base_mm: int = 200) -> UnitDef:
    """Light building: Life 5+; heavy or fortified building: Life 3+; both Open, Tough 10,
    Transport ``capacity`` (10 unless especially large), Vehicle, Move 0."""
    return UnitDef(
        id=f"building-{kind}",
        name=NAMES[kind],
        type="support",
        description="A stationary building that can be occupied; becomes Ruins when destroyed.",
        points=1,
        move=0,
        will=11,
        life=LIFE[kind],
        base_mm=base_mm,
        height="tall",
        weapons=(BUILDING_WEAPON.id,),
        rules=(
            UnitRule(kind="open"),
            UnitRule(kind="tough", value=WOUNDS),
            UnitRule(kind="transport", value=capacity),
            UnitRule(kind="vehicle"),
        ),
    )


def building_kind(area: Area) -> BuildingKind:
    """Heavy or fortified when the area is also Cover (masonry), light otherwise."""
    return "heavy" if area.has(Terrain.COVER) else "light"


@lru_cache(maxsize=256)
def footprint(area: Area) -> tuple[int, int, int]:
    """(x, y, base in mm) of the largest round base inside ``area``, at its middle."""
    polygon = area.polygon
    middle = polygon.centroid
    if polygon.contains(middle):
        x, y, radius = middle.x, middle.y, polygon.exterior.distance(middle)
    else:
        line = maximum_inscribed_circle(polygon, 1.0)
        start = line.coords[0]
        x, y, radius = start[0], start[1], line.length
    base_mm = round(2 * radius * 25.4 / 100)
    return round(x), round(y), max(MIN_BASE_MM, min(MAX_BASE_MM, base_mm))


def area_of(state: WastelandState, area_id: str) -> Area | None:
    return next((a for a in state.table.areas if a.id == area_id), None)


def profile_of(state: WastelandState, unit: WUnit) -> UnitDef:
    """The building model's profile: its kind, sized to its area."""
    kind: BuildingKind = "heavy" if unit.profile == "building-heavy" else "light"
    area = area_of(state, unit.building or unit.id)
    base_mm = footprint(area)[2] if area is not None else MAX_BASE_MM
    return building_profile(kind, CAPACITY, base_mm)
