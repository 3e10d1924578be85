"""Lengths of time as messages, worded in the reader's language when shown: the same
roundings as :mod:`rules.core.wording` (``12 hours``, ``90 minutes``, ``3 days 4 hours``),
``12 Stunden`` in German."""

from __future__ import annotations

from bot.messages import Message, said, said_n


def _count(value: float) -> tuple[str, int]:
    """The number as shown (``24``, ``1.5``) and the count that picks its plural form."""
    shown = f"{value:g}" if isinstance(value, float) else str(value)
    return shown, 1 if value == 1 else 2


def minutes_said(value: float) -> Message:
    shown, count = _count(value)
    return said_n(count, "{count} minute", "{count} minutes", count=shown)


def hours_count(value: float) -> Message:
    shown, count = _count(value)
    return said_n(count, "{count} hour", "{count} hours", count=shown)


def days_said(value: float) -> Message:
    shown, count = _count(value)
    return said_n(count, "{count} day", "{count} days", count=shown)


def duration_said(minutes: float) -> Message:
    """A length of time in the largest whole unit that states it exactly (see
    :func:`rules.core.wording.duration`)."""
    if minutes % 60:
        return minutes_said(round(minutes) if minutes == round(minutes) else minutes)
    hours = int(minutes // 60)
    if hours % 24 == 0:
        return days_said(hours // 24)
    return hours_count(hours)


def hours_said(value: float) -> Message:
    """A number of hours a person set, in the unit they set it in; minutes below an hour
    (see :func:`rules.core.wording.hours`)."""
    return hours_count(value) if value >= 1 else duration_said(value * 60)


def elapsed_said(seconds: float) -> Message:
    """How long something has really lasted, rounded down to what a person would say:
    ``40 minutes``, ``26 hours``, ``3 days 4 hours`` (see
    :func:`rules.core.wording.elapsed`)."""
    minutes = max(0, int(seconds // 60))
    if minutes < 60:
        return minutes_said(minutes)
    hours_passed = minutes // 60
    if hours_passed < 48:
        return hours_count(hours_passed)
    days, rest = divmod(hours_passed, 24)
    if not rest:
        return days_said(days)
    return said("{days} {hours}", days=days_said(days), hours=hours_count(rest))


def span_said(seconds: float) -> Message:
    """A rough, readable length of time: ``40 minutes``, ``3 hours``, ``2 days`` (see
    :func:`bot.service.authority.span`)."""
    minutes = max(0, round(seconds / 60))
    if minutes < 90:
        return minutes_said(minutes)
    hours = round(minutes / 60)
    if hours < 48:
        return hours_count(hours)
    return days_said(round(hours / 24))
