"""What the measured-table picture adds for games laid with linear terrain and hidden
counters: barriers drawn as bands, counters drawn from their place, seat and label alone,
smoke, tethered units and a key that names each mark code."""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image, ImageDraw
from pydantic import ValidationError

from renderers.drawn import Recorder
from renderers.placement import Placer
from renderers.table import draw_table
from renderers.table.palette import SMOKE_HAZE
from renderers.table.picture import layout_for, render
from renderers.table.samples import marker_entries, terrain_entries
from renderers.table.units import tether
from rules.geometry.pieces import Height
from rules.geometry.scene import (
    SceneBarrier,
    SceneCounter,
    SceneMark,
    SceneModel,
    SceneUnit,
    TableScene,
)
from tests.renderers.test_table import SEATS, _blob, _distance, _pixel, small_scene

WALL = SceneBarrier(id="wall", label="Low wall", points=((600, 600), (2400, 600), (2400, 1800)))


def test_a_barrier_is_drawn_along_its_line_and_named_in_the_key() -> None:
    plain = small_scene()
    walled = small_scene(barriers=(WALL,))
    assert _distance(_pixel(walled, 1500, 600), _pixel(plain, 1500, 600)) > 60
    assert _distance(_pixel(walled, 2400, 1200), _pixel(plain, 2400, 1200)) > 60
    texts = [e.text for e in terrain_entries(walled)]
    assert "Low obstacle" in texts and "High obstacle" not in texts
    high = small_scene(barriers=(WALL.model_copy(update={"height": Height.TALL}),))
    assert "High obstacle" in [e.text for e in terrain_entries(high)]
    assert draw_table(high) != draw_table(walled)


def test_a_barrier_needs_two_points_and_an_id_of_its_own() -> None:
    with pytest.raises(ValidationError):
        SceneBarrier(id="post", points=((0, 0),))
    with pytest.raises(ValidationError, match="two barriers share the id 'wall'"):
        small_scene(barriers=(WALL, WALL))


def _counter(ident: str, label: str = "HA1", seat: str | None = "ash") -> SceneCounter:
    return SceneCounter(id=ident, label=label, x=5400, y=1200, radius=79, seat=seat)


def test_a_counter_shows_its_seat_and_label_and_nothing_else() -> None:
    one = small_scene(counters=(_counter("marker-over-A6"),))
    other = small_scene(counters=(_counter("marker-over-A5"),))
    assert draw_table(one) == draw_table(other)
    assert draw_table(one) != draw_table(small_scene())
    assert draw_table(small_scene(counters=(_counter("m", seat="iron"),))) != draw_table(one)
    assert draw_table(small_scene(counters=(_counter("m", label="HA2"),))) != draw_table(one)
    assert "Hidden unit (marker)" in [e.text for e in marker_entries(one)]


def test_a_counter_of_an_unknown_seat_is_refused() -> None:
    with pytest.raises(ValidationError, match="counter 'm' belongs to unknown seat 'nobody'"):
        small_scene(counters=(_counter("m", seat="nobody"),))


def _unit(**changes: object) -> SceneUnit:
    fields: dict[str, object] = {
        "id": "u1",
        "label": "AW1",
        "seat": "ash",
        "models": _blob(1800, 2400, 5, 60),
    }
    fields.update(changes)
    return SceneUnit.model_validate(fields)


def test_smoke_hangs_round_a_units_bases_and_is_in_the_key() -> None:
    smoky = small_scene(units=(_unit(smoke=True),))
    # beside the leftmost base, inside its puff of smoke
    assert _distance(_pixel(smoky, 1500 - 75, 2400), SMOKE_HAZE) < 6
    assert _distance(_pixel(small_scene(units=(_unit(),)), 1500 - 75, 2400), SMOKE_HAZE) > 6
    assert "Smoke" in [e.text for e in marker_entries(smoky)]


def test_a_tethered_units_bases_are_joined() -> None:
    spread = (SceneModel(x=1200, y=2400, radius=50), SceneModel(x=2400, y=2400, radius=50))
    loose = small_scene(units=(_unit(models=spread),))
    tied = small_scene(units=(_unit(models=spread, tether=True),))
    assert _distance(_pixel(tied, 1600, 2400), _pixel(loose, 1600, 2400)) > 60
    assert "One unit's models" in [e.text for e in marker_entries(tied)]


