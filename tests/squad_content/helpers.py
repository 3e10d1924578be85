"""Force sizes and table measurements shared by the squad content tests."""

from __future__ import annotations

import re

from shapely import Polygon, box
from shapely.ops import unary_union

from rules.geometry.battlefields import AreaDef, BattlefieldDef
from rules.geometry.pieces import Height, Terrain
from rules.squad.content.catalog import Catalog
from rules.squad.content.factions import ForceDef

FORCE_SIZES = (350, 500, 750)
"""A ready-made force's id ends in its size; its points lie within 50 under it."""
SIZE_SLACK = 50
EDGE_STRIP = 10
"""Inches: the depth of the deployment strips along every edge and of the corner squares."""
SIGHT_BLOCKING = {Terrain.BUILDING, Terrain.RUINS, Terrain.COVER, Terrain.IMPASSABLE}


def force_size(force: ForceDef) -> int | None:
    """The size a force's id names (``tidewall-line-500`` is a 500-point force)."""
    found = re.search(r"-(\d+)$", force.id)
    return int(found.group(1)) if found else None


def force_points(catalog: Catalog, force: ForceDef) -> int:
    return sum(catalog.units[unit].points for unit in force.units)


def is_blocker(area: AreaDef) -> bool:
    """A building, or a tall ruin, cover or impassable piece: it hides a standing soldier."""
    if Terrain.BUILDING in area.classes:
        return True
    return area.height >= Height.TALL and bool(SIGHT_BLOCKING & set(area.classes))


def blocks_movement(area: AreaDef) -> bool:
    return Terrain.BUILDING in area.classes or Terrain.IMPASSABLE in area.classes


def deployment_ground(battlefield: BattlefieldDef) -> dict[str, Polygon]:
    """The strips along the four edges and the four corner squares."""
    w, d, e = battlefield.width, battlefield.depth, EDGE_STRIP
    return {
        "top strip": box(0, 0, w, e),
        "bottom strip": box(0, d - e, w, d),
        "left strip": box(0, 0, e, d),
        "right strip": box(w - e, 0, w, d),
        "top-left corner": box(0, 0, e, e),
        "top-right corner": box(w - e, 0, w, e),
        "bottom-left corner": box(0, d - e, e, d),
        "bottom-right corner": box(w - e, d - e, w, d),
    }


def long_edge_middles(battlefield: BattlefieldDef) -> list[Polygon]:
    """The middle 12 inches of each long edge, as deep as the deployment strip."""
    mid, e = battlefield.width / 2, EDGE_STRIP
    return [
        box(mid - 6, 0, mid + 6, e),
        box(mid - 6, battlefield.depth - e, mid + 6, battlefield.depth),
    ]


def covered_share(battlefield: BattlefieldDef, ground: Polygon) -> float:
    """How much of ``ground`` any terrain area covers (0 to 1)."""
    terrain = unary_union([Polygon(a.points) for a in battlefield.areas])
    return float(terrain.intersection(ground).area / ground.area)


def same_class_overlaps(battlefield: BattlefieldDef) -> list[tuple[str, str]]:
    shapes = [(a, Polygon(a.points)) for a in battlefield.areas]
    found = []
    for i, (first, one) in enumerate(shapes):
        for second, other in shapes[i + 1 :]:
            if set(first.classes) & set(second.classes) and one.intersection(other).area > 0:
                found.append((first.id, second.id))
    return found
