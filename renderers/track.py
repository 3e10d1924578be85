"""A race track: one lane per seat with the goal at the right (used by the demo system)."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw, ImageFont

LANE_COLOURS = {"red": (200, 60, 60), "blue": (60, 100, 200)}
CELL = 40
MARGIN = 80


def draw_track(view: Any) -> bytes:
    """Draw the public race view: lanes, squares up to the goal and each runner's token."""
    seats = list(view.positions)
    width = MARGIN + CELL * (view.goal + 1) + 20
    height = 40 + 60 * len(seats) + 30
    image = Image.new("RGB", (width, height), (245, 242, 232))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    title = f"Turn {view.turn} — {view.phase}" + (" — finished" if view.finished else "")
    draw.text((10, 10), title, fill=(30, 30, 30), font=font)
    for lane, seat in enumerate(seats):
        top = 40 + lane * 60
        colour = LANE_COLOURS.get(seat, (90, 90, 90))
        draw.text((10, top + 15), seat.title(), fill=colour, font=font)
        for square in range(view.goal + 1):
            left = MARGIN + square * CELL
            fill = (255, 230, 120) if square == view.goal else (255, 255, 255)
            draw.rectangle(
                (left, top, left + CELL - 4, top + CELL - 4), fill=fill, outline=(0, 0, 0)
            )
        position = view.positions[seat]
        centre_x = MARGIN + position * CELL + (CELL - 4) // 2
        centre_y = top + (CELL - 4) // 2
        draw.ellipse((centre_x - 12, centre_y - 12, centre_x + 12, centre_y + 12), fill=colour)
        if view.active == seat and not view.finished:
            draw.text((centre_x - 3, top + CELL), "▲", fill=colour, font=font)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()
