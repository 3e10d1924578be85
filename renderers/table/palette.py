"""The colours of the table picture.

Seat colours are the shared Okabe-Ito set (``renderers.seat_colours``); terrain is told
apart by brightness and pattern as well as by hue.
"""

from __future__ import annotations

from renderers.colour import Colour, blend, luminance
from renderers.seat_colours import seat_colour as seat_colour
from rules.geometry.pieces import Terrain

BACKGROUND: Colour = (244, 241, 233)
LEGEND_FILL: Colour = (250, 248, 243)
FELT: Colour = (223, 218, 199)
TABLE_EDGE: Colour = (72, 66, 56)
INK: Colour = (28, 28, 32)
SOFT_INK: Colour = (96, 94, 90)
WHITE: Colour = (255, 255, 255)
HALO: Colour = (250, 248, 242)
HIGHLIGHT: Colour = (255, 204, 0)
DONE: Colour = (36, 140, 72)
SUPPRESSION: Colour = (196, 40, 30)
DEFENCE: Colour = (40, 84, 150)
SMOKE: Colour = (206, 206, 204)
SMOKE_HAZE: Colour = (214, 214, 212)
SMOKE_EDGE: Colour = (150, 150, 148)
FACE_DOWN: Colour = (64, 70, 96)
FACE_DOWN_MARK: Colour = (150, 160, 196)
OBJECTIVE_FACE: Colour = (252, 250, 240)
GRID: Colour = (40, 36, 30)

# How strongly a deployment zone tints the felt.
ZONE_TINT = 0.17

# A model that has already acted is drawn this much of the way towards a pale grey.
DIMMED: Colour = (232, 232, 228)
DIM_AMOUNT = 0.6

# Terrain ground colour by class, and the ink of the class's pattern.
TERRAIN_FILL: dict[Terrain, Colour] = {
    Terrain.CLEAR: (236, 233, 220),
    Terrain.DIFFICULT: (201, 176, 134),
    Terrain.DANGEROUS: (236, 160, 72),
    Terrain.IMPASSABLE: (52, 50, 56),
    Terrain.CONCEALMENT: (146, 182, 118),
    Terrain.COVER: (168, 178, 200),
    Terrain.BUILDING: (96, 92, 100),
    Terrain.RUINS: (156, 146, 138),
}
TERRAIN_INK: dict[Terrain, Colour] = {
    Terrain.CLEAR: (150, 146, 130),
    Terrain.DIFFICULT: (104, 74, 36),
    Terrain.DANGEROUS: (28, 28, 32),
    Terrain.IMPASSABLE: (120, 116, 126),
    Terrain.CONCEALMENT: (38, 92, 40),
    Terrain.COVER: (40, 52, 96),
    Terrain.BUILDING: (60, 56, 64),
    Terrain.RUINS: (70, 62, 58),
}

MEASURE: dict[str, Colour] = {
    "distance": (28, 28, 32),
    "sight": (0, 114, 178),
    "blocked": (213, 60, 0),
    "path": (120, 44, 150),
}


def ink_on(fill: Colour) -> Colour:
    """Black or white, whichever reads better on ``fill``."""
    return INK if luminance(fill) > 0.55 else WHITE


def readable(colour: Colour) -> Colour:
    """``colour`` darkened if need be so that text in it reads on the light table."""
    return blend(colour, INK, 0.45) if luminance(colour) > 0.5 else colour


def dimmed(colour: Colour) -> Colour:
    return blend(colour, DIMMED, DIM_AMOUNT)


def zone_fill(colour: Colour) -> Colour:
    """The table felt tinted with a seat's colour, for its deployment zone."""
    return blend(FELT, colour, ZONE_TINT)


def edge_of(fill: Colour) -> Colour:
    """A darker outline for an area of ``fill`` (lighter for the darkest fills)."""
    return blend(fill, WHITE, 0.35) if luminance(fill) < 0.3 else blend(fill, INK, 0.45)
