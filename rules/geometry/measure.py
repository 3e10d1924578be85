"""Distances, base contact and coherency, in exact integer arithmetic where it matters.

* Distances between models run edge to edge: centre distance minus both radii, never
  negative. "Within d" compares squares of integers, so it is exact and symmetric.
* Between units, distance is that of the two closest models (a system may first filter
  the models to the visible ones).
* Coherency: every model of a multi-model unit within a given reach of at least two others
  (one for a unit of two).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from rules.core.by_identity import ByIdentity
from rules.geometry.pieces import Model, Unit
from rules.geometry.units import PER_INCH

CONTACT_SLACK = 1  # a hundredth of an inch: bases that close are touching


def centre_squared(a: Model, b: Model) -> int:
    dx, dy = a.x - b.x, a.y - b.y
    return dx * dx + dy * dy


def gap(a: Model, b: Model) -> float:
    """Edge-to-edge distance in hundredths (0 when the bases touch or overlap)."""
    return max(0.0, math.sqrt(centre_squared(a, b)) - a.radius - b.radius)


def within(a: Model, b: Model, reach: int) -> bool:
    """Whether the bases are no more than ``reach`` hundredths apart, edge to edge."""
    limit = reach + a.radius + b.radius
    return centre_squared(a, b) <= limit * limit


def in_contact(a: Model, b: Model) -> bool:
    return within(a, b, CONTACT_SLACK)


def overlaps(a: Model, b: Model) -> bool:
    """Whether the bases overlap (touching is allowed)."""
    limit = a.radius + b.radius
    return centre_squared(a, b) < limit * limit


def closest_pair(
    first: Iterable[Model], second: Iterable[Model]
) -> tuple[Model, Model, float] | None:
    """The two closest models, one from each group, with their gap; ties go to ids."""
    best: tuple[float, str, str, Model, Model] | None = None
    others = list(second)
    for a in first:
        for b in others:
            candidate = (gap(a, b), a.id, b.id, a, b)
            if best is None or candidate[:3] < best[:3]:
                best = candidate
    if best is None:
        return None
    return best[3], best[4], best[0]


_UNIT_GAPS: ByIdentity[Unit, ByIdentity[Unit, float]] = ByIdentity(4096)


def unit_gap(a: Unit, b: Unit) -> float:
    """The gap between the two units' closest models (remembered per pair of unit
    objects: sorting units by distance and labelling them asks for each gap again)."""
    known = _UNIT_GAPS.get(a)
    if known is None:
        known = _UNIT_GAPS.put(a, ByIdentity(256))
    found = known.get(b)
    if found is not None:
        return found
    pair = closest_pair(a.models, b.models)
    return known.put(b, pair[2] if pair else math.inf)


def boxes_near(
    box: tuple[int, int, int, int, int],
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    reach: float,
) -> bool:
    """Whether the box (least and greatest x and y, as :func:`extent` gives) comes within
    ``reach`` of the box from (x0, y0) to (x1, y1) along both x and y."""
    return not (
        box[0] - x1 > reach or x0 - box[2] > reach or box[1] - y1 > reach or y0 - box[3] > reach
    )


def units_in_contact(a: Unit, b: Unit) -> bool:
    ax0, ay0, ax1, ay1, ar = extent(a)
    box = extent(b)
    if not boxes_near(box, ax0, ay0, ax1, ay1, ar + box[4] + CONTACT_SLACK):
        return False  # bases further apart along x or y cannot touch
    return any(in_contact(x, y) for x in a.models for y in b.models)


_EXTENTS: ByIdentity[Unit, tuple[int, int, int, int, int]] = ByIdentity(4096)


def extent(unit: Unit) -> tuple[int, int, int, int, int]:
    """The least and greatest x and y of the unit's centres, and its largest radius
    (remembered per unit object)."""
    known = _EXTENTS.get(unit)
    if known is not None:
        return known
    xs, ys = [m.x for m in unit.models], [m.y for m in unit.models]
    widest = max(m.radius for m in unit.models)
    return _EXTENTS.put(unit, (min(xs), min(ys), max(xs), max(ys), widest))


def incoherent(models: Sequence[Model], reach: int = 2 * PER_INCH) -> list[Model]:
    """Models not within ``reach`` of enough others (two; one in a unit of two)."""
    if len(models) < 2:
        return []
    needed = 1 if len(models) == 2 else 2
    return [
        m
        for m in models
        if sum(1 for other in models if other is not m and within(m, other, reach)) < needed
    ]
