"""A game's settings: how long the awaited players may stay quiet before they are
reminded, how much the channel is told (``posts``) and how often with a board picture
(``board``), the absent-player deadline (stewards only), and each seated player's own
reminder choices: where reminders reach them and their quiet hours; and the game's
language, for what nobody in particular asked for (the dashboard, reminders, timers)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from bot.durations import hours_said
from bot.messages import Message, said
from bot.service.access import GameAccess
from bot.service.authority import is_steward
from bot.service.errors import UserError
from bot.service.loaded import LoadedGame
from bot.service.player import Player
from bot.service.read_models import ReminderSetting
from bot.service.table_settings import (
    ABSENT_ACTIONS,
    BOARD,
    BOARD_SAID,
    LANGUAGE_NAMES,
    LANGUAGES,
    POSTS,
    POSTS_SAID,
    REMINDERS,
    TableSettings,
    absent_hours,
    choice,
    quiet_hours,
    read_settings,
)

MIN_REMINDER = 60 * 60  # one hour
MAX_REMINDER = 14 * 24 * 60 * 60  # two weeks


@dataclass(frozen=True, slots=True)
class SettingsChange:
    """What ``/game settings`` was given besides ``reminder`` (None: left as it is)."""

    posts: str | None = None
    board: str | None = None
    absent_after: str | None = None
    absent_action: str | None = None
    reminders: str | None = None
    quiet_hours: str | None = None
    language: str | None = None

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self) if getattr(self, f.name) is not None)


PLAYER_OWN = frozenset({"reminders", "quiet_hours"})
STEWARDS_ONLY = frozenset({"absent_after", "absent_action"})


class GameSettings:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def settings(
        self,
        channel_id: int,
        player: Player,
        reminder_hours: float | None,
        change: SettingsChange | None = None,
    ) -> ReminderSetting:
        """The game's settings; changed first with ``reminder_hours`` and ``change``."""
        change = change or SettingsChange()
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            seat = game.seat_of(player.user_id)
            if seat is None and player.user_id != game.row.creator_id and not player.manager:
                raise UserError(
                    said(
                        "Only the game's players, creator or a server manager can change settings."
                    )
                )
            names = change.names()
            if PLAYER_OWN & set(names) and seat is None:
                raise UserError(said("`reminders` and `quiet_hours` are each seated player's own."))
            if STEWARDS_ONLY & set(names) and not is_steward(game, player):
                raise UserError(
                    said(
                        "Only the game's creator or a server manager can set the "
                        "absent-player deadline."
                    )
                )
            updates: dict[str, object] = {}
            if reminder_hours is not None:
                # compared before int(): NaN and infinities are refused, not raised
                if not MIN_REMINDER <= reminder_hours * 3600 <= MAX_REMINDER:
                    raise UserError(
                        said("The reminder delay must be between 1 hour and 336 hours (14 days).")
                    )
                updates["reminder_seconds"] = int(reminder_hours * 3600)
            before = read_settings(game.row.settings)
            after = changed(before, change, player.user_id)
            if after != before:
                updates["settings"] = after.to_json()
            if after.posts != before.posts:
                updates["summary_since"] = game.version  # the channel has been told so far
            if updates:
                await self.access.db.touch(game.id, **updates)
            hours = (
                reminder_hours if reminder_hours is not None else game.row.reminder_seconds / 3600
            )
            all_names = (("reminder",) if reminder_hours is not None else ()) + names
            return shown(game, after, hours, player, all_names)


def changed(settings: TableSettings, change: SettingsChange, user_id: int) -> TableSettings:
    """``settings`` with ``change`` made (each value checked, refused with its reason)."""
    update: dict[str, object] = {}
    if change.posts is not None:
        update["posts"] = choice(change.posts, POSTS, "posts")
    if change.board is not None:
        update["board"] = choice(change.board, BOARD, "board")
    if change.absent_after is not None:
        update["absent_hours"] = absent_hours(change.absent_after)
    if change.absent_action is not None:
        update["absent_action"] = choice(change.absent_action, ABSENT_ACTIONS, "absent_action")
    if change.language is not None:
        update["language"] = choice(change.language, LANGUAGES, "language")
    if change.reminders is not None or change.quiet_hours is not None:
        own = settings.of_player(user_id)
        mine: dict[str, object] = {}
        if change.reminders is not None:
            mine["reminders"] = choice(change.reminders, REMINDERS, "reminders")
        if change.quiet_hours is not None:
            mine["quiet"] = quiet_hours(change.quiet_hours)
        players = dict(settings.players)
        players[str(user_id)] = own.model_copy(update=mine)
        update["players"] = players
    return settings.model_copy(update=update) if update else settings


def absent_words(settings: TableSettings) -> Message:
    if settings.absent_hours is None:
        return said("no deadline")
    hours = hours_said(settings.absent_hours)
    if settings.absent_action == "pass":
        return said("their turn passed after {hours} without a move", hours=hours)
    return said("the game paused after {hours} without a move", hours=hours)


def shown(
    game: LoadedGame,
    settings: TableSettings,
    hours: float,
    player: Player,
    names: tuple[str, ...],
) -> ReminderSetting:
    seated = game.seat_of(player.user_id) is not None
    language = player.language
    return ReminderSetting(
        hours=hours,
        changed=bool(names),
        posts=POSTS_SAID[settings.posts].in_(language),
        board=BOARD_SAID[settings.board].in_(language),
        absent=absent_words(settings).in_(language),
        yours=settings.of_player(player.user_id).describe().in_(language) if seated else None,
        game_language=LANGUAGE_NAMES[settings.language],
        changed_names=names,
        private_only=bool(names) and set(names) <= PLAYER_OWN,
        language=language,
    )
