"""The shortcuts a move check takes agree with the exact polygon tests they stand for."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely import LineString

from rules.geometry.moves import _deep, _segment_gap, _swept, plan
from rules.geometry.pieces import Model, Table, Unit

coordinate = st.integers(0, 2000)
radius = st.integers(1, 500)


@settings(max_examples=3000, deadline=None)
@given(coordinate, coordinate, coordinate, coordinate, coordinate, coordinate, radius, radius)
def test_a_base_deep_in_a_path_surely_shares_its_area(
    x0: int, y0: int, x1: int, y1: int, x: int, y: int, mover: int, other: int
) -> None:
    assume((x0, y0) != (x1, y1))  # only a path that goes somewhere is swept
    origin = Model(id="m", x=x0, y=y0, radius=mover)
    model = Model(id="m", x=x1, y=y1, radius=mover)
    base = Model(id="o", x=x, y=y, radius=other)
    gap = _segment_gap((x0, y0), (x1, y1), (x, y))
    shared = _swept(origin, model).intersection(base.shape()).area
    if _deep(gap, mover, other):
        assert shared > 1
    if gap >= mover + other:  # the true shapes do not meet: nor do the polygons
        assert shared <= 1


@settings(max_examples=2000, deadline=None)
@given(coordinate, coordinate, coordinate, coordinate)
def test_a_path_is_measured_as_shapely_measures_it(x0: int, y0: int, x1: int, y1: int) -> None:
    before = Unit(id="u", models=(Model(id="m", x=x0, y=y0, radius=50),))
    after = Unit(id="u", models=(Model(id="m", x=x1, y=y1, radius=50),))
    leg = plan(before, after, Table(), []).legs[0]
    assert leg.length == LineString([(x0, y0), (x1, y1)]).length
