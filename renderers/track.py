"""A race track: one lane per runner with the goal at the right.

Text goes through the shared lettering, which folds characters the built-in font lacks
(``—`` becomes ``-``), and the mark under a runner is drawn, not a glyph, so no picture
shows a missing-glyph box."""

from __future__ import annotations

import io

from PIL import Image, ImageColor, ImageDraw

from renderers.lettering import label
from renderers.registry import register
from rules.core.track import TrackScene

CELL = 40
TEXT_SIZE = 12
MARGIN = 80


def draw_track(scene: TrackScene) -> bytes:
    """Draw the track: lanes, squares up to the goal and each runner's token."""
    width = MARGIN + CELL * (scene.goal + 1) + 20
    height = 40 + 60 * len(scene.lanes) + 30
    image = Image.new("RGB", (width, height), (245, 242, 232))
    draw = ImageDraw.Draw(image)
    label(draw, (10, 10), scene.title, TEXT_SIZE, (30, 30, 30), anchor="la")
    for index, lane in enumerate(scene.lanes):
        top = 40 + index * 60
        red, green, blue = ImageColor.getrgb(lane.colour)[:3]
        colour = (red, green, blue)
        label(draw, (10, top + 15), lane.label, TEXT_SIZE, colour, anchor="la")
        for square in range(scene.goal + 1):
            left = MARGIN + square * CELL
            fill = (255, 230, 120) if square == scene.goal else (255, 255, 255)
            draw.rectangle(
                (left, top, left + CELL - 4, top + CELL - 4), fill=fill, outline=(0, 0, 0)
            )
        centre_x = MARGIN + lane.position * CELL + (CELL - 4) // 2
        centre_y = top + (CELL - 4) // 2
        draw.ellipse((centre_x - 12, centre_y - 12, centre_x + 12, centre_y + 12), fill=colour)
        if lane.marked:
            tip = top + CELL + 1
            draw.polygon(
                [(centre_x, tip), (centre_x - 5, tip + 9), (centre_x + 5, tip + 9)], fill=colour
            )
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


register(TrackScene, draw_track)
