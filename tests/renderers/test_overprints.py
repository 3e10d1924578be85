"""No label on any example board overprints another label or a piece, marker or
identifier players must see: every board every example game draws is drawn again with a
recorder, and every overlapping pair is reported."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image
from pydantic import BaseModel

from renderers.circle_map.picture import render as render_circle_map
from renderers.drawn import DrawnBox, Kind, Recorder, overlap, overprints
from renderers.grid.picture import render as render_grid
from renderers.table.picture import render as render_table
from rules.blackpowder.state import BPState
from rules.blackpowder.system import BlackPowderSystem
from rules.core.visibility import Viewer
from rules.geometry.scene import TableScene
from rules.grid.scene import GridScene
from rules.pathmap.scene import CircleMapScene
from tests.blackpowder.boards import after_volleys
from tests.blackpowder.engine import catalog, set_up_game
from tests.renderers.example_scenes import NAMES, example_scenes

RENDERERS: dict[type[BaseModel], Callable[..., Image.Image]] = {
    CircleMapScene: render_circle_map,
    TableScene: render_table,
    GridScene: render_grid,
}
PICTURED = tuple(name for name in NAMES if name != "demo")  # the demo draws a plain track


def _say(pair: tuple[DrawnBox, DrawnBox]) -> str:
    return " over ".join(f"{b.kind} {b.text!r} at {tuple(round(v) for v in b.box)}" for b in pair)


@pytest.mark.parametrize("name", PICTURED)
def test_no_label_overprints_on_the_example_boards(name: str) -> None:
    scenes = example_scenes(name)
    assert scenes
    found: list[str] = []
    for number, scene in enumerate(scenes, 1):
        recorder = Recorder()
        RENDERERS[type(scene)](scene, recorder=recorder)
        assert recorder.labels, "the recorder saw the labels"
        found += [f"board {number}: {_say(pair)}" for pair in overprints(recorder.boxes)]
    print(f"{name} ({type(scenes[0]).__name__}): {len(found)} overprints")
    assert not found, "\n".join(found[:12])


BLACK_POWDER: dict[str, Callable[[], BPState]] = {
    "mill clearing at the start": lambda: set_up_game()[0],
    "river landing at the start": lambda: set_up_game(table="river-landing")[0],
    "forest road at the start": lambda: set_up_game(
        table="forest-road", first_force="river-nations"
    )[0],
    "mill clearing after volleys": after_volleys,
}


@pytest.mark.parametrize("board", BLACK_POWDER)
def test_no_label_overprints_on_the_black_powder_boards(board: str) -> None:
    """The black-powder game has no example game yet: its boards are played here."""
    system = BlackPowderSystem(catalog())
    scene = system.scene(system.view(BLACK_POWDER[board](), Viewer.spectator()))
    recorder = Recorder()
    render_table(scene, recorder=recorder)
    assert len(recorder.labels) > len(scene.units) + len(scene.counters)
    found = [_say(pair) for pair in overprints(recorder.boxes)]
    assert not found, "\n".join(found[:12])


def test_a_label_over_a_disc_counts_and_one_beside_it_does_not() -> None:
    disc = DrawnBox(Kind.MARK, "fi1", (100, 100, 140, 140), round=True)
    over = DrawnBox(Kind.LABEL, "Sample rack", (130, 130, 200, 145))
    corner = DrawnBox(Kind.LABEL, "clear of the rim", (136, 136, 200, 150))
    assert overlap(disc, over) and overlap(over, disc)
    assert not overlap(disc, corner)  # inside the box's corner, outside the disc


def test_touching_edges_and_things_that_belong_together_are_no_overprint() -> None:
    first = DrawnBox(Kind.LABEL, "a", (0, 0, 50, 10))
    touching = DrawnBox(Kind.LABEL, "b", (49.5, 0, 90, 10))
    badge = DrawnBox(Kind.LABEL, "C+1", (10, 5, 30, 15), owners=frozenset({"circle c4"}))
    circle = DrawnBox(Kind.MARK, "c4", (0, 0, 40, 40), round=True, owners=frozenset({"circle c4"}))
    assert overprints([first, touching]) == []
    assert overprints([badge, circle]) == []
    assert overprints([first, badge]) == [(first, badge)]


def test_marks_on_marks_are_not_lettering() -> None:
    """Bases in contact touch; only lettering is checked."""
    one = DrawnBox(Kind.MARK, "A1", (0, 0, 20, 20), round=True)
    two = DrawnBox(Kind.MARK, "A1", (10, 0, 30, 20), round=True)
    assert overprints([one, two]) == []
