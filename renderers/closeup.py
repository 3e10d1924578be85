"""Close-ups: the part of a board where the latest action happened, framed for a phone.

A board picture is about 1,400 pixels wide and Discord shows it about 400 wide on a phone,
so its lettering shrinks to a third and cannot be read without zooming. A close-up shows
only the few inches (or circles, or squares) around what just happened, drawn twice the
board's size, so that the same lettering reads at full size on a phone. Each renderer
finds what its scene says just happened (the acting pieces, the lines measured, the route
taken, the blast) and frames it with :func:`frame`; this module holds the framing shared by
every kind of board.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PIL import Image

# Drawn at this many drawing units a board pixel: the close-up's lettering is twice the
# board's, so a label 14 pixels tall on the board stands 14 pixels tall on a phone that
# shows the close-up 400 pixels wide.
ZOOM = 2
# The width (pixels) a close-up aims at: a phone shows it at 400 pixels across (twice
# that many device pixels on a sharp screen).
WIDTH = 800
# Wider or taller than this is scaled down: Discord shows a tall picture cut short.
LONGEST = 1000
# The shape of a close-up, width over height: from a little taller than wide to half as
# wide again as tall, so a phone shows it whole.
NARROWEST = 0.8
WIDEST = 1.6


def fitted(image: Image.Image) -> Image.Image:
    """``image``, scaled down when its longer side exceeds :data:`LONGEST`."""
    longest = max(image.size)
    if longest <= LONGEST:
        return image
    factor = LONGEST / longest
    size = (round(image.width * factor), round(image.height * factor))
    return image.resize(size, Image.Resampling.LANCZOS)


def cropped(image: Image.Image, part: Box, scale: float, fit: bool = True) -> Image.Image:
    """``part`` of ``image`` at ``scale`` times its size (then :func:`fitted` if ``fit``)."""
    crop = image.crop((round(part.x0), round(part.y0), round(part.x1), round(part.y1)))
    if abs(scale - 1.0) > 1e-6:
        size = (round(crop.width * scale), round(crop.height * scale))
        crop = crop.resize(size, Image.Resampling.LANCZOS)
    return fitted(crop) if fit else crop


@dataclass(frozen=True)
class Box:
    """A rectangle in whatever units a board is laid out in."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def grown(self, margin: float) -> Box:
        return Box(self.x0 - margin, self.y0 - margin, self.x1 + margin, self.y1 + margin)

    def resized(self, width: float, height: float) -> Box:
        """A box of ``width`` by ``height`` about the same centre."""
        cx, cy = self.centre
        return Box(cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)


def around(points: Iterable[tuple[float, float]], reach: float = 0.0) -> Box | None:
    """The box round ``points`` (each standing for a disc of ``reach``), None for none."""
    listed = list(points)
    if not listed:
        return None
    xs = [x for x, _ in listed]
    ys = [y for _, y in listed]
    return Box(min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)


def union(boxes: Iterable[Box | None]) -> Box | None:
    present = [b for b in boxes if b is not None]
    if not present:
        return None
    return Box(
        min(b.x0 for b in present),
        min(b.y0 for b in present),
        max(b.x1 for b in present),
        max(b.y1 for b in present),
    )


def frame(action: Box, *, margin: float, least: tuple[float, float], bounds: Box) -> Box:
    """The part of a board to show for ``action``: ``margin`` round it, at least ``least``
    across and down, in a shape a phone shows whole, moved (and at worst cut) to stay
    within ``bounds``."""
    box = action.grown(margin)
    width, height = max(box.width, least[0]), max(box.height, least[1])
    if width / height > WIDEST:
        height = width / WIDEST
    elif width / height < NARROWEST:
        width = height * NARROWEST
    box = box.resized(min(width, bounds.width), min(height, bounds.height))
    dx = max(bounds.x0 - box.x0, 0.0) + min(bounds.x1 - box.x1, 0.0)
    dy = max(bounds.y0 - box.y0, 0.0) + min(bounds.y1 - box.y1, 0.0)
    return Box(box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy)
