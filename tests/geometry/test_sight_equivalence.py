"""The batched sight answers against the rule followed literally, line by line.

The reference draws the five lines of every model pair with shapely (``sight_lines``) and
asks :meth:`Blockers.blocks` (other units' bases and the gaps between their models) and
:func:`terrain_blocks` (cover, two concealment areas, walls; heights) about each one; a
model sees another when one line is blocked by neither, a unit sees another when one of
its models sees one of the other's.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import LineString, Polygon
from shapely.geometry import Point

from rules.geometry import compiled, seeing
from rules.geometry.outlines import Outlines, tangents
from rules.geometry.pieces import Area, Height, Model, Table, Terrain, Unit
from rules.geometry.sight import (
    Blockers,
    any_visible,
    sight_lines,
    terrain_blocks,
    visible_among,
)
from rules.geometry.units import inches
from rules.wasteland import table as wt_table
from rules.wasteland.content.loading import load_catalog
from rules.wasteland.state import WastelandState, WUnit
from tests.wasteland.builders import battle, profile, unit

ENGINES = [
    "arrays",
    pytest.param(
        "compiled",
        marks=pytest.mark.skipif(not compiled.AVAILABLE, reason="built without a C compiler"),
    ),
]


@pytest.fixture(scope="module", params=ENGINES, autouse=True)
def engine(request: pytest.FixtureRequest) -> object:
    """Every test here runs against the array code alone and against the compiled kernel
    (which hands what it cannot tell to the array code)."""
    before = compiled.AVAILABLE
    compiled.AVAILABLE = request.param == "compiled"
    wt_table._SEEN.clear()  # answers found by the other engine are not reused
    yield request.param
    compiled.AVAILABLE = before
    wt_table._SEEN.clear()


def reference_pair(
    a: Model, b: Model, table: Table, blockers: Blockers, ignore: frozenset[str]
) -> bool:
    low = min(a.height, b.height)
    return any(
        not blockers.blocks(line, low, ignore) and not terrain_blocks(line, a, b, table)
        for line in sight_lines(a, b)
    )


def reference_units(viewer: Unit, target: Unit, table: Table, everyone: list[Unit]) -> bool:
    blockers = Blockers.of(u for u in everyone if u.id not in (viewer.id, target.id))
    ignore = frozenset({viewer.id, target.id})
    return any(
        reference_pair(a, b, table, blockers, ignore) for a in viewer.models for b in target.models
    )


HEIGHTS = st.sampled_from([Height.LOW, Height.MAN, Height.TALL])
KINDS = st.sampled_from(
    [
        (Terrain.COVER,),
        (Terrain.CONCEALMENT,),
        (Terrain.RUINS, Terrain.COVER),
        (Terrain.BUILDING,),
        (Terrain.IMPASSABLE,),
        (Terrain.DIFFICULT,),
    ]
)


@st.composite
def units(draw: st.DrawFn, name: str) -> Unit:
    """A unit of 1-5 bases, in a loose row or on top of one another's edges."""
    x, y = draw(st.integers(200, 2200)), draw(st.integers(200, 2200))
    radius = draw(st.sampled_from([50, 98, 200]))
    height = draw(HEIGHTS)
    count = draw(st.integers(1, 5))
    step = draw(st.sampled_from([0, 2 * radius, 150, 300]))
    tilt = draw(st.integers(-150, 150))
    models = tuple(
        Model(id=f"{name}.{i}", x=x + i * step, y=y + i * tilt, radius=radius, height=height)
        for i in range(count)
    )
    return Unit(id=name, side=name, models=models)


