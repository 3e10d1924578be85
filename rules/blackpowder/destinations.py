"""Where a unit (or a dummy marker) might be sent, for the suggestions: as far as it may go
towards the enemy's table edge, towards the nearest cover, the nearest objective still to
reach, and the nearest enemy on the table (stopping well short of it). Each is tried on
the rules (``accepted``) at the full reach and at half of it, and only a point that would
be accepted is offered."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from shapely.geometry import Point as ShapelyPoint

from rules.blackpowder.board import Piece, area_type, pieces_of, shown_of
from rules.blackpowder.state import BPState, Marker, Point
from rules.core.language import Phrase
from rules.geometry.units import PER_INCH, inches

SHORT_OF_ENEMY = 2 * PER_INCH
"""How far short of the nearest enemy model a move towards it stops (no charge)."""
NEAREST = PER_INCH
"""A destination less than this from another one, or from where the mover stands, is not
offered again."""


@dataclass(frozen=True)
class Destination:
    """A point the mover's centre may be sent to, how far that is and what it goes for."""

    to: Point
    distance: int  # hundredths
    towards: Phrase


def destinations(
    state: BPState,
    mover: Piece,
    centre: Point,
    reach: int,
    accepted: Callable[[Point], bool],
) -> list[Destination]:
    """The points worth offering ``mover`` (standing at ``centre``, going at most
    ``reach`` hundredths), best first."""
    found: list[Destination] = []
    for target, most, towards in _aims(state, mover, centre, reach):
        for distance in (most, most // 2):
            if distance < NEAREST:
                break
            to = _along(centre, target, distance)
            if any(math.dist(to, d.to) < NEAREST for d in found) or not accepted(to):
                continue
            found.append(Destination(to=to, distance=distance, towards=towards))
            break
    return found


def _along(start: Point, target: Point, distance: int) -> Point:
    """The point ``distance`` hundredths from ``start`` towards ``target``, on the tenth of
    an inch a typed point is read to."""
    length = math.dist(start, target) or 1.0
    x = start[0] + (target[0] - start[0]) * distance / length
    y = start[1] + (target[1] - start[1]) * distance / length
    return 10 * round(x / 10), 10 * round(y / 10)


def _aims(
    state: BPState, mover: Piece, centre: Point, reach: int
) -> list[tuple[Point, int, Phrase]]:
    """Each aim: where it lies, the farthest the mover goes towards it, and its name."""
    assert state.table is not None
    first = mover.seat == state.seats[0]
    edge = (centre[0], 0 if first else state.table.depth)
    aims = [
        (
            edge,
            min(reach, abs(edge[1] - centre[1])),
            Phrase("the enemy's edge", "gegnerische Tischkante"),
        )
    ]
    here = ShapelyPoint(centre)
    covered = [
        area
        for area in state.table.areas
        if area_type(state, area).cover != "none" and not area.polygon.contains(here)
    ]
    if covered:
        area = min(covered, key=lambda a: (a.polygon.distance(here), a.id))
        inside = area.polygon.representative_point()
        kind = area_type(state, area)
        aims.append(
            (
                (round(inside.x), round(inside.y)),
                min(reach, round(here.distance(inside))),
                Phrase(f"cover ({kind.name})", f"Deckung ({kind.name_de})"),
            )
        )
    objectives = state.scenario.objectives if state.scenario is not None else ()
    if objectives:
        goal = min(objectives, key=lambda o: math.dist(centre, (inches(o.at[0]), inches(o.at[1]))))
        at = (inches(goal.at[0]), inches(goal.at[1]))
        if math.dist(centre, at) > 3 * PER_INCH:
            aims.append(
                (at, min(reach, round(math.dist(centre, at))), Phrase(goal.name, goal.name_de))
            )
    enemies = [
        (math.dist(centre, m.centre) - m.radius, m.centre, _name(enemy))
        for enemy in pieces_of(state, state.enemy(mover.seat))
        for m in shown_of(state, enemy)
    ]
    if enemies:
        gap, at, name = min(enemies)
        most = min(reach, round(gap) - SHORT_OF_ENEMY)
        if most > 0:
            aims.append((at, most, Phrase(name)))
    return aims


def _name(piece: Piece) -> str:
    return piece.id if isinstance(piece, Marker) else piece.piece
