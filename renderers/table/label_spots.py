"""Where the labels fixed to the table go (terrain areas, deployment zones): inside their
own shape and clear of the labels, tags and markers already placed, so that no two labels
overprint each other."""

from __future__ import annotations

from collections.abc import Sequence

from renderers.placement import OUTSIDE, Placer, Rect, text_box
from renderers.table.layout import Layout
from renderers.table.shapes import Point, contains, spots_around, spots_inside
from rules.geometry.units import PER_INCH

STEP = PER_INCH  # candidate spots an inch apart
TRIES = 400  # candidate spots looked at, at most, for one label
AROUND = 4 * PER_INCH  # how far outside its shape a crowded label may go


def within(points: Sequence[Point], box: Rect) -> bool:
    """Whether the box's corners all lie inside the polygon."""
    x0, y0, x1, y1 = box
    return all(contains(points, corner) for corner in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))


def place_inside(
    placer: Placer,
    lay: Layout,
    points: Sequence[Point],
    text: str,
    size: int,
    *,
    margin: float,
    inside: bool = True,
    around: bool = False,
    optional: bool = False,
) -> tuple[Point, Rect, bool] | None:
    """The spot for ``text`` inside the polygon (in drawing units) that covers nothing
    placed yet, the most central first; when every spot inside clashes, a free spot just
    outside it (and True: tie it to its shape with a leader line), else the least crowded
    spot. ``inside``: the whole label should also lie inside the polygon; ``around``: it
    may go outside when the polygon is crowded. The label's
    box then becomes an obstacle for the labels placed after it; it is returned with the
    spot. ``optional``: rather than the least crowded spot, no spot at all (None)."""
    best: tuple[int, Point, Rect, bool] | None = None
    for xy in spots_inside(points, lay.length(STEP))[:TRIES]:
        box = text_box(text, size, xy, "mm", margin)
        score = placer.clashes(box) + (OUTSIDE if inside and not within(points, box) else 0)
        if best is None or score < best[0]:
            best = (score, xy, box, False)
            if score == 0:
                break
    assert best is not None
    if best[0] > 0 and around:
        for xy in spots_around(points, lay.length(STEP), lay.length(AROUND))[:TRIES]:
            box = text_box(text, size, xy, "mm", margin)
            if placer.clashes(box) == 0:
                best = (0, xy, box, True)
                break
    if best[0] > 0 and optional:
        return None
    placer.rect(best[2])
    return best[1], best[2], best[3]
