"""The black-powder game's seats (two) and the letter that starts each seat's unit ids."""

from __future__ import annotations

from rules.core.seats import PHONETIC_SEATS, seat_labeller

SEAT_SPECS = PHONETIC_SEATS[:2]
seat_label = seat_labeller(SEAT_SPECS)


def unit_letter(seat: str) -> str:
    """The letter of a seat's unit ids (A1, A2 for Alpha)."""
    return seat_label(seat)[:1].upper()


def marker_id(seat: str, number: int) -> str:
    """A hidden-movement marker's public name (HA1, HA2 for Alpha's markers)."""
    return f"H{unit_letter(seat)}{number}"
