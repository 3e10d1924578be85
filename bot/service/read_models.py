"""What the service answers when asked about games, as typed, frozen values.

Front ends word these for their audience (an embed, a terminal line, a file); the service
only decides what each user may read. What they hold in words (a pause, the dashboard's
deadline) is worded in the language they were asked for.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.durations import hours_said
from bot.messages import joined, or_chain, said
from rules.core.engine import VerifyReport
from rules.core.language import Language


class ReadModel(BaseModel):
    model_config = ConfigDict(frozen=True)


# -- status ---------------------------------------------------------------------------
class SeatHolder(ReadModel):
    """A taken seat: its id, the side's label and the member holding it."""

    seat: str
    label: str
    user_id: int


class AwaitedSeat(ReadModel):
    """A seat the game waits on; ``user_id`` is None when nobody holds it."""

    seat: str
    label: str
    user_id: int | None


class Progress(ReadModel):
    """Where a started game stands, as one user sees it."""

    phase: str
    summary: str
    waiting_on: tuple[AwaitedSeat, ...]
    legal: tuple[str, ...]  # the asking user's legal actions (none for spectators)
    winners: tuple[str, ...]  # labels of the winning sides


class GameStatus(ReadModel):
    """A game's status: seats, free sides, the dice commitment and, once started, its
    progress."""

    game_id: int
    system: str  # the system's name
    status: str  # lobby, active or finished
    version: int  # the store version, except from Standing.status: the public records counted
    seats: tuple[SeatHolder, ...]
    free: tuple[str, ...]  # labels of the sides nobody holds
    commitment: str
    reminder_hours: float
    paused: str | None = None  # "paused by …" while a game under way is paused
    progress: Progress | None = None  # None until the game starts


class ListedGame(ReadModel):
    """One of a user's games in the list across channels."""

    channel_id: int
    your_move: bool
    game: GameStatus


# -- the record -----------------------------------------------------------------------
class LogPage(ReadModel):
    """Lines of a game's log that one user may read, oldest first: the last ones asked
    for, or page ``page`` of ``pages``. ``game_id`` and ``upto`` (the store position of
    the last record when the first page was read) let a viewer page on through the same
    log; ``upto`` is never shown, since it counts records others keep secret."""

    lines: tuple[str, ...]
    page: int = 1
    pages: int = 1
    game_id: int = 0
    upto: int = 0


class ExportedSeat(ReadModel):
    seat: str
    user_id: int
    name: str


class ExportedRecord(ReadModel):
    """A log record the reader may see, with its payload as stored.

    ``number`` is the record's number as players see it (public records counted alone);
    ``seq`` and ``batch`` are its place in the store, given only once the game is over,
    since before then they would count the records other players keep secret.
    """

    number: str
    seq: int | None
    batch: int | None
    kind: str
    seat: str | None
    user_id: int | None
    visibility: str
    undone: bool
    at: float
    payload: Any


class GameExport(ReadModel):
    """A game's setup and log; the seed appears once the game is over."""

    format: str
    game_id: int
    system: str  # the system's id
    rules_version: str
    options: dict[str, Any]
    seats: tuple[ExportedSeat, ...]
    status: str
    commitment: str
    seed: str | None  # hex, after the end
    log: tuple[ExportedRecord, ...]

    def to_json(self) -> str:
        """The export file's text: the setup one field a line, then one record a line.

        Each record is dumped on its own, so that in a worker thread a long game's export
        never holds the interpreter (and with it the bot's event loop) for long.
        """
        setup = self.model_dump(mode="json", exclude={"log"})
        lines = [f" {json.dumps(key)}: {json.dumps(value)}," for key, value in setup.items()]
        records = ",\n".join(f"  {json.dumps(r.model_dump(mode='json'))}" for r in self.log)
        return "{\n" + "\n".join(lines) + '\n "log": [\n' + records + "\n ]\n}\n"


class OutOfSequence(ReadModel):
    """A roll that does not start at the counter the game's dice stream stood at."""

    number: str  # its log number as players see it
    purpose: str
    expected: tuple[int, ...]  # the counters it could have started at
    found: int

    def describe(self, language: Language = Language.ENGLISH) -> str:
        expected = or_chain([str(counter) for counter in self.expected])
        return said(
            "roll #{number} ({purpose}) starts at counter {found} where {expected} was due",
            number=self.number,
            purpose=self.purpose,
            found=self.found,
            expected=expected,
        ).in_(language)


class Confirmation(ReadModel):
    """A question put before an action that cannot be taken back, and its button."""

    game_id: int
    question: str
    confirm: str  # the label of the button that goes ahead


