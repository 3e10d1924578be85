"""Playing: actions typed in a system's notation or chosen from a prompt, and conceding."""

from __future__ import annotations

from bot.messages import said
from bot.service.access import GameAccess, Outdated
from bot.service.authority import require_seat, require_under_way
from bot.service.commit import commit_play
from bot.service.component_stamps import SentAt, stamped_version
from bot.service.confirmations import require_same_game
from bot.service.dice_stream import moved_on
from bot.service.errors import ActionRefused, ChoiceExpired, UserError
from bot.service.loaded import LoadedGame
from bot.service.log_records import action_record, event_record
from bot.service.outcome import Outcome
from bot.service.player import Player
from bot.store.records import LogRow
from rules.core import engine
from rules.core.language import Language
from rules.core.rejection import Rejection


class Play:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def act(
        self,
        channel_id: int,
        player: Player,
        notation: str,
        *,
        expected_version: SentAt | None = None,
        game_id: int | None = None,
        language: Language | None = None,
        for_absent: bool = False,
    ) -> Outcome:
        """Submit an action in the system's notation, e.g. ``pick attack``; a prompt's menu
        or button passes the game and the version it was sent at (its stamp, or in ids from
        earlier releases the plain version). A refusal, and the lines the action makes,
        are worded in the acting player's ``language`` (their client's unless given) where
        the system speaks it. ``for_absent``: Umpire plays for the player (a timer), so
        their own private lines too are in the language they were last seen in."""
        language = language or player.language
        if len(notation) > 300:
            raise UserError(said("That action is too long (300 characters at most)."))
        component = game_id is not None
        async with self.access.lock(channel_id):
            # the game as this process last left it, if it remembers it: one round trip
            game = await self.access.open(channel_id, component=component, remembered=True)
            try:
                return await self._act(
                    game, player, notation, expected_version, game_id, language, for_absent
                )
            except (UserError, Outdated):
                if not game.remembered:
                    raise
            # the remembered game had changed, or refused: decide again on a fresh read
            game = await self.access.open(channel_id, component=component)
            return await self._act(
                game, player, notation, expected_version, game_id, language, for_absent
            )

    async def _act(
        self,
        game: LoadedGame,
        player: Player,
        notation: str,
        expected_version: SentAt | None,
        game_id: int | None,
        language: Language,
        for_absent: bool,
    ) -> Outcome:
        """:meth:`act` on ``game`` as loaded."""
        if game_id is not None and game.id != game_id:
            raise ChoiceExpired()
        state = require_under_way(game)
        seat = require_seat(game, player)
        if expected_version is not None and not await self._sent_open(game, seat, expected_version):
            raise ChoiceExpired()
        parsed = game.system.parse_notation(notation, state, seat)
        if isinstance(parsed, Rejection):
            raise ActionRefused(parsed, language)
        moved = await moved_on(self.access, game, state)  # never the same dice twice
        state = engine.fold(game.system, state, moved)
        decided = engine.decide(game.system, state, game.row.seed, seat, parsed)
        if isinstance(decided, Rejection):
            raise ActionRefused(decided, language)
        new_state = engine.fold(game.system, state, decided)
        decided = [*moved, *decided]
        records = [action_record(seat, player.user_id, notation.strip(), parsed)]
        records += [event_record(seat, player.user_id, e) for e in decided]
        return await commit_play(
            self.access,
            game,
            new_state,
            records,
            decided,
            actor=seat,
            language=language,
            by=NOBODY if for_absent else player.user_id,
        )

    async def _sent_open(self, game: LoadedGame, seat: str, sent_at: SentAt) -> bool:
        """Whether a prompt sent to ``seat`` at the version ``sent_at`` names may still be
        answered: a stamp is tried against the current version, then against every earlier
        version :meth:`_prompt_open` could accept, so it is accepted exactly when its
        version is."""
        if isinstance(sent_at, int):  # an id sent by an earlier release
            return await self._prompt_open(game, seat, sent_at)
        seed = game.row.seed
        if stamped_version(seed, sent_at, [game.version]) is not None:
            return True  # the usual case, answered without reading the log
        version = stamped_version(seed, sent_at, await self._open_versions(game, seat))
        return version is not None and await self._prompt_open(game, seat, version)

    async def _open_versions(self, game: LoadedGame, seat: str) -> list[int]:
        """Every version at which a prompt to ``seat`` may have been sent and still be
        answered, newest first: the current one and, while the seat is awaited, the one
        before each record at the end of the log that leaves its question open.

        Any earlier version a prompt was really sent at is the one before the first record
        of the next batch; if :meth:`_prompt_open` accepts it, that record and all after it
        leave the question open, so it is listed here."""
        versions = [game.version]
        if seat not in game.row.awaited:
            return versions
        window = 64
        while True:  # read back from the end until a record closes the question
            start = max(game.version - window, 0)
            rows = await self.access.db.log(game.id, after_seq=start)
            run = []
            for row in reversed(rows):
                if not _leaves_open(row, seat):
                    break
                run.append(row)
            if len(run) < len(rows) or start == 0:
                break
            window *= 4
        return versions + [r.seq - 1 for r in run if 0 < r.seq - 1 < game.version]

    async def _prompt_open(self, game: LoadedGame, seat: str, version: int) -> bool:
        """Whether a prompt sent to ``seat`` at ``version`` may still be answered.

        Simultaneous secret choices are all sent at the same version; one player's
        answer must not expire the others' menus. A prompt stays open while its seat is
        still awaited and only other seats have acted since (no undo, no own action).
        """
        if version == game.version:
            return True
        if not 0 < version < game.version or seat not in game.row.awaited:
            return False
        rows = await self.access.db.log(game.id, after_seq=version)
        return all(_leaves_open(r, seat) for r in rows)

    async def concede(self, channel_id: int, player: Player, game_id: int | None = None) -> Outcome:
        """``player`` gives up their seat (in game ``game_id`` when a confirmation named it)."""
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            require_same_game(game, game_id)
            state = require_under_way(game)
            seat = require_seat(game, player)
            decided = engine.concede(game.system, state, seat)
            if isinstance(decided, Rejection):
                raise ActionRefused(decided, player.language)
            new_state = engine.fold(game.system, state, decided)
            records = [event_record(seat, player.user_id, e) for e in decided]
            outcome = await commit_play(
                self.access,
                game,
                new_state,
                records,
                decided,
                language=player.language,
                by=player.user_id,
            )
        return outcome


NOBODY = 0
"""The member behind what Umpire does by itself: nobody's stored language is overruled."""


def _leaves_open(row: LogRow, seat: str) -> bool:
    """Whether ``row`` leaves a question put to ``seat`` open: other seats' moves and notes
    such as a pause do; the seat's own action, an undo or anything else does not."""
    return row.kind == "meta" or (row.kind in ("action", "event") and row.seat not in (None, seat))
