"""Outlines taken apart shape by shape and put back together are the outlines of all the
shapes at once (units' outlines are kept per unit and joined for each position)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from shapely import LineString, Point, Polygon

from rules.geometry.outlines import Outlines


def _same(a: Outlines, b: Outlines) -> None:
    for name in ("kinds", "first", "count", "whole", "bounds", "edges"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    for name in ("cx", "cy", "inner", "outer"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    # pieces with fewer edges than the widest repeat their first edge: compare the edges
    # each piece has
    for name in ("nx", "ny", "off"):
        left, right = getattr(a, name), getattr(b, name)
        for piece, edges in enumerate(a.edges.tolist()):
            assert np.array_equal(left[piece, :edges], right[piece, :edges]), name


def test_parts_joined_again_are_the_whole() -> None:
    shapes = [
        Point(100, 100).buffer(50, quad_segs=8),  # a base: a many-sided piece
        Polygon([(0, 0), (400, 0), (400, 100), (100, 100), (100, 300), (0, 300)]),  # an L
        LineString([(500, 500), (700, 520)]),  # the gap of a two-model unit
        Point(900, 900),  # models on one spot: no pieces
        Polygon([(0, 0), (30, 0), (0, 30)]),
    ]
    whole = Outlines.of(shapes)
    for cuts in ([0, 5], [0, 1, 5], [0, 2, 3, 5], [0, 1, 2, 3, 4, 5], [0, 3, 4, 5]):
        parts = [whole.part(a, b) for a, b in pairwise(cuts)]
        _same(Outlines.joined(parts), whole)
        each = [Outlines.of(shapes[a:b]) for a, b in pairwise(cuts)]
        _same(Outlines.joined(each), whole)