@st.composite
def areas(draw: st.DrawFn, name: str) -> Area:
    x, y = draw(st.integers(0, 2400)), draw(st.integers(0, 2400))
    w, h = draw(st.integers(40, 900)), draw(st.integers(40, 900))
    if draw(st.booleans()):
        points: tuple[tuple[int, int], ...] = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    else:  # an L: not convex
        points = ((x, y), (x + w, y), (x + w, y + h // 3), (x + w // 3, y + h // 3))
        points += ((x + w // 3, y + h), (x, y + h))
    return Area(id=name, points=points, classes=draw(KINDS), height=draw(HEIGHTS))


@st.composite
def layouts(draw: st.DrawFn) -> tuple[list[Unit], Table]:
    crowd = [draw(units(f"u{i}")) for i in range(draw(st.integers(2, 6)))]
    terrain = tuple(draw(areas(f"t{i}")) for i in range(draw(st.integers(0, 5))))
    return crowd, Table(areas=terrain)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(layouts())
def test_batched_answers_follow_the_rule_line_by_line(layout: tuple[list[Unit], Table]) -> None:
    crowd, table = layout
    for viewer in crowd:
        others = [u for u in crowd if u.id != viewer.id]
        expected = [reference_units(viewer, t, table, crowd) for t in others]
        blockers = Blockers.of(u for u in crowd if u.id != viewer.id)
        parties = [seeing.Party(t.models, frozenset({viewer.id, t.id})) for t in others]
        assert seeing.judge_any(viewer.models, parties, table, blockers.crowd) == expected
        every = Blockers.of(crowd)
        groups = [u.models for u in crowd]
        eyes = [crowd.index(viewer)] * len(others)
        assert seeing.judge_each(groups, parties, eyes, table, every.crowd) == expected
        for target, seen in zip(others, expected, strict=True):
            alone = Blockers.of(u for u in crowd if u.id not in (viewer.id, target.id))
            ignore = frozenset({viewer.id, target.id})
            assert any_visible(viewer.models, target.models, table, alone, ignore) == seen
            pairs = visible_among(viewer.models, target.models, table, alone, ignore)
            assert pairs == [
                (a, b)
                for a in viewer.models
                for b in target.models
                if reference_pair(a, b, table, alone, ignore)
            ]


def busy_position(seed: int, per_side: int) -> WastelandState:
    """Units of 5-10 models a side in rows of five on the bundled ruined town, clear of
    buildings and each other (as in the all-pairs sight figure)."""
    rng = random.Random(seed)
    table = load_catalog().battlefields["hollowgate-ruins"].table()
    walls = [a.polygon for a in table.areas if a.blocks_movement]
    figure, tall = profile("figure"), profile("hulk", height="tall", base_mm=50)
    placed: list[WUnit] = []
    spots: list[tuple[float, float]] = []
    for number in range(per_side * 2):
        seat, letter = ("alpha", "A") if number % 2 == 0 else ("bravo", "B")
        kind = tall if number % 5 == 4 else figure
        count = rng.randint(5, 10)
        for _ in range(10_000):
            x, y = rng.uniform(1, 65), rng.uniform(1, 44)
            mine = [(x + i % 5 * 1.5, y + i // 5 * 1.5) for i in range(count)]
            if all(
                min(w.distance(Point(inches(p[0]), inches(p[1]))) for w in walls) >= inches(1)
                and all(abs(p[0] - q[0]) + abs(p[1] - q[1]) >= 2.5 for q in spots)
                for p in mine
            ):
                break
        spots += mine
        placed.append(unit(f"{letter}{number // 2 + 1}", seat, kind, (x, y), count))
    state = battle(placed, [figure, tall])
    return state.model_copy(update={"table": table})


def test_all_pairs_on_busy_tables_follow_the_rule() -> None:
    for seed in (4, 7):
        state = busy_position(seed, per_side=5)
        for step in (0, -5):
            shifted = state.units["A1"]
            nudged = tuple(m.model_copy(update={"x": m.x + step}) for m in shifted.models)
            units_now = {**state.units, "A1": shifted.model_copy(update={"models": nudged})}
            position = state.model_copy(update={"units": units_now})
            everyone = [wt_table.geo(position, u) for u in position.units.values()]
            alpha = [u for u in position.units.values() if u.seat == "alpha"]
            bravo = [u for u in position.units.values() if u.seat == "bravo"]
            for a in alpha:
                for b in bravo:
                    expected = reference_units(
                        wt_table.geo(position, a),
                        wt_table.geo(position, b),
                        position.table,
                        everyone,
                    )
                    assert wt_table.sees(position, a, b) == expected, (seed, step, a.id, b.id)
            # the other way round, asked one pair at a time on a fresh copy of the position
            fresh = position.model_copy(update={"units": dict(position.units)})
            for b in bravo:
                for a in alpha:
                    expected = reference_units(
                        wt_table.geo(fresh, b), wt_table.geo(fresh, a), fresh.table, everyone
                    )
                    assert wt_table.sees(fresh, b, a) == expected, (seed, step, b.id, a.id)
                    pairs = wt_table.visible_pairs(fresh, b, a)
                    assert bool(pairs) == expected


def _row(name: str, x: int, y: int, count: int, radius: int, step: int) -> Unit:
    models = tuple(
        Model(id=f"{name}.{i}", x=x + i * step, y=y, radius=radius) for i in range(count)
    )
    return Unit(id=name, side=name, models=models)


def _wall(name: str, x0: int, x1: int, y0: int, y1: int, kinds: tuple[Terrain, ...]) -> Area:
    return Area(
        id=name, points=((x0, y0), (x1, y0), (x1, y1), (x0, y1)), classes=kinds, height=Height.TALL
    )


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times a shape sealed something off (the whole-unit proofs were used)."""
    sealed = [0]
    original = seeing._View.hidden

    def hidden(self: seeing._View, *args: object) -> object:
        found = original(self, *args)  # type: ignore[arg-type]
        sealed[0] += int(found.sum())
        return found

    monkeypatch.setattr(seeing._View, "hidden", hidden)
    return sealed


def _agree(crowd: list[Unit], table: Table) -> None:
    viewer = crowd[0]
    others = crowd[1:]
    expected = [reference_units(viewer, t, table, crowd) for t in others]
    parties = [seeing.Party(t.models, frozenset({viewer.id, t.id})) for t in others]
    every = Blockers.of(crowd)
    groups = [u.models for u in crowd]
    assert seeing.judge_each(groups, parties, [0] * len(others), table, every.crowd) == expected
    blockers = Blockers.of(others)
    assert seeing.judge_any(viewer.models, parties, table, blockers.crowd) == expected


def test_walls_that_almost_seal_a_unit_off(monkeypatch: pytest.MonkeyPatch, engine: str) -> None:
    """A wall, a cover area, a concealment area or a unit between two rows of models, from
    far too narrow to wide enough to hide every model of one row from the other, its edges
    sweeping across the outer lines: the answers stay the rule's, and (in the array code)
    the whole-unit and single-model proofs are used."""
    sealed = _counting(monkeypatch)
    viewer = _row("v", 400, 300, 5, 98, 150)
    target = _row("t", 500, 2100, 6, 98, 150)
    decoy = _row("d", 2000, 2100, 1, 98, 0)  # far off to the side: plainly visible
    for half in range(100, 900, 37):
        for kinds in ((Terrain.BUILDING,), (Terrain.COVER,), (Terrain.CONCEALMENT,)):
            wall = _wall("w", 800 - half, 800 + half, 1100, 1300, kinds)
            _agree([viewer, target, decoy], Table(areas=(wall,)))
        screen = _row("s", 800 - half, 1200, max(2, 2 * half // 150), 98, 150)
        _agree([viewer, target, decoy, screen], Table())
    # one model each side: the wall's edges sweep across the side lines and the tangents
    for radius in (98, 200):
        alone = _row("t", 800, 2100, 1, radius, 0)
        for half in range(30, 260, 3):
            for kinds in ((Terrain.BUILDING,), (Terrain.COVER,)):
                wall = _wall("w", 800 - half, 800 + half, 1100, 1300, kinds)
                _agree([_row("v", 800, 300, 1, 98, 0), alone], Table(areas=(wall,)))
    # a wall touching the viewers' bases, and one holding a viewer, never seals
    _agree([viewer, target], Table(areas=(_wall("w", 0, 1800, 380, 600, (Terrain.BUILDING,)),)))
    _agree([viewer, target], Table(areas=(_wall("w", 0, 1800, 250, 600, (Terrain.COVER,)),)))
    assert sealed[0] > 0 or engine == "compiled"


def test_a_wall_across_one_side_line_only() -> None:
    """A wall stops one side line well inside; its other edge sweeps across the other side
    line: the pair is hidden only once the wall holds both."""
    viewer, target = _row("v", 800, 300, 1, 98, 0), _row("t", 800, 2100, 1, 98, 0)
    for edge in range(-150, 151, 10):
        for wall in (
            _wall("w", 400, 800 + edge, 1100, 1300, (Terrain.BUILDING,)),
            _wall("w", 800 - edge, 1200, 1100, 1300, (Terrain.COVER,)),
        ):
            _agree([viewer, target], Table(areas=(wall,)))


def test_a_cover_area_one_target_stands_in() -> None:
    """A cover area hides the closest target model; another target model stands inside it,
    where the cover does not count for it: the unit is seen."""
    viewer = _row("v", 800, 300, 1, 98, 0)
    target = Unit(
        id="t",
        side="t",
        models=(
            Model(id="t.1", x=800, y=1700, radius=98),
            Model(id="t.2", x=2300, y=1550, radius=98),
        ),
    )
    cover = Area(
        id="c",
        points=((0, 1000), (2400, 1000), (2400, 1600), (0, 1600)),
        classes=(Terrain.COVER,),
        height=Height.TALL,
    )
    table = Table(areas=(cover,))
    assert reference_units(viewer, target, table, [viewer, target]) is True
    _agree([viewer, target], table)


def test_many_areas_between_two_models() -> None:
    """Seventy small patches of difficult ground beside the line between two models and a
    cover area across it: every area in the way is looked at, however many there are."""
    viewer, target = _row("v", 500, 300, 1, 98, 0), _row("t", 500, 2100, 1, 98, 0)
    patches = tuple(
        Area(
            id=f"p{i}",
            points=((410, 400 + 10 * i), (420, 400 + 10 * i), (420, 405 + 10 * i)),
            classes=(Terrain.DIFFICULT,),
            height=Height.MAN,
        )
        for i in range(70)
    )
    for kind in (Terrain.COVER, Terrain.BUILDING):
        across = _wall("c", 300, 700, 1100, 1300, (kind,))
        table = Table(areas=(*patches, across))
        assert reference_units(viewer, target, table, [viewer, target]) is False
        _agree([viewer, target], table)


def test_lines_too_close_to_tell_are_settled_by_the_array_code(engine: str) -> None:
    """Two walls meet on the line between two models' centres: the side lines and the
    crossing lines go through a wall, the centre line runs along both walls' edges. The
    kernel cannot tell that line by its margins and hands the pair on; the answer is the
    rule's (a line along a wall's edge runs through it for some length: hidden)."""
    viewer, target = _row("v", 500, 300, 1, 98, 0), _row("t", 500, 2100, 1, 98, 0)
    walls = (
        _wall("w", 100, 500, 1100, 1300, (Terrain.BUILDING,)),
        _wall("e", 500, 900, 1100, 1300, (Terrain.BUILDING,)),
    )
    table = Table(areas=walls)
    if engine == "compiled":
        eyes = np.array([[500], [300], [98], [int(Height.MAN)]], dtype=np.int64)
        seen = eyes.copy()
        seen[1] = 2100
        party = seeing.Party(target.models, frozenset({"v", "t"}))
        flat = seeing.ground(table)
        verdicts = compiled.judge(eyes, [1], seen, [party], [0], None, flat)[0]
        assert verdicts.tolist() == [compiled.DOUBT]
        pairs = compiled.judge(eyes, [1], seen, [party], [0], None, flat, every=True)[1]
        assert pairs.tolist() == [compiled.DOUBT]
    assert reference_units(viewer, target, table, [viewer, target]) is False
    _agree([viewer, target], table)
    nobody = Blockers.of([])
    assert visible_among(viewer.models, target.models, table, nobody, frozenset()) == []


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.integers(-300, 300),
    st.integers(0, 1500),
    st.integers(20, 900),
    st.integers(700, 1700),
    st.integers(20, 400),
    KINDS,
    HEIGHTS,
)
def test_one_area_between_two_units(
    shift: int, x: int, width: int, y: int, depth: int, kinds: tuple[Terrain, ...], tall: Height
) -> None:
    viewer = _row("v", 300, 300, 5, 98, 150)
    target = _row("t", 300 + shift, 2100, 4, 200, 300)
    points = ((x, y), (x + width, y), (x + width, y + depth), (x, y + depth))
    area = Area(id="a", points=points, classes=kinds, height=tall)
    _agree([viewer, target], Table(areas=(area,)))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    st.floats(0, 2500),
    st.floats(0, 2500),
    st.floats(0, 300),
    st.floats(0, 2500),
    st.floats(0, 2500),
    st.floats(0, 300),
    st.integers(0, 2400),
    st.integers(0, 2400),
    st.integers(10, 1500),
    st.integers(10, 1500),
)
def test_seals_hold_for_every_segment_between_the_discs(
    ax: float,
    ay: float,
    ar: float,
    bx: float,
    by: float,
    br: float,
    x: int,
    y: int,
    w: int,
    h: int,
) -> None:
    """Whenever a polygon is said to seal two discs apart, segments between their points
    (the outer tangents, the centre line, random ones) all cross it along some length
    and neither disc meets it."""
    polygon = Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    shapes = Outlines.of([polygon])
    a, b = np.array([[ax], [ay], [ar]]), np.array([[bx], [by], [br]])
    sides = tangents(a, b)
    if not shapes.seals(np.zeros(1, dtype=np.int64), a, b, sides)[0]:
        return
    assert Point(ax, ay).distance(polygon) > ar and Point(bx, by).distance(polygon) > br
    rng = random.Random(int(ax + ay + bx + by))
    ends = [((ax, ay), (bx, by))]
    ends += [((s.x0[0], s.y0[0]), (s.x1[0], s.y1[0])) for s in sides.sides]
    for _ in range(30):
        u, v = rng.uniform(0, 2 * math.pi), rng.uniform(0, 2 * math.pi)
        p, q = rng.random() ** 0.5 * ar, rng.random() ** 0.5 * br
        ends.append(
            (
                (ax + p * math.cos(u) * 0.999, ay + p * math.sin(u) * 0.999),
                (bx + q * math.cos(v) * 0.999, by + q * math.sin(v) * 0.999),
            )
        )
    for start, end in ends:
        assert LineString([start, end]).intersection(polygon).length > 0
