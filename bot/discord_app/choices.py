"""Autocomplete choices from (name, value) pairs, filtered by what was typed."""

from __future__ import annotations

from collections.abc import Iterable

from discord import app_commands

MAX_CHOICES = 25


def matching_choices(
    pairs: Iterable[tuple[str, str]], current: str
) -> list[app_commands.Choice[str]]:
    """Pairs whose name or value contains ``current`` (any case), at most 25, within limits."""
    typed = current.lower().strip()
    return [
        app_commands.Choice(name=name[:100], value=value[:100])
        for name, value in pairs
        if typed in name.lower() or typed in value.lower()
    ][:MAX_CHOICES]
