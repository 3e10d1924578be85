"""Occupying buildings (004 Advanced Rules: Occupying buildings; Buildings and Ruins).

With the ``occupy_buildings`` option an intact building (a terrain area of class
``building``: solid and impassable) can be occupied. It is treated as a stationary *Open*
*Transport* model that cannot attack:

* a unit occupies it with a Move Action that places all its models within 3" of it, exactly
  as it would embark on a transport (``move embark <building>``); its occupants are
  embarked on it, may issue Orders and take Shoot or Cast Actions measured from it (004
  Open), and leave it with a disembarking Move;
* while occupied, the building is a Vehicle model of the occupying side (a
  :class:`~rules.wasteland.state.WUnit` with ``building`` set to the area id, one model);
  enemies can shoot and fight it, and Area Effect and Spray weapons gain Deadly 2 against
  it and make an extra free attack on its occupants (004 Open). Only units of the occupying
  side may join them (004 Transport: "other friendly models");
* a building nobody occupies is terrain again: its model leaves the table but keeps its
  wounds, and the next side to occupy it takes it over;
* when the building model is destroyed its occupants bail out with a Suppression marker and
  the area becomes Ruins (:func:`building_ruined`).

Light building: Life 5+; heavy or fortified building: Life 3+; both Open, Tough 10,
Transport 10, Vehicle. Umpire's readings: a building area that is also classed as Cover
(masonry) is heavy or fortified, any other is light; every building carries 10 models (the
source leaves "especially large" buildings to the players). The building model is the
largest round base that fits inside the area (at most 200 mm), at its middle, and
distances to and from the building are measured from that base.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from shapely import maximum_inscribed_circle
from shapely.geometry import Point as ShapelyPoint

from rules.core.names import normal
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.pieces import Area, Terrain
from rules.wasteland.content.special import UnitRule
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.effects import put
from rules.wasteland.events import TableSet
from rules.wasteland.facts.units import BuildingEmptied, BuildingRuined
from rules.wasteland.flow import Flow
from rules.wasteland.state import Fighter, WastelandState, WUnit

BuildingKind = Literal["light", "heavy"]
BUILDING_WEAPON = WeaponDef(id="building-none", name="No weapon", range=1, hit=11)
LIFE = {"light": 5, "heavy": 3}
NAMES = {"light": "Light building", "heavy": "Heavy building"}
CAPACITY = 10
WOUNDS = 10
MAX_BASE_MM = 200
MIN_BASE_MM = 20
RULE = "004 Occupying buildings"


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
def _footprint(area: Area) -> tuple[int, int, int]:
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
    base_mm = _footprint(area)[2] if area is not None else MAX_BASE_MM
    return building_profile(kind, CAPACITY, base_mm)


def intact(state: WastelandState) -> list[Area]:
    """Building areas that still stand."""
    return [a for a in state.table.areas if a.has(Terrain.BUILDING)]


def find_building(state: WastelandState, text: str) -> Area | None:
    """The intact building named by its area id (or a unique start of it)."""
    wanted = normal(text)
    if not wanted:
        return None
    areas = intact(state)
    exact = [a for a in areas if normal(a.id) == wanted]
    if exact:
        return exact[0]
    starts = [a for a in areas if normal(a.id).startswith(wanted)]
    return starts[0] if len(starts) == 1 else None


def entered(state: WastelandState, points: list[tuple[int, int]]) -> Area | None:
    """The intact building a move would end inside, when buildings may be occupied."""
    if not state.options.occupy_buildings:
        return None
    for area in intact(state):
        if any(area.polygon.contains(ShapelyPoint(p)) for p in points):
            return area
    return None


def occupants(state: WastelandState, building_id: str) -> list[WUnit]:
    return [
        u
        for u in state.units.values()
        if u.embarked_in == building_id and u.status == "embarked" and u.living
    ]


def occupation(state: WastelandState, name: str, seat: str) -> WUnit | Rejection | None:
    """The building model ``seat`` would embark on for ``move embark <name>`` (not yet in
    the state when nobody has occupied it before), a refusal, or None when ``name`` is not
    a building."""
    existing = state.units.get(name)
    if existing is not None and existing.building is None:
        return None  # a transport unit
    area = (
        area_of(state, existing.building or existing.id)
        if existing is not None
        else find_building(state, name)
    )
    if area is None:
        return None
    existing = existing or state.units.get(area.id)
    if not state.options.occupy_buildings:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "Intact buildings are impassable terrain; occupying them is an advanced rule this"
            " game does not use.",
            "004 Buildings and Ruins",
        )
    if not area.has(Terrain.BUILDING):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{name} is no longer an intact building (it is in ruins).",
            RULE,
        )
    held = existing is not None and existing.status == "table" and existing.seat != seat
    if held and existing is not None and occupants(state, existing.id):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{area.id} is occupied by {existing.seat}; only friendly models may join them.",
            "004 Transport",
        )
    if existing is not None:
        return existing.model_copy(update={"seat": seat, "status": "table"})
    kind = building_kind(area)
    x, y, _ = _footprint(area)
    return WUnit(
        id=area.id,
        seat=seat,
        group=0,
        profile=f"building-{kind}",
        name=f"{NAMES[kind]} {area.id}",
        models=(Fighter(id=f"{area.id}.1", x=x, y=y, wounds=WOUNDS),),
        starting=1,
        cost=0,
        status="table",
        building=area.id,
    )


def vacate_if_empty(flow: Flow, carrier_id: str | None) -> None:
    """A building its last occupant left is terrain again: its model leaves the table."""
    building = flow.state.units.get(carrier_id or "")
    if building is None or building.building is None or building.status != "table":
        return
    if occupants(flow.state, building.id):
        return
    put(flow, building.model_copy(update={"status": "reserve"}))
    flow.emit(BuildingEmptied(building=building.id))


def building_ruined(flow: Flow, area_id: str, kind: BuildingKind = "heavy") -> None:
    """The building area ``area_id`` becomes Ruins in place (same outline and id, no longer
    solid), so dangerous marks and visits keyed by the id still apply."""
    area = area_of(flow.state, area_id)
    if area is None:
        return
    screen = Terrain.COVER if kind == "heavy" else Terrain.CONCEALMENT
    ruins = Area(
        id=area.id,
        points=area.points,
        classes=(Terrain.RUINS, Terrain.DIFFICULT, screen),
        height=area.height,
    )
    table = flow.state.table
    areas = tuple(ruins if a.id == area_id else a for a in table.areas)
    flow.emit(TableSet(table=table.model_copy(update={"areas": areas})))
    flow.emit(BuildingRuined(area=area.id, screen=screen))
