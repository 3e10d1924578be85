"""Autocomplete choices: Discord allows at most 25, with names and values of ≤ 100 chars."""

from __future__ import annotations

from collections.abc import Callable, Iterable

MAX_CHOICES = 25
MAX_CHOICE_LENGTH = 100


def clip(text: str, limit: int = MAX_CHOICE_LENGTH) -> str:
    """``text`` cut to ``limit`` characters, ending in an ellipsis when it was cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def choice(name: str, value: str) -> tuple[str, str]:
    return (clip(name), clip(value))


def preferred_first(items: Iterable[int], preferred: Callable[[int], bool]) -> list[int]:
    """``items`` with the preferred ones (the game being played's) first, each group in
    its own order."""
    ordered = list(items)
    return [i for i in ordered if preferred(i)] + [i for i in ordered if not preferred(i)]
