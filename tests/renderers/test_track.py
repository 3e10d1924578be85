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
