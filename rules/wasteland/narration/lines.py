"""What the narration tables share: the shape of a line and how dice are written."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rules.wasteland.seats import seat_label

Line = Callable[[Any], str | None]


def dice(values: Iterable[int]) -> str:
    """``3 7 10``: dice as rolled, in order."""
    return " ".join(str(v) for v in values)


def plural(count: int, word: str) -> str:
    """``1 hit``, ``2 hits``."""
    return f"{count} {word}{'s' if count != 1 else ''}"


def standings(order: tuple[str, ...], totals: dict[str, int]) -> str:
    """``Bravo 2, Alpha 2``: each seat's initiative total, in ``order``."""
    return ", ".join(f"{seat_label(s)} {totals[s]}" for s in order)


def rolloff(order: tuple[str, ...], rolloffs: dict[str, tuple[int, ...]]) -> str:
    """`` (roll-off: Bravo 6, Alpha 4)`` when a tie was rolled off, else nothing; a seat
    that rolled again after a tied roll-off shows each die (``Bravo 3 then 6``)."""
    shown = [
        f"{seat_label(s)} {' then '.join(str(d) for d in rolloffs[s])}"
        for s in order
        if rolloffs.get(s)
    ]
    return f" (roll-off: {', '.join(shown)})" if shown else ""
