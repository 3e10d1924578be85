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
  the area becomes Ruins (:func:`rules.wasteland.ruins.building_ruined`).

Light building: Life 5+; heavy or fortified building: Life 3+; both Open, Tough 10,
Transport 10, Vehicle. Umpire's readings: a building area that is also classed as Cover
(masonry) is heavy or fortified, any other is light; every building carries 10 models (the
source leaves "especially large" buildings to the players). The building model is the
largest round base that fits inside the area (at most 200 mm), at its middle, and
distances to and from the building are measured from that base.
"""

from __future__ import annotations

from shapely.geometry import Point as ShapelyPoint

from rules.core.names import normal
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.pieces import Area, Terrain
from rules.wasteland.building_profiles import (
    NAMES,
    WOUNDS,
    area_of,
    building_kind,
    footprint,
)
from rules.wasteland.ruins import occupants
from rules.wasteland.seats import seat_label
from rules.wasteland.state import Fighter, WastelandState, WUnit

RULE = "004 Occupying buildings"


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
            f"{area.id} is occupied by {seat_label(existing.seat)}; only friendly models may "
            "join them.",
            "004 Transport",
        )
    if existing is not None:
        return existing.model_copy(update={"seat": seat, "status": "table"})
    kind = building_kind(area)
    x, y, _ = footprint(area)
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
