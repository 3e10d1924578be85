"""The eight seat colours of the pictures that number seats 0-7.

They follow the Okabe-Ito set, which stays distinct for the common kinds of colour
blindness.
"""

from __future__ import annotations

from renderers.colour import Colour

SEAT: tuple[Colour, ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (240, 228, 66),  # yellow
    (70, 70, 70),  # charcoal
)

# A piece whose seat is unknown to the scene.
NEUTRAL: Colour = (120, 120, 120)


def seat_colour(index: int | None) -> Colour:
    """The colour of seat ``index`` (counting on past the eighth), grey for no seat."""
    return NEUTRAL if index is None else SEAT[index % len(SEAT)]
