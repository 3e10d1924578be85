"""A race track: one lane per runner with the goal at the right."""

from __future__ import annotations

import io

from PIL import Image, ImageColor, ImageDraw, ImageFont

from renderers.registry import register
from rules.core.track import TrackScene

CELL = 40
MARGIN = 80


def draw_track(scene: TrackScene) -> bytes:
    """Draw the track: lanes, squares up to the goal and each runner's token."""
    width = MARGIN + CELL * (scene.goal + 1) + 20
    height = 40 + 60 * len(scene.lanes) + 30
    image = Image.new("RGB", (width, height), (245, 242, 232))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    draw.text((10, 10), scene.title, fill=(30, 30, 30), font=font)
    for index, lane in enumerate(scene.lanes):
        top = 40 + index * 60
        colour = ImageColor.getrgb(lane.colour)
        draw.text((10, top + 15), lane.label, fill=colour, font=font)
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
            draw.text((centre_x - 3, top + CELL), "▲", fill=colour, font=font)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


register(TrackScene, draw_track)
