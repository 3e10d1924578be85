"""A move action (reading 10, 003 Bewegung): every model of the unit moves up to the
unit's allowance, worked out by :func:`rules.blackpowder.tables.movement.movement_allowance`
from the special rules, the enemy within 24", the going of every area the models' paths
touch, the low obstacles crossed and a move wholly along a road. The shared geometry
checks the rest (the table's edge, other units' bases).

A unit under a hidden-movement marker moves the same way; in public only its marker moves
(reading 12). Markers and the units under them never stop another unit's move (reading 26).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely import LineString, unary_union

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.board import (
    Piece,
    area_type,
    eyes_of,
    geo_unit,
    in_the_way,
    models_of,
    obstacle_line,
    obstacle_type,
    pieces_of,
    shown_of,
)
from rules.blackpowder.content.terrain import Going
from rules.blackpowder.content.units import SpecialRule
from rules.blackpowder.events import HiddenMoved, MarkerMoved, Moved
from rules.blackpowder.landing import counter_at, landing
from rules.blackpowder.phrasebook import joined, modifiers, problem, say
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.state import BPState, BPUnit, Marker, Obstacle, Point
from rules.blackpowder.tables.movement import (
    BASE_INCHES,
    ENEMY_FREE_RADIUS,
    Allowance,
    RoadUse,
    movement_allowance,
)
from rules.core.language import Phrase
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.geometry.formations import centroid
from rules.geometry.measure import within
from rules.geometry.moves import MovePlan, moved_to, plan
from rules.geometry.pieces import Model, Unit
from rules.geometry.units import PER_INCH, show

GOING_ORDER: tuple[Going, ...] = ("open", "difficult", "very-difficult")
ROAD_SLACK = 1  # hundredths of a path allowed off the road


@dataclass(frozen=True)
class Route:
    """A checked move: where the models end, the farthest any goes and the allowance."""

    unit: BPUnit
    after: Unit
    distance: int
    allowance: Allowance
    to: Point | None = None  # the point the unit's centre was sent to, if any


def enemy_near(state: BPState, piece: Piece) -> bool:
    """Whether an enemy model or marker (a dummy too: nobody can tell it from the others)
    is within 24" of one of the piece's models."""
    reach = ENEMY_FREE_RADIUS * PER_INCH
    own = eyes_of(state, piece)
    return any(
        within(mine, theirs, reach)
        for enemy in pieces_of(state, state.enemy(piece.seat))
        for theirs in shown_of(state, enemy)
        for mine in own
    )


def _terrain(state: BPState, moved: MovePlan) -> tuple[Going, bool, list[str], list[str], bool]:
    """The worst going touched, whether a building is entered, the low and the high
    obstacles crossed, and whether every path lies on a road."""
    assert state.table is not None
    worst: Going = "open"
    building = False
    low: list[str] = []
    high: list[str] = []
    areas = {a.id: a for a in state.table.areas}
    roads = [a.polygon for a in state.table.areas if area_type(state, a).road]
    road = unary_union(roads) if roads else None
    on_road = True
    paths = [leg for leg in moved.legs if leg.length > 0]
    for leg in paths:
        path = LineString([leg.start, leg.end])
        for area_id, _, _ in leg.terrain:
            kind = area_type(state, areas[area_id])
            worst = max(worst, kind.going, key=GOING_ORDER.index)
            building = building or kind.building
        for obstacle in state.obstacles:
            if obstacle.id in low or obstacle.id in high:
                continue
            if path.intersects(obstacle_line(obstacle)):
                kind = obstacle_type(state, obstacle)
                (high if kind.height == "high" else low).append(obstacle.id)
        if road is None or path.difference(road).length > ROAD_SLACK:
            on_road = False
    return worst, building, low, high, on_road and bool(paths)


def route(state: BPState, unit: BPUnit, to: Point) -> Route | Rejection:
    """Checks moving ``unit`` so its centre ends at ``to``."""
    counter = counter_at(unit.piece, unit.seat, to) if unit.hidden else None
    found = checked(state, unit, moved_to(geo_unit(state, unit), *to), counter=counter)
    if isinstance(found, Rejection):
        return found
    return Route(
        unit=found.unit,
        after=found.after,
        distance=found.distance,
        allowance=found.allowance,
        to=to,
    )


