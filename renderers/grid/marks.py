"""Small marks on squares and pieces: badges, the blocks-movement and blocks-sight icons
and the ON / OFF plate of a floor element."""

from __future__ import annotations

from PIL import ImageDraw

from renderers.badges import BadgeStyle, badge_size, draw_badge
from renderers.colour import Colour
from renderers.grid.palette import DESTROYED, INK, OFF, ON, WHITE

Point = tuple[float, float]

STYLE = BadgeStyle(height=1.3, padding=0.5, rounding=3.0, stroke=8, lift=0.04)
BADGE_FONT = 0.27  # of a square's side


def badge_font(side: float) -> int:
    return max(6, round(side * BADGE_FONT))


def badge(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    text: str,
    side: float,
    fill: Colour,
    ink: Colour,
    outline: Colour,
) -> None:
    """``text`` on a rounded plate sized for a square ``side`` long."""
    draw_badge(draw, centre, text, badge_font(side), fill, ink, outline, STYLE)


def badge_width(text: str, side: float) -> float:
    return badge_size(text, badge_font(side), STYLE)[0]


def state_plate(draw: ImageDraw.ImageDraw, centre: Point, on: bool, side: float) -> None:
    """``ON`` on green or ``OFF`` on grey."""
    badge(draw, centre, "ON" if on else "OFF", side, ON if on else OFF, WHITE, INK)


def no_entry(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    """Blocks movement: a red disc with a white bar."""
    x, y = centre
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=DESTROYED,
        outline=WHITE,
        width=max(1, round(radius * 0.15)),
    )
    bar = radius * 0.22
    draw.rectangle((x - radius * 0.6, y - bar, x + radius * 0.6, y + bar), fill=WHITE)


def no_sight(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    """Blocks sight: an eye struck through, on a white disc."""
    x, y = centre
    line = max(1, round(radius * 0.16))
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius), fill=WHITE, outline=INK, width=line
    )
    eye_w, eye_h = radius * 0.7, radius * 0.4
    draw.ellipse((x - eye_w, y - eye_h, x + eye_w, y + eye_h), outline=INK, width=line)
    pupil = radius * 0.18
    draw.ellipse((x - pupil, y - pupil, x + pupil, y + pupil), fill=INK)
    reach = radius * 0.7
    draw.line((x - reach, y + reach, x + reach, y - reach), fill=DESTROYED, width=line + 1)
