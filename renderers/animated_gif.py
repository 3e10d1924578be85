"""Animated GIFs of board frames, written one frame at a time.

Every frame takes its colours from one shared palette of 255 colours (the boards are flat
colour, so that keeps them sharp), the 256th entry being transparent. After the first
frame only the rectangle that changed is stored, with every unchanged pixel in it
transparent, so a frame where one piece moved and the caption changed costs a few
kilobytes. Only the frame before is kept, so memory does not grow with the game.

The file is built with Pillow's GIF header and frame writers (``getheader`` and
``getdata``), so the bytes are Pillow's own.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import GifImagePlugin, Image, ImageChops

COLOURS = 255
TRANSPARENT = 255  # the palette entry no pixel takes
_SAMPLE = 2  # the palette is chosen from copies this many times smaller
_UNCHANGED = [255, *(0,) * 255]  # a difference of 0: the pixel did not change
_TRAILER = b";"


def shared_palette(frames: Sequence[Image.Image]) -> Image.Image:
    """A palette image of :data:`COLOURS` colours chosen from ``frames`` (RGB, all of one
    size), for every frame of an animation."""
    small = [frame.reduce(_SAMPLE) for frame in frames]
    width, height = small[0].size
    sample = Image.new("RGB", (width, height * len(small)))
    for n, picture in enumerate(small):
        sample.paste(picture, (0, n * height))
    return sample.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


class AnimatedGif:
    """A GIF that loops for ever, frames added in order; ``data`` is the file so far."""

    def __init__(self, palette: Image.Image) -> None:
        self._palette = palette
        self._chunks: list[bytes] = []
        self._size = 0
        self._previous: Image.Image | None = None
        self.frames = 0

    def _write(self, chunks: Sequence[bytes]) -> None:
        for chunk in chunks:
            data = bytes(chunk)
            self._chunks.append(data)
            self._size += len(data)

    def add(self, frame: Image.Image, duration_ms: int) -> None:
        """Append ``frame`` (RGB, the size of the first) shown for ``duration_ms``."""
        indexed = frame.quantize(palette=self._palette, dither=Image.Dither.NONE)
        duration = max(20, duration_ms)
        previous = self._previous
        if previous is None:
            header, _ = GifImagePlugin.getheader(indexed, None, {"loop": 0})
            self._write(header)
            self._write(GifImagePlugin.getdata(indexed, (0, 0), duration=duration, disposal=1))
        else:
            if indexed.size != previous.size:
                raise ValueError("every frame of an animation must have the same size")
            delta = ImageChops.subtract_modulo(indexed, previous)
            box = delta.getbbox(alpha_only=False) or (0, 0, 1, 1)
            changed = indexed.crop(box)
            changed.paste(TRANSPARENT, mask=delta.crop(box).point(_UNCHANGED, "1"))
            self._write(
                GifImagePlugin.getdata(
                    changed,
                    box[:2],
                    duration=duration,
                    disposal=1,
                    transparency=TRANSPARENT,
                )
            )
        self._previous = indexed
        self.frames += 1

    @property
    def size(self) -> int:
        """The file's length in bytes, the trailer included."""
        return self._size + len(_TRAILER)

    @property
    def data(self) -> bytes:
        return b"".join(self._chunks) + _TRAILER


def gif_bytes(frames: Sequence[tuple[Image.Image, int]], palette: Image.Image) -> bytes:
    """An animated GIF of ``frames`` (picture, milliseconds shown) in one go."""
    animation = AnimatedGif(palette)
    for picture, duration in frames:
        animation.add(picture, duration)
    return animation.data


def frame_count(data: bytes) -> int:
    """How many frames a GIF holds (for checks and tests)."""
    with Image.open(io.BytesIO(data)) as opened:
        return int(getattr(opened, "n_frames", 1))
