"""A game's settings beyond the reminder delay, kept as JSON in ``games.settings``: how
much the channel is told (verbosity), how often a board picture comes, the absent-player
deadline, and each player's reminder choices (where, and their quiet hours).

The game's ``language`` (its creator's when set up) words what nobody in particular asked
for: the channel's reminders and timers' lines, the dashboard and the board picture.

Every reader goes through :func:`read_settings`, which gives the defaults for a game saved
before settings existed (NULL) and for any field an earlier release did not write.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from typing import Literal, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.messages import Message, joined, said
from bot.service.errors import UserError
from rules.core.language import Language

T = TypeVar("T")
Posts = Literal["full", "compact", "quiet"]
Board = Literal["activation", "round", "request"]
Reminders = Literal["channel", "dm", "both"]
AbsentAction = Literal["pass", "pause"]

POSTS: dict[str, Posts] = {"full": "full", "compact": "compact", "quiet": "quiet"}
BOARD: dict[str, Board] = {
    "every activation": "activation",
    "activation": "activation",
    "every round": "round",
    "round": "round",
    "on request": "request",
    "request": "request",
}
REMINDERS: dict[str, Reminders] = {"channel": "channel", "dm": "dm", "both": "both"}
ABSENT_ACTIONS: dict[str, AbsentAction] = {"pass": "pass", "pause": "pause"}
LANGUAGES: dict[str, Language] = {
    **{language.value: language for language in Language},
    "english": Language.ENGLISH,
    "german": Language.GERMAN,
    "deutsch": Language.GERMAN,
}
BOARD_WORDS: dict[Board, str] = {
    "activation": "every activation",
    "round": "every round",
    "request": "on request",
}
BOARD_SAID: dict[Board, Message] = {
    "activation": said("every activation"),
    "round": said("every round"),
    "request": said("on request"),
}
POSTS_SAID: dict[Posts, Message] = {
    "full": said("full"),
    "compact": said("compact"),
    "quiet": said("quiet"),
}
LANGUAGE_NAMES: dict[Language, str] = {Language.ENGLISH: "English", Language.GERMAN: "Deutsch"}
"""Each language in its own words, as `/game settings` shows it."""

MIN_ABSENT_HOURS = 1.0
MAX_ABSENT_HOURS = 30 * 24.0
WARN_AT = 0.75
"""The share of the absent-player deadline after which the player is warned."""


class QuietHours(BaseModel):
    """From ``start`` to ``end`` o'clock (whole hours, local time) reminders wait; the
    stretch may run past midnight (22-07). ``zone`` is an IANA name or ``UTC±H[:MM]``."""

    model_config = ConfigDict(frozen=True)

    start: int = Field(ge=0, le=23)
    end: int = Field(ge=0, le=23)
    zone: str = "UTC"

    def describe(self) -> str:
        return f"{self.start:02d}-{self.end:02d} {self.zone}"

    def ends_after(self, at: float) -> float | None:
        """When the quiet stretch holding ``at`` ends (epoch seconds); None when ``at`` is
        outside it."""
        local = datetime.fromtimestamp(at, zone_of(self.zone))
        hour = local.hour
        inside = (
            self.start <= hour < self.end
            if self.start < self.end
            else hour >= self.start or hour < self.end
        )
        if not inside or self.start == self.end:
            return None
        end = local.replace(hour=self.end, minute=0, second=0, microsecond=0)
        if end <= local:
            end += timedelta(days=1)
        return end.timestamp()


class PlayerReminders(BaseModel):
    """One player's reminder choices in one game."""

    model_config = ConfigDict(frozen=True)

    reminders: Reminders = "channel"
    quiet: QuietHours | None = None

    def describe(self) -> Message:
        where = {
            "channel": said("reminders in the channel"),
            "dm": said("reminders by DM"),
            "both": said("reminders in the channel and by DM"),
        }[self.reminders]
        if self.quiet is None:
            return where
        return said("{where}, quiet hours {hours}", where=where, hours=self.quiet.describe())


class TableSettings(BaseModel):
    """Everything ``/game settings`` sets besides the reminder delay."""

    model_config = ConfigDict(frozen=True)

    posts: Posts = "full"
    board: Board = "activation"
    absent_hours: float | None = None  # None: no absent-player deadline
    absent_action: AbsentAction = "pass"
    language: Language = Language.ENGLISH
    players: dict[str, PlayerReminders] = Field(default_factory=dict)  # by user id
    # bookkeeping of the timers, each for the wait that began at the time it holds:
    owed: dict[str, float] = Field(default_factory=dict)  # reminders waiting out quiet hours
    absent_warned: float | None = None  # the absent player was warned during this wait

    def of_player(self, user_id: int) -> PlayerReminders:
        return self.players.get(str(user_id), PlayerReminders())

    def to_json(self) -> str:
        return self.model_dump_json(exclude_defaults=True)


