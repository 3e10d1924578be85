"""The squad game's seats: ids, labels and the letter that starts each seat's unit ids."""

from __future__ import annotations

from rules.core.system import SeatSpec

SEAT_SPECS = (
    SeatSpec(id="alpha", label="Alpha"),
    SeatSpec(id="bravo", label="Bravo"),
    SeatSpec(id="charlie", label="Charlie"),
    SeatSpec(id="delta", label="Delta"),
)

_LABELS = {spec.id: spec.label for spec in SEAT_SPECS}


def seat_label(seat: str | None) -> str:
    """ "Alpha" for ``alpha``; "nobody" for no seat."""
    if seat is None:
        return "nobody"
    return _LABELS.get(seat, seat)


def unit_letter(seat: str) -> str:
    """The letter of a seat's unit ids (A1, A2 for Alpha)."""
    return seat_label(seat)[:1].upper()
