"""The squad game's seats: ids, labels and the letter that starts each seat's unit ids."""

from __future__ import annotations

from rules.core.seats import PHONETIC_SEATS, seat_labeller

SEAT_SPECS = PHONETIC_SEATS
seat_label = seat_labeller(SEAT_SPECS)


def unit_letter(seat: str) -> str:
    """The letter of a seat's unit ids (A1, A2 for Alpha)."""
    return seat_label(seat)[:1].upper()
