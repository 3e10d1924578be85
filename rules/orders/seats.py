"""The order-tile game's seats and the letter that starts each seat's character labels."""

from __future__ import annotations

from rules.core.seats import PHONETIC_SEATS, seat_labeller

SEAT_SPECS = PHONETIC_SEATS
seat_label = seat_labeller(SEAT_SPECS)


def seat_letter(seat: str) -> str:
    """The letter of a seat's character labels (A1, A2 for Alpha)."""
    return seat_label(seat)[:1].upper()
