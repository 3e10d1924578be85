"""Occupying buildings (004 Advanced Rules: Occupying buildings; Buildings and Ruins).

With the ``occupy_buildings`` option an intact building is both a terrain area of class
``building`` (solid, impassable) and a stationary *Transport* that cannot attack:

* the building unit is a :class:`~rules.wasteland.state.WUnit` with the profile of
  :func:`building_profile` (``building-light`` or ``building-heavy``), one model at the
  centre of the area, ``name`` set to the area's id, and ``seat`` the side occupying it;
* its occupants are units embarked on it (``status="embarked"``, ``embarked_in`` = the
  building unit's id), counted against Transport 10 (20 or more for especially large
  buildings);
* its placeholder weapon can never hit (profiles need a weapon; a building cannot attack);
* when the building unit is destroyed, :func:`building_ruined` turns its area into Ruins:
  Difficult Terrain and Cover for a heavy building, Concealment for a light one.
"""

from __future__ import annotations

from typing import Literal

from rules.geometry.pieces import Area, Terrain
from rules.wasteland.content.special import UnitRule
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.effects import say
from rules.wasteland.events import TableSet
from rules.wasteland.flow import Flow

BuildingKind = Literal["light", "heavy"]
BUILDING_WEAPON = WeaponDef(id="building-none", name="No weapon", range=1, hit=11)
LIFE = {"light": 5, "heavy": 3}
NAMES = {"light": "Light building", "heavy": "Heavy building"}


def building_profile(kind: BuildingKind, capacity: int = 10) -> UnitDef:
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
        base_mm=200,
        height="tall",
        weapons=(BUILDING_WEAPON.id,),
        rules=(
            UnitRule(kind="open"),
            UnitRule(kind="tough", value=10),
            UnitRule(kind="transport", value=capacity),
            UnitRule(kind="vehicle"),
        ),
    )


def building_ruined(flow: Flow, area_id: str, kind: BuildingKind = "heavy") -> None:
    """The building area ``area_id`` becomes Ruins in place (same outline and id, no longer
    solid), so dangerous marks and visits keyed by the id still apply."""
    area = next((a for a in flow.state.table.areas if a.id == area_id), None)
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
    say(flow, f"{area.id} collapses into ruins ({screen.value}, difficult terrain).")
