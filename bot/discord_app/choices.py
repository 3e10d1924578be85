"""Autocomplete choices from (name, value) pairs, filtered by what was typed."""

from __future__ import annotations

from collections.abc import Iterable

from discord import app_commands

from bot.service.typing_choices import matching_pairs


def matching_choices(
    pairs: Iterable[tuple[str, str]], current: str, *, translated: bool = False
) -> list[app_commands.Choice[str]]:
    """Pairs whose name or value contains ``current`` (any case), at most 25, within limits.

    ``translated`` names are our own words (system names, sides): discord.py then asks the
    translator for each in the reader's locale (``choice_name`` entries of ``de.po``), so a
    German reader sees the German name; names users typed are never translated."""
    return [
        app_commands.Choice(
            name=app_commands.locale_str(name[:100]) if translated else name[:100],
            value=value[:100],
        )
        for name, value in matching_pairs(pairs, current)
    ]