class Verification(ReadModel):
    """Whether the snapshot equals a replay of the log and, after the end, whether every
    roll matches the revealed seed (``report``; None while the seed is secret) and the
    rolls used the dice stream in order (``out_of_sequence``: the first that did not)."""

    game_id: int
    status: str
    commitment: str
    seed: str | None  # hex, after the end
    report: VerifyReport | None
    consistent: bool
    out_of_sequence: OutOfSequence | None = None

    @property
    def fair(self) -> bool:
        """The seed is revealed, every roll matches it and none was out of sequence."""
        return self.report is not None and self.report.ok and self.out_of_sequence is None


# -- the dashboard ----------------------------------------------------------------------
class SeatFigures(ReadModel):
    """One seat on the dashboard: its label, holder and public figures (the system's
    tallies: Command Points, points, models lost)."""

    seat: str
    label: str
    user_id: int | None
    figures: tuple[tuple[str, int], ...]


class Dashboard(ReadModel):
    """What the game's one dashboard message shows, for everybody: the system, round and
    phase, whose move it is and until when, each seat's figures and the latest public
    lines. ``message_id`` is the Discord message kept for it (None until posted)."""

    game_id: int
    channel_id: int
    guild_id: int | None
    system: str
    status: str  # lobby, active or finished
    round: int | None
    phase: str
    summary: str
    waiting_on: tuple[AwaitedSeat, ...]
    deadline: float | None  # epoch seconds
    deadline_means: str  # what happens then, in ``language``: "reminder", "turn passed", ...
    seats: tuple[SeatFigures, ...]
    recent: tuple[str, ...]
    winners: tuple[str, ...]
    paused: str | None
    message_id: int | None
    posts: str  # the words of each setting, in ``language``
    board: str
    language: Language = Language.ENGLISH  # the game's, which the dashboard speaks


# -- settings and timers --------------------------------------------------------------
class ReminderSetting(ReadModel):
    """A game's settings as one user sees them, and what this call changed: the reminder
    delay in hours, the channel posts' verbosity and board cadence, the absent-player
    deadline and, for a seated player, their own reminder choices."""

    hours: float
    changed: bool
    posts: str = "full"  # the words of each, in ``language``
    board: str = "every activation"
    absent: str = ""  # e.g. "their turn passed after 48 hours without a move"
    yours: str | None = None  # the asker's reminder choices, when they hold a seat
    game_language: str = "English"  # the game's language, in its own words
    changed_names: tuple[str, ...] = ()  # which settings this call changed
    private_only: bool = False  # only the asker's own choices changed
    language: Language = Language.ENGLISH  # the asker's, which all of this is worded in

    def describe(self) -> str:
        language = self.language
        lines = []
        hours = hours_said(self.hours)
        if self.changed and (self.changed_names == ("reminder",) or not self.changed_names):
            return said("Reminders will be posted after {hours} without a move.", hours=hours).in_(
                language
            )
        if self.changed:
            names = joined(f"`{n}`" for n in self.changed_names)
            lines.append(said("Changed: {names}.", names=names).in_(language))
        lines.append(said("Reminders after {hours} of quiet.", hours=hours).in_(language))
        lines.append(
            said(
                "Channel posts: {posts}; board pictures: {board}.",
                posts=self.posts,
                board=self.board,
            ).in_(language)
        )
        lines.append(said("Absent players: {absent}.", absent=self.absent).in_(language))
        if "language" in self.changed_names or not self.changed:
            lines.append(
                said(
                    "Language of what nobody in particular asked for (the dashboard, "
                    "reminders, timers): {name}.",
                    name=self.game_language,
                ).in_(language)
            )
        if self.yours is not None and (self.private_only or not self.changed):
            lines.append(
                said("Your {yours}.", yours=self.yours).in_(language)
            )  # never in the channel
        return "\n".join(lines)


class DueReminder(ReadModel):
    """A game whose awaited players have been quiet for its reminder delay."""

    game_id: int
    channel_id: int
    guild_id: int | None = None
    system_name: str = ""
    reminder_hours: float
    users: tuple[int, ...]  # the awaited players to ping in the channel
    dm_users: tuple[int, ...] = ()  # the awaited players to remind by DM
    waiting_since: float = 0.0  # when the game began waiting on them (epoch seconds)
    waited_seconds: float = 0.0  # how long it has really waited
    repeated: bool = False  # they were reminded already during this wait
    language: Language = Language.ENGLISH  # the game's: the channel's reminder is in it


class AbsenceWarning(ReadModel):
    """An awaited player near the absent-player deadline: what happens, and when."""

    game_id: int
    channel_id: int
    users: tuple[int, ...]
    deadline: float  # epoch seconds
    action: str  # pass or pause
    language: Language = Language.ENGLISH  # the game's: the warning is in it
