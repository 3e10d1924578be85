"""The black-powder table seen through the shared geometry: units and markers as round
bases, the terrain areas with their types, and the obstacles as lines (readings 21, 26).

Models stand on round bases: 25 mm for a model on foot, 50 mm for a mounted model, an
artillery piece, a wagon or a canoe; a hidden-movement marker is a 40 mm counter
(readings 26 and 63).
"""

from __future__ import annotations

from shapely import LineString
from shapely.geometry import Point as ShapelyPoint

from rules.blackpowder.content.terrain import Cover, TerrainTypeDef
from rules.blackpowder.content.units import UnitDef
from rules.blackpowder.state import BPState, BPUnit, Marker, Obstacle
from rules.blackpowder.tables.spotting import COVER_ORDER
from rules.geometry.pieces import Area, Height, Model, Unit
from rules.geometry.units import mm

FOOT_BASE_MM = 25
LARGE_BASE_MM = 50
MARKER_MM = 40
ARTILLERY = "artillery"
"""The sheet's artillery weapon (reading 23): its unit is a large target."""


def artillery(profile: UnitDef) -> bool:
    """A unit carrying the sheet's artillery (reading 23)."""
    return ARTILLERY in profile.ranged


def large(profile: UnitDef) -> bool:
    """A large target: an artillery model, a wagon or a canoe (readings 23 and 63)."""
    return artillery(profile) or profile.vehicle is not None


def radius(profile: UnitDef) -> int:
    size = LARGE_BASE_MM if profile.mounted or large(profile) else FOOT_BASE_MM
    return mm(size) // 2


def models_of(state: BPState, unit: BPUnit) -> tuple[Model, ...]:
    """The unit's models where they truly stand (under a marker too)."""
    size = radius(state.profile(unit))
    height = Height.TALL if large(state.profile(unit)) else Height.MAN
    return tuple(Model(id=m.id, x=m.x, y=m.y, radius=size, height=height) for m in unit.models)


def geo_unit(state: BPState, unit: BPUnit) -> Unit:
    return Unit(id=unit.id, side=unit.seat, models=models_of(state, unit))


def in_the_way(state: BPState, mover: str) -> list[Unit]:
    """Every unit on show but ``mover``, for the geometry to keep moves off them; each
    model named ``model 3 of B4`` so that a refusal says whose model is in the way."""
    return [
        Unit(
            id=unit.id,
            side=unit.seat,
            models=tuple(
                m.model_copy(update={"id": f"model {m.id} of {unit.id}"})
                for m in models_of(state, unit)
            ),
        )
        for unit in state.on_table()
        if unit.id != mover and not unit.hidden
    ]


def marker_model(marker: Marker) -> Model:
    return Model(id=marker.id, x=marker.x, y=marker.y, radius=mm(MARKER_MM) // 2)


def shown_models(state: BPState, unit: BPUnit) -> tuple[Model, ...]:
    """What an enemy finds of the unit on the table: its marker while hidden, else its
    models."""
    if unit.marker is not None:
        return (marker_model(state.marker(unit.marker)),)
    return models_of(state, unit)


Piece = BPUnit | Marker
"""What stands on the table for a side: a unit (on show or under its marker) or a dummy
marker, which hides no unit (reading 12)."""


def pieces_of(state: BPState, seat: str) -> tuple[Piece, ...]:
    """The seat's units on the table and its dummy markers."""
    return (*state.on_table(seat), *state.dummies_of(seat))


def shown_of(state: BPState, piece: Piece) -> tuple[Model, ...]:
    """What an enemy finds of a piece on the table: a dummy's marker, a unit's marker
    while hidden, else its models."""
    if isinstance(piece, Marker):
        return (marker_model(piece),)
    return shown_models(state, piece)


def eyes_of(state: BPState, piece: Piece) -> tuple[Model, ...]:
    """Where a piece looks from: a unit's models where they truly stand, a dummy's marker."""
    if isinstance(piece, Marker):
        return (marker_model(piece),)
    return models_of(state, piece)


def area_type(state: BPState, area: Area) -> TerrainTypeDef:
    return state.terrain_types[state.terrain[area.id]]


def obstacle_type(state: BPState, obstacle: Obstacle) -> TerrainTypeDef:
    return state.terrain_types[obstacle.type]


def obstacle_line(obstacle: Obstacle) -> LineString:
    return LineString(obstacle.points)


def areas_at(state: BPState, point: tuple[int, int]) -> list[Area]:
    """The areas whose outline holds ``point``."""
    if state.table is None:
        return []
    spot = ShapelyPoint(point)
    return [a for a in state.table.areas if a.polygon.contains(spot)]


def best_cover(covers: list[Cover]) -> Cover:
    return max(covers, key=COVER_ORDER.index, default="none")
