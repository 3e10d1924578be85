"""Random battlefields: valid, repeatable, within the set-up guidance, clear of kept ground."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import Polygon

from rules.geometry.battlefields import BattlefieldDef
from rules.geometry.generator import generate_battlefield, mission_keep_clear
from tests.wasteland_content.helpers import across, same_class_overlaps, squares_without_blocker

QUICK = settings(derandomize=True, max_examples=20, deadline=None, database=None)

Zone = tuple[tuple[float, float], ...]


@st.composite
def small_zones(draw: st.DrawFn) -> tuple[Zone, ...]:
    """The mission ground, and perhaps one more small rectangle anywhere on the table."""
    zones: list[Zone] = list(mission_keep_clear())
    if draw(st.booleans()):
        x = draw(st.floats(0, 66))
        y = draw(st.floats(0, 42))
        w = draw(st.floats(2, 6))
        h = draw(st.floats(2, 6))
        zones.append(((x, y), (x + w, y), (x + w, y + h), (x, y + h)))
    return tuple(zones)


@QUICK
@given(seed=st.integers(), zones=small_zones())
def test_generated_battlefields_follow_the_guidance(seed: int, zones: tuple[Zone, ...]) -> None:
    battlefield = generate_battlefield(seed, keep_clear=zones)
    BattlefieldDef.model_validate(battlefield.model_dump())
    assert battlefield.table().areas
    assert squares_without_blocker(battlefield) == []
    assert same_class_overlaps(battlefield) == []
    shapes = [Polygon(a.points) for a in battlefield.areas]
    for zone in zones:
        kept = Polygon(zone)
        assert all(shape.intersection(kept).area == 0 for shape in shapes)
    for i, shape in enumerate(shapes):
        assert all(shape.intersection(other).area == 0 for other in shapes[i + 1 :])
    classes = {c.value for a in battlefield.areas for c in a.classes}
    assert classes >= {"difficult", "dangerous", "impassable", "concealment", "cover"}
    assert classes >= {"building", "ruins"}
    assert len({a.name for a in battlefield.areas}) >= 5
    sizes = [across(shape) for shape in shapes]
    assert sum(1 for s in sizes if 3.5 <= s <= 8.5) >= 0.7 * len(sizes)
    assert 1 <= sum(1 for s in sizes if s > 8.5) <= 2


@settings(QUICK, max_examples=10)
@given(seed=st.integers(), width=st.integers(24, 120), depth=st.integers(24, 120))
def test_generation_is_repeatable_on_any_table(seed: int, width: int, depth: int) -> None:
    first = generate_battlefield(seed, width=width, depth=depth)
    assert first == generate_battlefield(seed, width=width, depth=depth)
    assert (first.width, first.depth) == (width, depth)
    assert squares_without_blocker(first) == []


def test_different_seeds_give_different_tables() -> None:
    layouts = {generate_battlefield(seed).areas for seed in range(5)}
    assert len(layouts) == 5


def test_global_random_state_is_untouched() -> None:
    random.seed(1234)
    expected = random.random()
    random.seed(1234)
    generate_battlefield(7)
    assert random.random() == expected
