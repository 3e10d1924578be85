"""The colours of the grid picture and which ink reads on which."""

from __future__ import annotations

from renderers.colour import Colour, blend, luminance
from renderers.seat_colours import seat_colour as seat_colour

BACKGROUND: Colour = (244, 241, 233)
LEGEND_FILL: Colour = (250, 248, 243)
FLOOR: Colour = (226, 222, 210)
NO_FLOOR: Colour = (92, 88, 84)
BOARD_EDGE: Colour = (60, 56, 50)
GRID_LINE: Colour = (150, 144, 132)
TILE_EDGE: Colour = (112, 104, 92)
INK: Colour = (28, 28, 32)
SOFT_INK: Colour = (96, 94, 90)
WHITE: Colour = (255, 255, 255)
HALO: Colour = (250, 248, 242)
WALL: Colour = (34, 32, 30)
BROKEN_WALL: Colour = (140, 126, 110)
DOOR: Colour = (168, 112, 52)
DOOR_OPEN: Colour = (236, 214, 170)
DESTROYED: Colour = (196, 40, 30)
ELEMENT: Colour = (196, 184, 158)
ELEMENT_EDGE: Colour = (92, 80, 60)
BLOCKS_MOVE: Colour = (240, 200, 0)
ON: Colour = (36, 150, 72)
OFF: Colour = (120, 120, 120)
UNPOWERED: Colour = (40, 44, 70)
UNPOWERED_AMOUNT = 0.32
HIGHLIGHT: Colour = (255, 204, 0)
SIGHT: Colour = (0, 114, 178)
BLOCKED: Colour = (213, 60, 0)
ARC: Colour = (230, 120, 0)
ARC_AMOUNT = 0.26
FACE_DOWN: Colour = (64, 70, 96)
FACE_DOWN_MARK: Colour = (170, 178, 210)
AOS: Colour = (196, 16, 64)  # crimson, apart from the orange and vermillion seats
DEAD: Colour = (210, 208, 202)

# Floor tiles are told apart by eight quiet shades; the key names each kind.
TILE_SHADES: tuple[Colour, ...] = (
    (228, 224, 212),  # stone
    (206, 214, 222),  # steel blue
    (214, 200, 170),  # sand
    (196, 214, 190),  # moss
    (224, 204, 204),  # rose
    (200, 200, 204),  # concrete
    (222, 214, 180),  # straw
    (186, 196, 212),  # slate
)


def ink_on(fill: Colour) -> Colour:
    """Black or white, whichever reads better on ``fill``."""
    return INK if luminance(fill) > 0.55 else WHITE


def unpowered(fill: Colour) -> Colour:
    """``fill`` darkened as the floor of a room without power."""
    return blend(fill, UNPOWERED, UNPOWERED_AMOUNT)
