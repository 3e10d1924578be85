"""Wasteland's seats: their ids (what players type and events store) and their labels
(what players read), from one table shared by the system and every line it writes."""

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
    """The label players read for ``seat`` ("Alpha" for ``alpha``; "nobody" for no seat);
    anything that is not a seat id (a unit id told in a seat's place, say) is written as
    it is."""
    if seat is None:
        return "nobody"
    return _LABELS.get(seat, seat)
