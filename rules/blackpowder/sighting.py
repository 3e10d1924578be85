"""Spotting on the table (reading 11): the line between the nearest models, what it
crosses, and the spotting table's verdict through :func:`rules.blackpowder.tables.spotting.spot`.

A high area blocks a line that runs more than 6" inside it (reading 21: it blocks sight
through it beyond 6" of its edge; reading 25). Models never block sight.
"""

from __future__ import annotations

from shapely import LineString
from shapely.geometry import Point as ShapelyPoint

from rules.blackpowder.board import (
    Piece,
    area_type,
    best_cover,
    eyes_of,
    large,
    obstacle_line,
    obstacle_type,
    pieces_of,
    shown_of,
)
from rules.blackpowder.state import BPState, Marker
from rules.blackpowder.tables.spotting import (
    OBSTACLE_REACH,
    ObstacleOnSight,
    SightLine,
    Spotting,
    Target,
    spot,
)
from rules.geometry.measure import closest_pair
from rules.geometry.pieces import Model
from rules.geometry.sight import areas_crossed
from rules.geometry.units import PER_INCH

HIGH_AREA_SIGHT = 6 * PER_INCH
"""Hundredths: how far sight reaches into a high area."""


def blocked(state: BPState, eye: Model, seen: Model) -> bool:
    """Whether a high area holds more than 6" of the line between the two centres."""
    assert state.table is not None
    return any(
        area_type(state, area).height == "high" and length > HIGH_AREA_SIGHT
        for area, length in areas_crossed(eye.centre, seen.centre, state.table)
    )


def sight_line(state: BPState, eye: Model, seen: Model) -> tuple[SightLine, Target]:
    """What the spotting table asks about the line from ``eye`` to ``seen``: the obstacles
    it crosses (and which end stands within 2" of each), its inches through cover areas,
    and the cover of the area ``seen`` stands in."""
    assert state.table is not None
    light = heavy = 0.0
    for area, length in areas_crossed(eye.centre, seen.centre, state.table):
        cover = area_type(state, area).cover
        if cover == "light":
            light += length
        elif cover in ("medium", "hard"):
            heavy += length
    line = LineString([eye.centre, seen.centre])
    here, there = ShapelyPoint(eye.centre), ShapelyPoint(seen.centre)
    crossed: list[ObstacleOnSight] = []
    for obstacle in state.obstacles:
        wall = obstacle_line(obstacle)
        if not line.intersects(wall):
            continue
        crossed.append(
            ObstacleOnSight(
                cover=obstacle_type(state, obstacle).cover,
                near_target=wall.distance(there) <= OBSTACLE_REACH * PER_INCH + seen.radius,
                near_spotter=wall.distance(here) <= OBSTACLE_REACH * PER_INCH + eye.radius,
            )
        )
    covers = [
        area_type(state, area).cover for area in state.table.areas if area.polygon.contains(there)
    ]
    sight = SightLine(
        obstacles=tuple(crossed), light_inches=light / PER_INCH, heavy_inches=heavy / PER_INCH
    )
    return sight, Target(area_cover=best_cover(covers))


def spotting(state: BPState, spotter: Piece, target: Piece) -> Spotting | None:
    """Whether ``spotter`` spots ``target`` (as the table shows it: a marker while hidden),
    judged on the line between their nearest models; None when a high area blocks it.

    A marker is spotted as a marker: its own -2, powder smoke and the terrain count, never
    what the unit under it is (mounted, a wagon, scouts or locals), or whether it hides a
    unit at all, which the marker does not show (reading 12). A dummy marker looks out from
    itself, as a unit with no special rules would."""
    pair = closest_pair(eyes_of(state, spotter), shown_of(state, target))
    if pair is None:
        return None
    eye, seen, gap = pair
    if blocked(state, eye, seen):
        return None
    sight, where = sight_line(state, eye, seen)
    if isinstance(target, Marker):
        about = Target(hidden_marker=True, area_cover=where.area_cover)
    else:
        profile = state.profile(target)
        shown = not target.hidden
        about = Target(
            powder_smoke=target.smoke,
            mounted=profile.mounted and shown,
            large=large(profile) and shown,
            scouts_or_locals=(profile.has("scouts") or profile.has("locals")) and shown,
            hidden_marker=target.hidden,
            area_cover=where.area_cover,
        )
    scouts = not isinstance(spotter, Marker) and state.profile(spotter).has("scouts")
    return spot(gap / PER_INCH, about, sight, spotter_scouts=scouts, weather=state.options.weather)


def spots(state: BPState, spotter: Piece, target: Piece) -> bool:
    found = spotting(state, spotter, target)
    return found is not None and found.spotted


def seen_by_enemy(state: BPState, target: Piece) -> bool:
    """Whether any enemy unit, or dummy marker, on the table spots ``target``."""
    return any(spots(state, enemy, target) for enemy in pieces_of(state, state.enemy(target.seat)))
