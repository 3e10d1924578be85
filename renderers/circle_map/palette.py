"""The colours of the board picture and which ink reads on which."""

from __future__ import annotations

from renderers.colour import Colour, blend, luminance

BACKGROUND: Colour = (244, 240, 230)
MAP_FLOOR: Colour = (232, 225, 207)
MAP_EDGE: Colour = (120, 108, 88)
INK: Colour = (30, 30, 34)
SOFT_INK: Colour = (90, 88, 84)
WHITE: Colour = (255, 255, 255)
HALO: Colour = (250, 248, 242)
WALL: Colour = (48, 44, 40)
DOOR: Colour = (214, 178, 112)
ADJACENCY: Colour = (158, 154, 146)
CIRCLE_FACE: Colour = (252, 250, 243)
HELPS: Colour = (32, 132, 56)
HINDERS: Colour = (196, 36, 36)
PRIMARY: Colour = (226, 170, 20)
SECONDARY: Colour = (178, 184, 194)
ACTION: Colour = (60, 140, 196)
CRATE: Colour = (160, 106, 52)
CRATE_DARK: Colour = (92, 58, 26)
BAG: Colour = (120, 82, 44)
SMOKE: Colour = (172, 172, 176)
SMOKE_FACE: Colour = (200, 200, 204)
SMOKE_DARK: Colour = (96, 96, 102)
RUBBLE: Colour = (128, 80, 36)
RUBBLE_FACE: Colour = (222, 196, 160)
HIGHLIGHT: Colour = (255, 206, 0)
OVERWATCH: Colour = (28, 52, 120)
DONE: Colour = (40, 150, 70)
BANNER: Colour = (250, 214, 90)
NEUTRAL_SIDE: Colour = (110, 110, 110)


def rgb(hex_colour: str | None, fallback: Colour = NEUTRAL_SIDE) -> Colour:
    """``#rrggbb`` as a triple; anything else gives ``fallback``."""
    if not hex_colour or len(hex_colour) != 7 or not hex_colour.startswith("#"):
        return fallback
    try:
        value = int(hex_colour[1:], 16)
    except ValueError:
        return fallback
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def readable(colour: Colour) -> Colour:
    """``colour`` darkened if need be so that text in it reads on the light board."""
    return blend(colour, INK, 0.5) if luminance(colour) > 0.6 else colour


def ink_on(fill: Colour) -> Colour:
    """Black or white, whichever reads better on ``fill``."""
    return INK if luminance(fill) > 0.6 else WHITE
