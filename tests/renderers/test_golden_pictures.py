"""Reference pictures: a board and its close-up of each kind, from the example games,
compared with what the renderers draw now by eye rather than byte for byte.

Two pictures match when, after both are softened by a 3 x 3 blur (so that a pixel of
anti-aliasing moved along an edge or a glyph drawn a hair differently does not count), no
more than :data:`CHANGED_SHARE` of their pixels differ by more than :data:`CHANNEL_STEP`
in some colour channel. A moved label, a piece drawn elsewhere or a changed colour
changes far more than that. ``UMPIRE_RECORD=1`` draws the references anew (only for a
change meant to alter the pictures); they live in ``tests/renderers/golden/``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from renderers import draw_pictures
from rules.geometry.scene import TableScene
from rules.grid.scene import GridScene
from rules.pathmap.scene import CircleMapScene
from tests.renderers.example_scenes import example_scenes

GOLDEN = Path(__file__).resolve().parent / "golden"
CHANNEL_STEP = 48
CHANGED_SHARE = 0.004

# (example, kind of scene): the last board of that example with something happening
CHOSEN = (
    ("tannhauser-deathmatch", CircleMapScene),
    ("wasteland-platoon", TableScene),
    ("orders-upper-floor", GridScene),
)


def _pictures(example: str, kind: type) -> dict[str, bytes]:
    scenes = [s for s in example_scenes(example) if isinstance(s, kind)]
    for scene in reversed(scenes):
        drawn = draw_pictures(scene)
        if drawn is not None and drawn.closeup is not None:
            return {"board": drawn.board, "closeup": drawn.closeup}
    raise AssertionError(f"{example} shows nothing happening")


def _soft(data: bytes) -> np.ndarray:
    image = Image.open(io.BytesIO(data)).convert("RGB").filter(ImageFilter.BoxBlur(1))
    return np.asarray(image, dtype=np.int16)


def changed_share(expected: bytes, actual: bytes) -> float:
    """The share of pixels that differ visibly (1.0 for pictures of other sizes)."""
    a, b = _soft(expected), _soft(actual)
    if a.shape != b.shape:
        return 1.0
    return float((np.abs(a - b).max(axis=2) > CHANNEL_STEP).mean())


@pytest.mark.parametrize(("example", "kind"), CHOSEN, ids=[c[0] for c in CHOSEN])
def test_the_pictures_look_as_recorded(example: str, kind: type) -> None:
    drawn = _pictures(example, kind)
    for which, data in drawn.items():
        path = GOLDEN / f"{example}-{which}.png"
        if os.environ.get("UMPIRE_RECORD") == "1":
            GOLDEN.mkdir(exist_ok=True)
            path.write_bytes(data)
        share = changed_share(path.read_bytes(), data)
        assert share <= CHANGED_SHARE, f"{path.name}: {share:.2%} of the pixels changed"


def test_anti_aliasing_passes_and_a_moved_piece_does_not() -> None:
    """The comparison's own check: the same picture drawn a little softer matches, the
    same picture with a disc moved does not."""
    base = Image.new("RGB", (400, 300), (240, 236, 226))
    pen = ImageDraw.Draw(base)
    pen.ellipse((100, 100, 140, 140), fill=(200, 60, 40), outline=(20, 20, 20), width=2)
    pen.text((180, 110), "B11", fill=(20, 20, 20))
    softer = base.filter(ImageFilter.SMOOTH)
    moved = Image.new("RGB", base.size, (240, 236, 226))
    other = ImageDraw.Draw(moved)
    other.ellipse((160, 100, 200, 140), fill=(200, 60, 40), outline=(20, 20, 20), width=2)
    other.text((180, 110), "B11", fill=(20, 20, 20))

    def png(image: Image.Image) -> bytes:
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    assert changed_share(png(base), png(softer)) <= CHANGED_SHARE
    assert changed_share(png(base), png(moved)) > CHANGED_SHARE
