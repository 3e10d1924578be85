"""Properties of the measured-table geometry, checked over many random layouts."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.geometry.formations import arrange, coherent_spacing
from rules.geometry.measure import centre_squared, gap, in_contact, incoherent, within
from rules.geometry.moves import moved_to, shifted, toward
from rules.geometry.pieces import Area, Height, Model, Table, Terrain, Unit
from rules.geometry.sight import Blockers, model_sees

coordinate = st.integers(0, 7200)
radius = st.integers(20, 99)
heights = st.sampled_from(list(Height)[1:])
models = st.builds(
    Model,
    id=st.sampled_from(["a", "b", "c"]),
    x=coordinate,
    y=coordinate,
    radius=radius,
    height=heights,
)
shapes = st.sampled_from(["line", "column", "blob"])


@given(models, models)
def test_distance_and_contact_are_symmetric(a: Model, b: Model) -> None:
    assert gap(a, b) == gap(b, a)
    assert in_contact(a, b) == in_contact(b, a)
    assert within(a, b, 200) == within(b, a, 200)


@given(models, models, models)
def test_triangle_inequality(a: Model, b: Model, c: Model) -> None:
    ab, bc, ac = (math.sqrt(centre_squared(*p)) for p in ((a, b), (b, c), (a, c)))
    assert ac <= ab + bc + 1e-9
    # edge to edge the middle base's width may be skipped, never more
    assert gap(a, c) <= gap(a, b) + gap(b, c) + 2 * b.radius + 1e-9


@given(
    shapes,
    st.integers(2, 12),
    radius,
    st.integers(800, 6400),
    st.integers(800, 4000),
    st.integers(-3000, 3000),
    st.integers(-3000, 3000),
)
def test_formations_stay_coherent_when_moved(
    shape: str, count: int, size: int, x: int, y: int, dx: int, dy: int
) -> None:
    unit = Unit(
        id="u", models=tuple(Model(id=f"m{i}", x=0, y=0, radius=size) for i in range(count))
    )
    placed = arrange(unit, shape, (x, y))  # type: ignore[arg-type]
    assert coherent_spacing(shape, size) >= 0  # type: ignore[arg-type]
    assert incoherent(placed.models) == []
    for moved in (shifted(placed, dx, dy), moved_to(placed, x + dx, y - dy)):
        assert incoherent(moved.models) == []
        # the formation itself is kept: every pairwise distance is unchanged
        before = sorted(centre_squared(p, q) for p in placed.models for q in placed.models)
        after = sorted(centre_squared(p, q) for p in moved.models for q in moved.models)
        assert before == after


@given(st.integers(100, 7000), st.integers(100, 4700), st.integers(10, 3000))
def test_moving_toward_closes_the_distance(x: int, y: int, distance: int) -> None:
    mover = Unit(id="m", models=(Model(id="m1", x=x, y=y, radius=49),))
    target = Unit(id="t", models=(Model(id="t1", x=3600, y=2400, radius=49),))
    before = gap(mover.models[0], target.models[0])
    after = gap(toward(mover, target, distance).models[0], target.models[0])
    assert after <= before + 1


@settings(max_examples=60)
@given(models, models, st.lists(models, max_size=4), st.booleans())
def test_sight_is_mutual(a: Model, b: Model, crowd: list[Model], hedge: bool) -> None:
    table = Table(
        areas=(
            Area(
                id="hedge",
                points=((3000, 0), (3200, 0), (3200, 4800), (3000, 4800)),
                classes=(Terrain.CONCEALMENT,),
                height=Height.MAN,
            ),
            Area(
                id="wood",
                points=((4000, 0), (4400, 0), (4400, 4800), (4000, 4800)),
                classes=(Terrain.CONCEALMENT,),
                height=Height.MAN,
            ),
        )
        if hedge
        else ()
    )
    others = [
        Unit(id=f"o{i}", models=(m.model_copy(update={"id": f"o{i}"}),))
        for i, m in enumerate(crowd)
    ]
    blockers = Blockers.of(others)
    ignore = frozenset({"a", "b"})
    assert model_sees(a, b, table, blockers, ignore) == model_sees(b, a, table, blockers, ignore)