def test_the_tether_is_the_shortest_set_of_lines_joining_every_base() -> None:
    centres = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (30.0, 0.0), (0.0, 1.0)]
    lines = tether(centres)
    assert len(lines) == len(centres) - 1
    assert sum(math.dist(a, b) for a, b in lines) == pytest.approx(1 + 10 + 10 + 20)
    group = {c: c for c in centres}

    def root(point: tuple[float, float]) -> tuple[float, float]:
        while group[point] != point:
            point = group[point]
        return point

    for a, b in lines:
        group[root(a)] = root(b)
    assert len({root(c) for c in centres}) == 1
    assert tether([(1.0, 1.0)]) == []


def test_the_key_names_each_mark_code_a_unit_shows() -> None:
    key = (
        SceneMark(code="Sh", meaning="Shaken"),
        SceneMark(code="Fl", meaning="Fleeing"),
        SceneMark(code="Cl", meaning="Close order"),
    )
    scene = small_scene(units=(_unit(marks="Cl Sh"),), mark_key=key)
    texts = [e.text for e in marker_entries(scene)]
    assert "Shaken" in texts and "Close order" in texts
    assert "Fleeing" not in texts  # no unit shows it
    assert "State (see caption)" not in texts
    # without a key the caption explains the marks, as before
    assert "State (see caption)" in [
        e.text for e in marker_entries(small_scene(units=(_unit(marks="Hd"),)))
    ]


def test_a_mark_code_is_one_word_given_once() -> None:
    with pytest.raises(ValidationError):
        SceneMark(code="S h", meaning="Shaken")
    with pytest.raises(ValidationError, match="two mark codes share"):
        TableScene(
            seats=SEATS[:1],
            mark_key=(SceneMark(code="Sh", meaning="a"), SceneMark(code="Sh", meaning="b")),
        )


def test_the_keys_counter_takes_the_colour_of_the_counters_seat() -> None:
    def sample(seat: str) -> bytes:
        scene = small_scene(counters=(_counter("m", seat=seat),))
        [entry] = [e for e in marker_entries(scene) if e.text == "Hidden unit (marker)"]
        image = Image.new("RGB", (80, 80), (255, 255, 255))
        entry.sample(image, ImageDraw.Draw(image), layout_for(scene), (40.0, 40.0))
        return image.tobytes()

    assert sample("ash") != sample("iron")


def test_a_barriers_label_stands_clear_of_its_line() -> None:
    post = SceneBarrier(
        id="trees", label="Felled trees, light cover", points=((3600, 1200), (3600, 3600))
    )
    for barrier in (post, WALL):
        scene = small_scene(barriers=(barrier,))
        recorder = Recorder()
        render(scene, recorder=recorder)
        [box] = [b.box for b in recorder.labels if b.text == barrier.label]
        lay = layout_for(scene)
        for (ax, ay), (bx, by) in itertools.pairwise(barrier.points):
            x0, y0 = (v / lay.ss for v in lay.at(ax, ay))
            x1, y1 = (v / lay.ss for v in lay.at(bx, by))
            line = Placer((0, 0, 1e6, 1e6), 50.0)
            line.segment((x0, y0), (x1, y1), 2.0)
            assert line.clashes(box) == 0, (barrier.id, box)


def test_a_barrier_hemmed_in_by_units_is_left_unnamed_rather_than_named_over_them() -> None:
    """A short wall with units packed on both sides and at both ends: every spot beside it
    would cover a base or a unit's code, which players type, so its name is left out (its
    band and the key still say what it is); with room beside it, it is named."""
    short = SceneBarrier(
        id="wall", label="Low wall or earthwork", points=((1800, 2000), (2400, 2000))
    )
    packed = tuple(
        SceneUnit(
            id=f"u{i}{j}",
            label=f"U{i}{j}",
            seat="ash",
            models=_blob(1300 + 250 * i, 1300 + 250 * j, 1, 90),
        )
        for i in range(7)
        for j in range(7)
        if not (i in (2, 3, 4) and j == 3)
    )
    hemmed = Recorder()
    render(small_scene(units=packed, barriers=(short,), objectives=()), recorder=hemmed)
    assert "Low wall or earthwork" not in [b.text for b in hemmed.labels]
    free = Recorder()
    render(small_scene(barriers=(short,), objectives=()), recorder=free)
    assert "Low wall or earthwork" in [b.text for b in free.labels]