def game_language(settings_text: str | None) -> Language:
    """The language of a game whose stored settings are ``settings_text``."""
    return read_settings(settings_text).language


@lru_cache(maxsize=512)
def read_settings(text: str | None) -> TableSettings:
    """The settings stored for a game; the defaults for NULL (a game saved earlier).
    Settings are frozen, so one object serves every command that reads the same text
    (each action reads them: parsed once, not every time)."""
    if not text:
        return TableSettings()
    try:
        return TableSettings.model_validate_json(text)
    except ValidationError:
        return TableSettings()  # never written by hand; a damaged value falls back


def choice(value: str, known: dict[str, T], what: str) -> T:
    """``value`` as one of ``known``'s keys (any case), or a refusal listing them."""
    found = known.get(value.strip().lower())
    if found is None:
        options = joined(f"`{k}`" for k in dict.fromkeys(known))
        raise UserError(
            said(
                "`{what}` takes one of {options}, not `{value}`.",
                what=what,
                options=options,
                value=value,
            )
        )
    return found


_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(h|hours?|d|days?)?\s*$", re.IGNORECASE)


def absent_hours(text: str) -> float | None:
    """``48h``, ``2d`` or ``36`` (hours) as hours; ``off`` (or ``none``) removes the deadline."""
    if text.strip().lower() in ("off", "none", "no"):
        return None
    match = _DURATION.match(text)
    if match is None:
        raise UserError(
            said(
                "`absent_after` is a time such as `48h` or `2d` (or `off`), not `{text}`.",
                text=text,
            )
        )
    hours = float(match.group(1)) * (24 if (match.group(2) or "h")[0].lower() == "d" else 1)
    if not MIN_ABSENT_HOURS <= hours <= MAX_ABSENT_HOURS:
        raise UserError(said("`absent_after` must be between 1 hour and 30 days."))
    return hours


_QUIET = re.compile(r"^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*(?:\s+(\S+))?\s*$")
_OFFSET = re.compile(r"^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)


def quiet_hours(text: str, zone: str | None = None) -> QuietHours | None:
    """``22-07``, ``22-07 Europe/Berlin`` or ``22-07 UTC+2`` as quiet hours (the zone may
    also come separately); ``off`` removes them."""
    if text.strip().lower() in ("off", "none", "no"):
        return None
    match = _QUIET.match(text)
    if match is None:
        raise UserError(
            said(
                "`quiet_hours` is a stretch of whole hours such as `22-07`, optionally with a "
                "UTC offset or time zone (`22-07 UTC+1`, `22-07 Europe/Berlin`), not `{text}`.",
                text=text,
            )
        )
    start, end = int(match.group(1)), int(match.group(2))
    if start > 23 or end > 23 or start == end:
        raise UserError(said("Quiet hours run from one hour (0-23) to another, e.g. `22-07`."))
    named = zone or match.group(3) or "UTC"
    zone_of(named)  # refused here when unknown
    return QuietHours(start=start, end=end, zone=normal_zone(named))


def normal_zone(name: str) -> str:
    """``utc+2`` as ``UTC+02:00``; an IANA name as given."""
    match = _OFFSET.match(name.strip())
    if match is None:
        return "UTC" if name.strip().upper() in ("UTC", "GMT", "Z") else name.strip()
    sign, hours, minutes = match.group(1), int(match.group(2)), int(match.group(3) or 0)
    return f"UTC{sign}{hours:02d}:{minutes:02d}"


def zone_of(name: str) -> tzinfo:
    """A UTC offset or an IANA time zone; a refusal when it is neither."""
    text = name.strip()
    if text.upper() in ("UTC", "GMT", "Z"):
        return UTC
    match = _OFFSET.match(text)
    if match is not None:
        hours, minutes = int(match.group(2)), int(match.group(3) or 0)
        if hours > 14 or minutes > 59:
            raise UserError(said("`{name}` is no UTC offset (from UTC-14 to UTC+14).", name=name))
        delta = timedelta(hours=hours, minutes=minutes)
        return timezone(-delta if match.group(1) == "-" else delta)
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise UserError(
            said(
                "`{name}` is no time zone I know: give a UTC offset (`UTC+1`) or a name such "
                "as `Europe/Berlin`.",
                name=name,
            )
        ) from None
