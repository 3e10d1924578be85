"""Seats named by the phonetic alphabet (Alpha, Bravo, Charlie, Delta), as several systems
seat their players, and the label players read for a seat id in the lines a system writes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.core.system import SeatSpec

PHONETIC_SEATS = (
    SeatSpec(id="alpha", label="Alpha"),
    SeatSpec(id="bravo", label="Bravo"),
    SeatSpec(id="charlie", label="Charlie"),
    SeatSpec(id="delta", label="Delta"),
)


def seat_labeller(specs: Sequence[SeatSpec]) -> Callable[[str | None], str]:
    """A function giving the label of a seat id ("Alpha" for ``alpha``), "nobody" for no
    seat, and anything that is not a seat id (a unit id told in a seat's place) as it is."""
    labels = {spec.id: spec.label for spec in specs}

    def seat_label(seat: str | None) -> str:
        if seat is None:
            return "nobody"
        return labels.get(seat, seat)

    return seat_label
