"""What becomes of a building when its occupants leave or its model is destroyed (004
Occupying buildings; Buildings and Ruins).

Destroying a unit (:mod:`rules.wasteland.effects`) and moving out of a building
(:mod:`rules.wasteland.moving`) both end here, so this module needs neither.
"""

from __future__ import annotations

from rules.geometry.pieces import Area, Terrain
from rules.wasteland.building_profiles import BuildingKind, area_of
from rules.wasteland.events import TableSet, UnitsChanged
from rules.wasteland.facts.units import BuildingEmptied, BuildingRuined
from rules.wasteland.flow import Flow
from rules.wasteland.state import WastelandState, WUnit


def occupants(state: WastelandState, building_id: str) -> list[WUnit]:
    return [
        u
        for u in state.units.values()
        if u.embarked_in == building_id and u.status == "embarked" and u.living
    ]


def vacate_if_empty(flow: Flow, carrier_id: str | None) -> None:
    """A building its last occupant left is terrain again: its model leaves the table."""
    building = flow.state.units.get(carrier_id or "")
    if building is None or building.building is None or building.status != "table":
        return
    if occupants(flow.state, building.id):
        return
    flow.emit(UnitsChanged(units=(building.model_copy(update={"status": "reserve"}),)))
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