def checked(
    state: BPState,
    unit: BPUnit,
    after: Unit,
    charging: BPUnit | None = None,
    counter: Model | None = None,
) -> Route | Rejection:
    """Checks moving ``unit``'s models to ``after`` (and its marker's ``counter``, when it
    moves under one); a charge (``charging`` its target) may end in base contact with the
    target, and only with it."""
    assert state.table is not None
    before = geo_unit(state, unit)
    moved = plan(before, after, state.table, in_the_way(state, unit.id))
    if not moved.ok:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("cannot-go-there", piece=unit.piece, problem=problem(moved.problems[0])),
            cited(rule.MOVEMENT),
        )
    ending = landing(state, unit.piece, unit.seat, after.models, counter)
    if ending is not None:
        return reject(RejectionCode.ILLEGAL_MOVE, ending, cited(rule.LANDING))
    if _contact_with_enemy(state, unit, after, charging):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("would-charge", piece=unit.piece)
            if charging is None
            else f"{unit.piece} would end in base contact with another enemy unit than"
            f" {charging.id}.",
            cited(rule.ACTIONS),
        )
    allowance = allowance_for(state, unit, moved)
    if isinstance(allowance, Rejection):
        return allowance
    distance = round(moved.longest)
    if distance > allowance.inches * PER_INCH:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            say(
                "too-far",
                piece=unit.piece,
                allowance=shown_allowance(allowance),
                distance=show(distance),
            ),
            cited(rule.MOVEMENT),
        )
    return Route(unit=unit, after=after, distance=distance, allowance=allowance)


def allowance_for(state: BPState, unit: BPUnit, moved: MovePlan) -> Allowance | Rejection:
    """The unit's allowance for the paths of ``moved`` (their terrain); a high obstacle on
    the way is refused."""
    column = len(unit.models) == 1 or unit.formation == "column"
    return terrain_allowance(
        state,
        unit.piece,
        (state.profile(unit).special_rules,),
        enemy_near(state, unit),
        moved,
        column,
    )


def terrain_allowance(
    state: BPState,
    piece: str,
    rules: tuple[tuple[SpecialRule, ...], ...],
    enemy_within_24: bool,
    moved: MovePlan,
    column: bool,
) -> Allowance | Rejection:
    """The best allowance any of ``rules`` (each a unit's special rules) gives for the paths
    of ``moved``; a high obstacle on the way is refused."""
    going, building, low, high, on_road = _terrain(state, moved)
    if high:
        names = joined([_obstacle(state, o) for o in state.obstacles if o.id in high])
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("high-obstacle", piece=piece, names=names),
            cited(rule.TERRAIN),
        )
    road: RoadUse | None = None
    if on_road:
        road = "column" if column else "other"
    return max(
        (
            movement_allowance(
                special,
                enemy_within_24=enemy_within_24,
                entering=going,
                building=building,
                low_obstacles=len(low),
                road=road,
            )
            for special in rules
        ),
        key=lambda allowance: allowance.inches,
    )


def shown_allowance(allowance: Allowance) -> Phrase:
    """``4" (base 4": no modifiers)`` in English and German."""
    used = modifiers([m.shown() for m in allowance.modifiers])
    return say("allowance", inches=allowance.inches, base=BASE_INCHES, modifiers=used)


def _obstacle(state: BPState, obstacle: Obstacle) -> Phrase:
    """An obstacle's name; in German, its terrain type's."""
    kind = state.terrain_types.get(obstacle.type)
    return Phrase(obstacle.name, kind.name_de if kind is not None else None)


def _contact_with_enemy(
    state: BPState, unit: BPUnit, after: Unit, allowed: BPUnit | None = None
) -> bool:
    for enemy in state.on_table(state.enemy(unit.seat)):
        if enemy.hidden or (allowed is not None and enemy.id == allowed.id):
            continue
        for theirs in models_of(state, enemy):
            if any(within(mine, theirs, 1) for mine in after.models):
                return True
    return False


def move_events(state: BPState, found: Route) -> list[Moved | MarkerMoved | HiddenMoved]:
    """The events of a checked move: in public the unit's models, or only its marker, which
    goes to the point the unit was sent to, the distance measured from where the marker
    stood (the models' own paths are told only to the owner)."""
    unit = found.unit
    positions = tuple(m.centre for m in found.after.models)
    shown = tuple(m.shown() for m in found.allowance.modifiers)
    if unit.marker is None:
        return [
            Moved(
                unit=unit.id,
                positions=positions,
                distance=found.distance,
                allowance=found.allowance.inches,
                modifiers=shown,
            )
        ]
    return [
        HiddenMoved(
            unit=unit.id,
            positions=positions,
            allowance=found.allowance.inches,
            modifiers=shown,
            visibility=only(unit.seat),
        ),
        _marker_moved(state.marker(unit.marker), found.to or centroid(found.after.models)),
    ]


def _marker_moved(marker: Marker, to: Point) -> MarkerMoved:
    return MarkerMoved(
        marker=marker.id, at=to, distance=round(math.hypot(to[0] - marker.x, to[1] - marker.y))
    )
