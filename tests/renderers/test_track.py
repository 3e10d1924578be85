"""The race-track picture: a PNG drawn from the track scene alone."""

from __future__ import annotations

import io

from PIL import Image

from renderers import draw
from renderers.track import draw_track
from rules.core.track import TrackLane, TrackScene


def _scene(marked: bool) -> TrackScene:
    return TrackScene(
        title="Turn 2 — race",
        goal=10,
        lanes=(
            TrackLane(label="Red", colour="#c83c3c", position=3, marked=marked),
            TrackLane(label="Blue", colour="#3c64c8", position=10),
        ),
    )


def test_registered_for_track_scenes() -> None:
    scene = _scene(marked=True)
    png = draw(scene)
    assert png is not None and png == draw_track(scene)
    with Image.open(io.BytesIO(png)) as image:
        assert image.size == (80 + 40 * 11 + 20, 40 + 60 * 2 + 30)


def test_the_runner_whose_turn_it_is_is_marked() -> None:
    assert draw_track(_scene(marked=True)) != draw_track(_scene(marked=False))


def test_no_missing_glyph_boxes() -> None:
    """Every character is drawn from the font or folded to one it has: a dash and an
    accented name look exactly like their plain spellings (an umlaut as German writes it
    without the dots)."""
    fancy = _scene(marked=True).model_copy(update={"title": "Turn 3 — race — finished"})
    plain = _scene(marked=True).model_copy(update={"title": "Turn 3 - race - finished"})
    assert draw_track(fancy) == draw_track(plain)
    lanes = (TrackLane(label="Jörg", colour="#c83c3c", position=1),)
    accented = TrackScene(title="t", goal=3, lanes=lanes)
    bare = accented.model_copy(update={"lanes": (lanes[0].model_copy(update={"label": "Joerg"}),)})
    assert draw_track(accented) == draw_track(bare)
