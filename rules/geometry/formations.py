"""Formations: where the models of a unit stand relative to an anchor point.

* ``line``: side by side across the facing direction, centred on the anchor;
* ``column``: one behind another along the facing, the first on the anchor;
* ``blob``: a loose square-ish block centred on the anchor.

``spacing`` is the gap between neighbouring bases; by default the widest (up to an inch)
that keeps the usual 2-inch coherency.
"""

from __future__ import annotations

import math
from typing import Literal

from rules.geometry.pieces import Model, Unit
from rules.geometry.units import PER_INCH

Shape = Literal["line", "column", "blob"]


def _direction(facing: tuple[float, float]) -> tuple[float, float]:
    length = math.hypot(*facing)
    if length == 0:
        return 0.0, -1.0
    return facing[0] / length, facing[1] / length


def offsets(
    shape: Shape,
    count: int,
    radius: int,
    spacing: int = PER_INCH,
    facing: tuple[float, float] = (0, -1),
) -> list[tuple[int, int]]:
    """Positions relative to the anchor for ``count`` bases of ``radius``."""
    fx, fy = _direction(facing)
    sx, sy = -fy, fx  # across the facing
    step = 2 * radius + spacing
    found: list[tuple[float, float]] = []
    if shape == "line":
        for i in range(count):
            k = (i - (count - 1) / 2) * step
            found.append((sx * k, sy * k))
    elif shape == "column":
        for i in range(count):
            found.append((-fx * i * step, -fy * i * step))
    else:
        per_row = max(1, math.ceil(math.sqrt(count)))
        rows = math.ceil(count / per_row)
        for i in range(count):
            row, col = divmod(i, per_row)
            across = (col - (per_row - 1) / 2) * step
            back = (row - (rows - 1) / 2) * step
            found.append((sx * across - fx * back, sy * across - fy * back))
    return [(round(x), round(y)) for x, y in found]


def coherent_spacing(shape: Shape, radius: int, reach: int = 2 * PER_INCH) -> int:
    """The widest gap between bases (at most an inch) that keeps every model of the shape
    within ``reach`` of two others: the second neighbour along a line or column, the
    diagonal neighbour in a blob."""
    if shape == "blob":
        limit = math.floor((reach + 2 * radius) / math.sqrt(2) - 2 * radius)
    else:
        limit = (reach - 2 * radius) // 2
    # positions are rounded to whole hundredths: keep two in hand
    return max(0, min(PER_INCH, limit - 2))


def arrange(
    unit: Unit,
    shape: Shape,
    anchor: tuple[int, int],
    *,
    facing: tuple[float, float] = (0, -1),
    spacing: int | None = None,
) -> Unit:
    """The unit with its models placed in ``shape`` at ``anchor`` (model order kept).

    Without a ``spacing`` the widest coherent one is used."""
    radius = max(m.radius for m in unit.models)
    if spacing is None:
        spacing = coherent_spacing(shape, radius)
    spots = offsets(shape, len(unit.models), radius, spacing, facing)
    moved = tuple(
        m.at(anchor[0] + dx, anchor[1] + dy) for m, (dx, dy) in zip(unit.models, spots, strict=True)
    )
    return unit.model_copy(update={"models": moved})


def centroid(models: tuple[Model, ...] | list[Model]) -> tuple[int, int]:
    return (
        round(sum(m.x for m in models) / len(models)),
        round(sum(m.y for m in models) / len(models)),
    )
