"""Every game operation, as async methods that commit before they return.

The service is the only writer of games. Each change runs under the channel's lock,
reads the game, asks the engine, and appends one batch to the log together with the new
state snapshot in a single transaction; only then does it return the :class:`Outcome`
that front ends turn into messages. So an acknowledged action is always on disk.

:class:`GameService` is the one entry point front ends use. It hands each call to the
part that owns the concern (:mod:`lobby`, :mod:`play`, :mod:`stewardship`, :mod:`undo`,
:mod:`standing`, :mod:`history`, :mod:`settings`, :mod:`timers`), all working on one
shared :class:`~bot.service.access.GameAccess`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bot.service.access import GameAccess
from bot.service.animated_replay import AnimatedReplay, AnimatedReplays
from bot.service.catchup import Catchup
from bot.service.component_stamps import SentAt
from bot.service.confirmations import Confirmations
from bot.service.dashboard import Dashboards
from bot.service.export_files import PackedExport
from bot.service.history import History
from bot.service.html_export import HtmlExport, HtmlReplays, Progress
from bot.service.loaded import LoadedGame
from bot.service.lobby import Lobby, checked_new_game
from bot.service.outcome import Outcome
from bot.service.play import Play
from bot.service.player import Player
from bot.service.read_models import (
    AbsenceWarning,
    Confirmation,
    Dashboard,
    DueReminder,
    GameExport,
    GameStatus,
    ListedGame,
    LogPage,
    ReminderSetting,
    Verification,
)
from bot.service.replay_range import Bound
from bot.service.roll_macros import RollMacros
from bot.service.server_defaults import ServerSettings
from bot.service.settings import GameSettings, SettingsChange
from bot.service.sheets import SheetChoice, Sheets
from bot.service.standing import Standing, describe_status, viewer_for
from bot.service.stewardship import Stewardship
from bot.service.suggestions import Suggestions
from bot.service.timers import Timers
from bot.service.undo import Undo
from bot.service.user_languages import UserLanguages
from bot.store.contract import Store
from rules.core.dice import new_seed
from rules.core.language import Language
from rules.core.sheets import Sheet
from rules.core.visibility import Viewer


class GameService:
    def __init__(
        self,
        db: Store,
        *,
        default_reminder_seconds: int = 24 * 3600,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], bytes] = new_seed,
    ) -> None:
        self.access = GameAccess(
            db,
            default_reminder_seconds=default_reminder_seconds,
            clock=clock,
            seed_source=seed_source,
        )
        self.lobby = Lobby(self.access)
        self.play = Play(self.access)
        self.stewardship = Stewardship(self.access)
        self.confirmations = Confirmations(self.access)
        self.undoing = Undo(self.access)
        self.standing = Standing(self.access)
        self.history = History(self.access)
        self.replays = HtmlReplays(self.access)
        self.animations = AnimatedReplays(self.access)
        self.catching_up = Catchup(self.access)
        self.sheets = Sheets(self.access)
        self.game_settings = GameSettings(self.access)
        self.dashboards = Dashboards(self.access)
        self.timers = Timers(self.access, self.play, self.stewardship)
        self.suggestions = Suggestions()
        self.server_settings = ServerSettings(db, clock)
        self.roll_macros = RollMacros(db, clock, self.server_settings)
        self.languages = UserLanguages(db, clock)

    @property
    def db(self) -> Store:
        return self.access.db

    # -- loading ----------------------------------------------------------------------
    async def game_in(self, channel_id: int) -> LoadedGame | None:
        """The channel's open game, else its most recent one, else None."""
        return await self.access.game_in(channel_id)

    async def system_in(self, channel_id: int) -> str | None:
        """The game system of the channel's open or most recent game: what ``/rules`` and
        ``/table`` look in first there."""
        return await self.access.system_in(channel_id)

    async def game_by_id(self, game_id: int) -> LoadedGame:
        return await self.access.game_by_id(game_id)

    async def open_questions(self, game_id: int) -> frozenset[tuple[int, str, str]]:
        """``(user, seat, key)`` of every private prompt game ``game_id`` still waits on,
        with the user now holding the seat."""
        game = await self.access.game_by_id(game_id)
        if game.state is None or game.state.finished or game.row.status != "active":
            return frozenset()
        found = set()
        for prompt in game.system.prompts(game.state):
            holder = game.user_of(prompt.seat)
            if prompt.private and holder is not None:
                found.add((holder.user_id, prompt.seat, prompt.key))
        return frozenset(found)

    # -- lobby ------------------------------------------------------------------------
    def check_new_game(
        self, system_id: str, options_text: str | None = None, side: str | None = None
    ) -> None:
        """Refuse now what ``create`` would refuse for its system, options or side."""
        checked_new_game(system_id, options_text, side)

    # Each call below is made for a Player, whose language words what the call says in
    # the channel and to them (see Player.language).
    async def create(
        self,
        channel_id: int,
        guild_id: int | None,
        player: Player,
        system_id: str,
        options_text: str | None = None,
        side: str | None = None,
    ) -> Outcome:
        return await self.lobby.create(channel_id, guild_id, player, system_id, options_text, side)

    async def join(self, channel_id: int, player: Player, side: str | None = None) -> Outcome:
        return await self.lobby.join(channel_id, player, side)

    async def leave(self, channel_id: int, player: Player) -> Outcome:
        return await self.lobby.leave(channel_id, player)

    async def start(self, channel_id: int, player: Player) -> Outcome:
        return await self.lobby.start(channel_id, player)

    # -- play -------------------------------------------------------------------------
    async def act(
        self,
        channel_id: int,
        player: Player,
        notation: str,
        *,
        expected_version: SentAt | None = None,
        game_id: int | None = None,
        language: Language | None = None,
    ) -> Outcome:
        """Submit an action in the system's notation, e.g. ``pick attack``; a component
        passes the game and the version its prompt was sent at (see :class:`Play`).
        ``language`` is the acting player's (their client's unless given), for the
        refusal and the narration."""
        return await self.play.act(
            channel_id,
            player,
            notation,
            expected_version=expected_version,
            game_id=game_id,
            language=language,
        )

    async def concede(self, channel_id: int, player: Player, game_id: int | None = None) -> Outcome:
        return await self.play.concede(channel_id, player, game_id)

    async def ask_concede(self, channel_id: int, player: Player) -> Confirmation:
        """The question to confirm before conceding (refused now if conceding would be)."""
        return await self.confirmations.concede(channel_id, player)

    # -- stewardship ------------------------------------------------------------------
    async def end(self, channel_id: int, player: Player, game_id: int | None = None) -> Outcome:
        return await self.stewardship.end(channel_id, player, game_id)

    async def ask_end(self, channel_id: int, player: Player) -> Confirmation:
        """The question to confirm before ending the game (refused now if ending would be)."""
        return await self.confirmations.end(channel_id, player)

    async def pause(self, channel_id: int, player: Player, reason: str | None = None) -> Outcome:
        return await self.stewardship.pause(channel_id, player, reason)

    async def resume(self, channel_id: int, player: Player) -> Outcome:
        return await self.stewardship.resume(channel_id, player)

    async def kick(
        self,
        channel_id: int,
        player: Player,
        member: Player,
        replacement: Player | None = None,
    ) -> Outcome:
        return await self.stewardship.kick(channel_id, player, member, replacement)

    # -- undo -------------------------------------------------------------------------
    async def undo(self, channel_id: int, player: Player, count: int = 1) -> Outcome:
        return await self.undoing.undo(channel_id, player, count)

    async def decline_undo(self, channel_id: int, player: Player) -> Outcome:
        return await self.undoing.decline_undo(channel_id, player)

    async def approve_undo(
        self,
        channel_id: int,
        player: Player,
        expected_version: SentAt | None = None,
        game_id: int | None = None,
    ) -> Outcome:
        return await self.undoing.approve_undo(channel_id, player, expected_version, game_id)

    # -- reading ----------------------------------------------------------------------
    def viewer_for(self, game: LoadedGame, user_id: int | None) -> Viewer:
        return viewer_for(game, user_id)

    async def status(
        self, channel_id: int, user_id: int | None, language: Language = Language.ENGLISH
    ) -> GameStatus:
        """Where the channel's game stands for ``user_id``, its phase in ``language``."""
        return await self.standing.status(channel_id, user_id, language)

    def describe_status(self, game: LoadedGame, user_id: int | None) -> GameStatus:
        return describe_status(game, user_id)

    async def picture_name(self, game: LoadedGame) -> str:
        return await self.standing.picture_name(game)

    async def view(self, channel_id: int, viewer: Viewer | None = None) -> tuple[LoadedGame, Any]:
        return await self.standing.view(channel_id, viewer)

    async def dashboard(self, game_id: int) -> Dashboard:
        """The game's dashboard, the same for everybody."""
        return await self.dashboards.of_game(game_id)

    async def dashboard_in(self, channel_id: int) -> Dashboard:
        """The dashboard of the channel's open game, else its most recent one."""
        return await self.dashboards.in_channel(channel_id)

    async def keep_dashboard(self, game_id: int, message_id: int | None) -> None:
        """Remember the message that shows the game's dashboard (None: it is gone)."""
        await self.dashboards.keep_message(game_id, message_id)

    async def games_of(
        self,
        user_id: int,
        guild_id: int | None = None,
        asked_by: int | None = None,
        language: Language = Language.ENGLISH,
    ) -> list[ListedGame]:
        return await self.standing.games_of(user_id, guild_id, asked_by, language)

    async def log_lines(
        self,
        channel_id: int,
        user_id: int | None,
        last: int = 20,
        language: Language = Language.ENGLISH,
    ) -> LogPage:
        return await self.history.log_lines(channel_id, user_id, last, language)

    async def log_page(
        self,
        channel_id: int,
        user_id: int | None,
        page: int | None = None,
        *,
        game_id: int | None = None,
        upto: int | None = None,
        language: Language = Language.ENGLISH,
    ) -> LogPage:
        """A page of the log as ``user_id`` may read it, in ``language``."""
        return await self.history.log_page(
            channel_id, user_id, page, game_id=game_id, upto=upto, language=language
        )

    async def catchup(
        self,
        channel_id: int,
        user_id: int,
        page: int | None = None,
        *,
        game_id: int | None = None,
        upto: int | None = None,
        language: Language = Language.ENGLISH,
    ) -> LogPage:
        return await self.catching_up.catchup(
            channel_id, user_id, page, game_id=game_id, upto=upto, language=language
        )

    async def sheet_choices(
        self,
        channel_id: int | None,
        user_id: int | None,
        typed: str,
        system_id: str | None = None,
        language: Language = Language.ENGLISH,
        *,
        unlisted: bool = False,
    ) -> list[SheetChoice]:
        """Suggestions for ``/game sheet name:`` (the game's units first)."""
        return await self.sheets.choices(
            channel_id, user_id, typed, system_id, language, unlisted=unlisted
        )

    async def sheet(
        self,
        channel_id: int | None,
        user_id: int | None,
        name: str,
        system_id: str | None = None,
        language: Language = Language.ENGLISH,
        *,
        unlisted: bool = False,
    ) -> Sheet:
        """The card of a unit or character, as ``user_id`` may see it."""
        return await self.sheets.show(
            channel_id, user_id, name, system_id, language, unlisted=unlisted
        )

    async def export(self, channel_id: int, user_id: int | None) -> GameExport:
        return await self.history.export(channel_id, user_id)

    async def export_files(self, channel_id: int, user_id: int | None) -> PackedExport:
        return await self.history.export_files(channel_id, user_id)

    async def export_html(
        self,
        channel_id: int,
        user_id: int | None,
        language: Language = Language.ENGLISH,
        progress: Progress | None = None,
    ) -> HtmlExport:
        return await self.replays.export_html(channel_id, user_id, language, progress)

    async def replay(
        self,
        channel_id: int,
        language: Language = Language.ENGLISH,
        start: Bound | None = None,
        end: Bound | None = None,
        progress: Progress | None = None,
    ) -> AnimatedReplay:
        """The public boards from ``start`` to ``end`` as an animated GIF (or several)."""
        return await self.animations.replay(channel_id, language, start, end, progress)

    async def require_a_game(self, channel_id: int) -> None:
        """Refuse at once when the channel never had a game (before a reply is deferred)."""
        await self.access.require_a_game(channel_id)

    async def verify(self, channel_id: int) -> Verification:
        return await self.history.verify(channel_id)

    # -- settings and timers ----------------------------------------------------------
    async def settings(
        self,
        channel_id: int,
        player: Player,
        reminder_hours: float | None,
        change: SettingsChange | None = None,
    ) -> ReminderSetting:
        return await self.game_settings.settings(channel_id, player, reminder_hours, change)

    async def expire_prompts(self) -> list[Outcome]:
        return await self.timers.expire_prompts()

    async def due_reminders(self) -> list[DueReminder]:
        return await self.timers.due_reminders()

    async def reminder_sent(self, game_id: int) -> bool:
        return await self.timers.reminder_sent(game_id)

    async def absent_players(self) -> tuple[list[AbsenceWarning], list[Outcome]]:
        """Warnings to post for players near the absent-player deadline, and the outcomes
        of turns passed (or games paused) once it is over."""
        return await self.timers.absent_players()
