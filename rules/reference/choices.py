"""Autocomplete choices: Discord allows at most 25, with names and values of ≤ 100 chars."""

from __future__ import annotations

MAX_CHOICES = 25
MAX_CHOICE_LENGTH = 100


def clip(text: str, limit: int = MAX_CHOICE_LENGTH) -> str:
    """``text`` cut to ``limit`` characters, ending in an ellipsis when it was cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def choice(name: str, value: str) -> tuple[str, str]:
    return (clip(name), clip(value))
