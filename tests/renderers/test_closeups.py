"""Close-ups: every board of every example game that shows something happening gets one,
framing the action, small enough for a phone and lettered large enough to read on one,
with no label overprinting another or a piece; a board where nothing happens gets none."""

from __future__ import annotations

import io
import statistics
from collections.abc import Callable

import pytest
from PIL import Image
from pydantic import BaseModel

from renderers import draw_pictures
from renderers.alt_text import closeup_alt_text
from renderers.circle_map.picture import render as render_circle_map
from renderers.circle_map.picture import render_closeup as circle_closeup
from renderers.closeup import LONGEST, ZOOM, Box, fitted, frame
from renderers.drawn import Recorder, overprints
from renderers.grid.picture import render as render_grid
from renderers.grid.picture import render_closeup as grid_closeup
from renderers.table.closeup import region
from renderers.table.closeup import render_closeup as table_closeup
from renderers.table.picture import render as render_table
from rules.geometry.scene import SceneMeasure, SceneModel, SceneSeat, SceneUnit, TableScene
from rules.geometry.units import PER_INCH
from rules.grid.scene import GridRoute, GridScene, GridSeat, GridToken
from rules.pathmap.scene import CircleMapScene
from tests.renderers.example_scenes import NAMES, example_scenes

CLOSEUPS: dict[type[BaseModel], Callable[..., Image.Image | None]] = {
    CircleMapScene: circle_closeup,
    TableScene: table_closeup,
    GridScene: grid_closeup,
}
BOARDS: dict[type[BaseModel], Callable[..., Image.Image]] = {
    CircleMapScene: render_circle_map,
    TableScene: render_table,
    GridScene: render_grid,
}
PICTURED = tuple(name for name in NAMES if name != "demo")
PHONE = 400  # pixels across that a phone shows a picture at
READABLE = 10.0  # pixels: the height of a label's box below which it is hard to read


def _letters_at_phone_width(recorder: Recorder, width: int, scale: float) -> float:
    """The median height (pixels) of the recorded labels on a picture ``width`` pixels
    wide, shown ``PHONE`` wide; ``scale``: the picture's pixels a recorded pixel."""
    heights = [(b.box[3] - b.box[1]) * scale for b in recorder.labels]
    return statistics.median(heights) * PHONE / width


@pytest.mark.parametrize("name", PICTURED)
def test_every_example_close_up_reads_on_a_phone_and_overprints_nothing(name: str) -> None:
    """Every close-up stays within the size a phone shows whole; at phone width its
    lettering is at least :data:`READABLE` pixels tall (the median label) and at least
    twice the board's; a table's close-up, which places its own labels, overprints none."""
    shown = 0
    overprinted: list[str] = []
    closeup_letters: list[float] = []
    board_letters: list[float] = []
    for number, scene in enumerate(example_scenes(name), 1):
        recorder = Recorder()
        closeup = CLOSEUPS[type(scene)](scene, recorder=recorder, fit=False)
        if closeup is None:
            continue
        shown += 1
        assert max(fitted(closeup).size) <= LONGEST
        assert min(closeup.size) >= 300, closeup.size
        if isinstance(scene, TableScene):
            found = overprints(recorder.boxes)
            overprinted += [f"close-up {number}: {a.text!r} over {b.text!r}" for a, b in found]
        # recorded in board pixels; a close-up is drawn ZOOM times the board's size
        closeup_letters.append(_letters_at_phone_width(recorder, closeup.width, ZOOM))
        board = Recorder()
        picture = BOARDS[type(scene)](scene, recorder=board)
        board_letters.append(_letters_at_phone_width(board, picture.width, 1.0))
    assert shown, f"{name} shows nothing happening on any board"
    assert not overprinted, "\n".join(overprinted[:10])
    closeups, boards = statistics.median(closeup_letters), statistics.median(board_letters)
    print(f"{name}: {shown} close-ups; at phone width {closeups:.1f} px, board {boards:.1f} px")
    assert closeups >= READABLE
    assert closeups >= 2 * boards


def _unit(unit_id: str, x: float, y: float, *, active: bool = False) -> SceneUnit:
    model = SceneModel(x=round(x * PER_INCH), y=round(y * PER_INCH), radius=50)
    return SceneUnit(id=unit_id, label=unit_id, seat="a", models=(model,), active=active)


SEATS = (SceneSeat(id="a", name="Alpha", colour=0),)


def test_a_table_with_nothing_happening_has_no_close_up() -> None:
    scene = TableScene(seats=SEATS, units=(_unit("A1", 10, 10), _unit("A2", 50, 30)))
    assert region(scene) is None
    assert table_closeup(scene) is None
    assert draw_pictures(scene) is not None and draw_pictures(scene).closeup is None  # type: ignore[union-attr]


def test_a_table_close_up_frames_the_acting_unit_and_the_line_it_measured() -> None:
    path = SceneMeasure(kind="path", start=(1000, 1000), end=(1600, 1000), label='6.0"')
    scene = TableScene(
        seats=SEATS,
        units=(_unit("A1", 16, 10, active=True), _unit("A2", 60, 40)),
        measures=(path,),
    )
    part = region(scene)
    assert part is not None
    assert part.x0 <= 7 * PER_INCH and part.x1 >= 19 * PER_INCH  # the path and margin
    assert part.x1 < 60 * PER_INCH  # the unit far away is not in it
    words = closeup_alt_text(scene) or ""
    assert "A1 acting" in words and 'move 6.0"' in words and "A2" not in words


def test_the_frame_keeps_a_phone_shape_and_stays_on_the_board() -> None:
    bounds = Box(0, 0, 7200, 4800)
    long_line = frame(Box(100, 2000, 7000, 2100), margin=300, least=(1400, 1000), bounds=bounds)
    assert long_line.width / long_line.height <= 1.6 + 1e-9
    assert long_line.x0 >= 0 and long_line.x1 <= 7200
    corner = frame(Box(0, 0, 10, 10), margin=300, least=(1400, 1000), bounds=bounds)
    assert (corner.x0, corner.y0) == (0, 0) and corner.width >= 1400


def test_a_grid_close_up_follows_the_walk_not_an_old_shot_elsewhere() -> None:
    seats = (GridSeat(id="a", name="Alpha", colour=0),)
    token = GridToken(id="A1", label="A1", seat="a", square=(12, 14))
    walk = GridRoute(seat="a", squares=((12, 10), (12, 12), (12, 14)))
    scene = GridScene(columns=16, rows=20, seats=seats, tokens=(token,), routes=(walk,))
    closeup = grid_closeup(scene)
    assert closeup is not None
    assert closeup.height > closeup.width * 0.6
    alone = GridScene(columns=16, rows=20, seats=seats, tokens=(token,))
    assert grid_closeup(alone) is None


def test_pictures_come_as_png() -> None:
    [scene] = [s for s in example_scenes("wasteland-patrol") if region(s)][:1] or [None]  # type: ignore[arg-type]
    assert scene is not None
    drawn = draw_pictures(scene)
    assert drawn is not None and drawn.closeup is not None
    assert Image.open(io.BytesIO(drawn.closeup)).format == "PNG"
