"""Deployment zones by the scenario's deployment and the number of seats (/rules deployment).

Edges: two seats face each other across the long edges; a third and fourth take the short
edges (between the long-edge strips). Corners: one corner each, in the order top-left,
bottom-right, top-right, bottom-left, so two seats are always opposite.
"""

from __future__ import annotations

from rules.geometry.units import PER_INCH
from rules.squad.content.scenarios import ScenarioDef
from rules.squad.state import Point

Outline = tuple[Point, ...]


def _box(x0: int, y0: int, x1: int, y1: int) -> Outline:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def zones(
    scenario: ScenarioDef, seats: tuple[str, ...], width: int, depth: int
) -> dict[str, Outline]:
    """Each seat's zone, in hundredths of an inch."""
    z = scenario.zone_depth * PER_INCH
    if scenario.deployment == "corners":
        w, d = 2 * z, round(z * 1.2)
        spots = [
            _box(0, 0, w, d),
            _box(width - w, depth - d, width, depth),
            _box(width - w, 0, width, d),
            _box(0, depth - d, w, depth),
        ]
    else:
        gap = 2 * PER_INCH
        spots = [
            _box(0, 0, width, z),
            _box(0, depth - z, width, depth),
            _box(0, z + gap, z, depth - z - gap),
            _box(width - z, z + gap, width, depth - z - gap),
        ]
    return {seat: spots[i] for i, seat in enumerate(seats)}


def centre_of(outline: Outline) -> Point:
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    return (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2


def contains(outline: Outline, x: int, y: int, margin: int = 0) -> bool:
    """Whether (x, y) lies in the (rectangular) zone at least ``margin`` from its edges."""
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    return min(xs) + margin <= x <= max(xs) - margin and min(ys) + margin <= y <= max(ys) - margin
