"""What the narration tables share: the shape of a line and how dice are written."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Line = Callable[[Any], str | None]


def dice(values: Iterable[int]) -> str:
    """``3 7 10``: dice as rolled, in order."""
    return " ".join(str(v) for v in values)


def plural(count: int, word: str) -> str:
    """``1 hit``, ``2 hits``."""
    return f"{count} {word}{'s' if count != 1 else ''}"
