"""Counts and lengths of time in words, shared by every system and the bot so that all
of them say "12 hours" alike (never "720 minutes" in one and "12 hour(s)" in another)."""

from __future__ import annotations

from rules.core.language import Language

IRREGULAR = {"die": "dice", "success": "successes", "match": "matches", "is": "are"}


def plural(count: float, word: str, many: str | None = None) -> str:
    """``1 action``, ``2 actions``, ``1.5 hours``; ``many`` for a word whose plural is not
    formed by adding "s" (known irregular words are found by themselves)."""
    shown = f"{count:g}" if isinstance(count, float) else str(count)
    if count == 1:
        return f"{shown} {word}"
    return f"{shown} {many or IRREGULAR.get(word, word + 's')}"


def duration(minutes: float) -> str:
    """A length of time in the largest whole unit that states it exactly: ``45 minutes``,
    ``12 hours``, ``2 days``, ``90 minutes`` (not a rounded ``2 hours``)."""
    if minutes % 60:
        return plural(round(minutes) if minutes == round(minutes) else minutes, "minute")
    hours = int(minutes // 60)
    if hours % 24 == 0:
        return plural(hours // 24, "day")
    return plural(hours, "hour")


GERMAN_UNITS = {
    "minute": ("Minute", "Minuten"),
    "hour": ("Stunde", "Stunden"),
    "day": ("Tag", "Tage"),
}


def elapsed(seconds: float, language: Language = Language.ENGLISH) -> str:
    """How long something has really lasted, rounded down to what a person would say:
    ``40 minutes``, ``26 hours``, ``3 days 4 hours`` (in German ``3 Tage 4 Stunden``)."""

    def count(number: int, unit: str) -> str:
        if language is Language.GERMAN:
            one, many = GERMAN_UNITS[unit]
            return f"{number} {one if number == 1 else many}"
        return plural(number, unit)

    minutes = max(0, int(seconds // 60))
    if minutes < 60:
        return count(minutes, "minute")
    hours_passed = minutes // 60
    if hours_passed < 48:
        return count(hours_passed, "hour")
    days, rest = divmod(hours_passed, 24)
    return count(days, "day") + (f" {count(rest, 'hour')}" if rest else "")


def hours(value: float) -> str:
    """A number of hours a person set (``/game settings reminder:``) in the unit they set
    it in (``24 hours``), minutes only below one hour."""
    return plural(value, "hour") if value >= 1 else duration(value * 60)
