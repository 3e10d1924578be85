"""Animated GIF against animated WebP for the replay's frames, on example games.

``python -m bench.replay_formats [example ...]`` plays each example (by default the
Tannhäuser deathmatch, the Wasteland platoon game and the longest, ``orders-four-bands``),
makes its replay's frames exactly as ``/game replay`` does, and encodes them every way
considered, printing a Markdown table of sizes and encoding times (drawing the boards and
captioning the frames are the same for every format and shown apart). The figures in
``docs/animated-replay.md`` come from here. Not part of ``make bench``: the slower WebP
settings take minutes.
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from bot.service.replay_frames import replay_frames
from bot.service.replay_pictures import HOLD_MS, ReplayPictures, replay_pictures
from bot.systems import install_systems
from renderers.animated_gif import gif_bytes, shared_palette
from renderers.replay_frame import frame_layout
from rules.core.language import Language
from tests.golden.examples import EXAMPLES
from tests.golden.played import played_example

DEFAULT = ("tannhauser-deathmatch", "wasteland-platoon", "orders-four-bands")

Frames = list[tuple[Image.Image, int]]


def _webp(**options: object) -> Callable[[Frames], bytes]:
    def encode(frames: Frames) -> bytes:
        out = io.BytesIO()
        first, *rest = [picture for picture, _ in frames]
        first.save(
            out,
            format="WEBP",
            save_all=True,
            append_images=rest,
            duration=[ms for _, ms in frames],
            loop=0,
            **options,
        )
        return out.getvalue()

    return encode


WEBP = {
    "animated WebP, lossless, fastest (method 0)": _webp(lossless=True, quality=0, method=0),
    "animated WebP, lossless, default effort (method 4)": _webp(lossless=True, method=4),
    "animated WebP, lossy quality 80 (method 4)": _webp(quality=80, method=4),
}


def _frames(pictures: ReplayPictures) -> Frames:
    shown = pictures.shown
    return [
        (pictures.picture(item), item.duration + (HOLD_MS if n + 1 == len(shown) else 0))
        for n, item in enumerate(shown)
    ]


def _gif(frames: Frames) -> bytes:
    """The GIF as ``/game replay`` writes it: its palette from six frames spread over it."""
    step = max(1, len(frames) // 6)
    palette = shared_palette([picture for picture, _ in frames[::step][:6]])
    return gif_bytes(frames, palette)


def _timed(make: Callable[[], bytes]) -> tuple[bytes, float]:
    start = time.perf_counter()
    data = make()
    return data, time.perf_counter() - start


async def measure(name: str) -> list[str]:
    [example] = [e for e in EXAMPLES if e.name == name]
    with tempfile.TemporaryDirectory() as folder:
        async with played_example(example, Path(folder)) as played:
            game = await played.service.access.open_or_last(played.channel)
            rows = await played.service.db.log(game.id)
    frames, scenes = replay_frames(game, rows)
    start = time.perf_counter()
    pictures = replay_pictures(frames, scenes, Language.ENGLISH)
    drawing = time.perf_counter() - start
    start = time.perf_counter()
    made = _frames(pictures)
    composing = time.perf_counter() - start
    width, height = made[0][0].size
    rows_out = [
        f"| **{name}**: {len(made)} frames of {width}×{height}; drawing the boards "
        f"{drawing:.1f} s, captioning the frames {composing:.1f} s | | |"
    ]

    results: list[tuple[str, bytes, float]] = []
    data, seconds = _timed(lambda: _gif(made))
    results.append((f"GIF, {width} px wide (chosen)", data, seconds))
    narrower = ReplayPictures(
        pictures.shown, pictures.boards, frame_layout(_sizes(pictures), width=800)
    )
    smaller = _frames(narrower)
    data, seconds = _timed(lambda: _gif(smaller))
    results.append(("GIF, 800 px wide", data, seconds))
    for label, encode in WEBP.items():
        data, seconds = _timed(lambda encode=encode: encode(made))  # type: ignore[misc]
        results.append((label, data, seconds))
    # the same 255 colours as the GIF, so that only the compression differs
    palette = shared_palette([picture for picture, _ in made[:: max(1, len(made) // 6)][:6]])
    flat = [
        (picture.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB"), ms)
        for picture, ms in made
    ]
    encode = _webp(lossless=True, method=4)
    data, seconds = _timed(lambda: encode(flat))
    results.append(("animated WebP, lossless, the GIF's 255 colours (method 4)", data, seconds))
    for label, data, seconds in results:
        rows_out.append(f"| {label} | {len(data) / 1_048_576:.2f} MB | {seconds:.1f} s |")
    return rows_out


def _sizes(pictures: ReplayPictures) -> list[tuple[int, int]]:
    sizes = []
    for png in pictures.boards.values():
        with Image.open(io.BytesIO(png)) as opened:
            sizes.append(opened.size)
    return sizes


def main(names: list[str]) -> None:
    install_systems(unlisted=True)
    print("| format | size | encoding |")
    print("|---|---|---|")
    for name in names or DEFAULT:
        for row in asyncio.run(measure(name)):
            print(row, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
