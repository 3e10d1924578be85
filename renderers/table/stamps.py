"""Small things drawn smooth: bases, rings, markers, icons and badges.

Each is drawn once at four times the size, scaled down and kept, then pasted wherever it
recurs. The same few bases and badges come back on every picture of a game, so this gives
smooth edges for a fraction of the cost of drawing the whole table larger.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import replace

from PIL import Image, ImageDraw

from renderers.table.layout import Layout, Point

FACTOR = 4
# Badges are mostly text, which the font already smooths; twice the size does for them.
TEXT_FACTOR = 2
CACHE_SIZE = 2048

# Draws a stamp on the large canvas: (draw, layout at the large scale, centre). Lengths
# the caller measured in drawing units are multiplied by the factor.
Painter = Callable[[ImageDraw.ImageDraw, Layout, Point], None]

_cache: OrderedDict[Hashable, Image.Image] = OrderedDict()


def quantised(length: float) -> float:
    """``length`` to the nearest quarter unit, so that near-equal sizes share a stamp."""
    return round(length * 4) / 4


def stamp(
    image: Image.Image,
    lay: Layout,
    centre: Point,
    reach: tuple[float, float],
    key: Hashable,
    paint: Painter,
    factor: int = FACTOR,
) -> None:
    """Paste the stamp ``key`` centred on ``centre``, painting it first (``factor`` times
    larger) if it is new.

    ``reach`` is how far the drawing extends from its centre across and down (drawing
    units); ``key`` must name everything that changes how it looks.
    """
    half_w, half_h = math.ceil(reach[0]) + 1, math.ceil(reach[1]) + 1
    full_key = (key, half_w, half_h, lay.ss, factor)
    sprite = _cache.get(full_key)
    if sprite is None:
        sprite = _paint(lay, half_w, half_h, paint, factor)
        _cache[full_key] = sprite
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(full_key)
    corner = (round(centre[0]) - half_w, round(centre[1]) - half_h)
    image.paste(sprite, corner, sprite)


def _paint(lay: Layout, half_w: int, half_h: int, paint: Painter, factor: int) -> Image.Image:
    big = Image.new("RGBA", (2 * half_w * factor, 2 * half_h * factor))
    paint(ImageDraw.Draw(big), replace(lay, ss=lay.ss * factor), (half_w * factor, half_h * factor))
    small = big.reduce(factor)
    # Drawn over transparent black, the colours are already weighted by coverage; say so,
    # and convert to plain alpha so that soft edges keep their colour when pasted.
    return Image.frombytes("RGBa", small.size, small.tobytes()).convert("RGBA")
