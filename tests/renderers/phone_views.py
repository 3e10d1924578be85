"""How posts look on a phone: ``python -m tests.renderers.phone_views`` draws, for a board
of each kind from the example games, the whole board and its close-up each shown 400
pixels wide (as a phone shows a picture in Discord), side by side, into docs/pictures/.
The figures under them are the median label height at that width."""

from __future__ import annotations

import io
import statistics
import sys
from pathlib import Path

from PIL import Image, ImageDraw

from bot.systems import install_systems
from renderers.drawn import Recorder
from renderers.lettering import label
from tests.renderers.example_scenes import example_scenes
from tests.renderers.test_closeups import BOARDS, CLOSEUPS, PHONE
from tests.renderers.test_golden_pictures import CHOSEN

OUT = Path(__file__).resolve().parents[2] / "docs" / "pictures"
BACKGROUND = (54, 57, 63)  # Discord's dark theme
INK = (220, 221, 222)


def _at_phone_width(image: Image.Image) -> Image.Image:
    height = round(image.height * PHONE / image.width)
    return image.resize((PHONE, height), Image.Resampling.LANCZOS)


def _letters(recorder: Recorder, width: int, scale: float) -> float:
    heights = [(b.box[3] - b.box[1]) * scale for b in recorder.labels]
    return statistics.median(heights) * PHONE / width


def phone_view(example: str, kind: type) -> Image.Image:
    scenes = [s for s in example_scenes(example) if isinstance(s, kind)]
    scene = next(s for s in reversed(scenes) if CLOSEUPS[kind](s) is not None)
    board_notes, closeup_notes = Recorder(), Recorder()
    board = BOARDS[kind](scene, recorder=board_notes)
    closeup = CLOSEUPS[kind](scene, recorder=closeup_notes, fit=False)
    assert closeup is not None
    shown = [_at_phone_width(board), _at_phone_width(closeup)]
    words = [
        f"whole board: labels {_letters(board_notes, board.width, 1.0):.1f} px",
        f"close-up: labels {_letters(closeup_notes, closeup.width, 2.0):.1f} px",
    ]
    gap, caption = 24, 28
    height = max(p.height for p in shown) + caption + 2 * gap
    sheet = Image.new("RGB", (2 * PHONE + 3 * gap, height), BACKGROUND)
    pen = ImageDraw.Draw(sheet)
    for index, (picture, text) in enumerate(zip(shown, words, strict=True)):
        x = gap + index * (PHONE + gap)
        sheet.paste(picture, (x, gap))
        label(pen, (x, gap + picture.height + 8), text, 15, INK, anchor="la")
    return sheet


def main() -> int:
    install_systems(unlisted=True)
    OUT.mkdir(parents=True, exist_ok=True)
    for example, kind in CHOSEN:
        sheet = phone_view(example, kind)
        buffer = io.BytesIO()
        sheet.save(buffer, format="PNG", optimize=True)
        path = OUT / f"phone-{example}.png"
        path.write_bytes(buffer.getvalue())
        print(f"{path.relative_to(OUT.parents[1])}: {len(buffer.getvalue()) // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
