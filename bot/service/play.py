"""Playing: actions typed in a system's notation or chosen from a prompt, and conceding."""

from __future__ import annotations

import json

from bot.service.access import GameAccess
from bot.service.authority import require_seat, require_under_way
from bot.service.commit import commit_play
from bot.service.dice_stream import moved_on
from bot.service.errors import ActionRefused, ChoiceExpired, UserError
from bot.service.loaded import LoadedGame
from bot.service.log_records import event_record
from bot.service.outcome import Outcome
from bot.service.player import Player
from bot.store.records import NewRecord
from rules.core import engine
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
        expected_version: int | None = None,
        game_id: int | None = None,
    ) -> Outcome:
        """Submit an action in the system's notation, e.g. ``pick attack``."""
        if len(notation) > 300:
            raise UserError("That action is too long (300 characters at most).")
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id, component=game_id is not None)
            if game_id is not None and game.id != game_id:
                raise ChoiceExpired()
            state = require_under_way(game)
            seat = require_seat(game, player)
            if expected_version is not None and not await self._prompt_open(
                game, seat, expected_version
            ):
                raise ChoiceExpired()
            parsed = game.system.parse_notation(notation, state, seat)
            if isinstance(parsed, Rejection):
                raise ActionRefused(parsed)
            moved = await moved_on(self.access, game, state)  # never the same dice twice
            state = engine.fold(game.system, state, moved)
            decided = engine.decide(game.system, state, game.row.seed, seat, parsed)
            if isinstance(decided, Rejection):
                raise ActionRefused(decided)
            new_state = engine.fold(game.system, state, decided)
            decided = [*moved, *decided]
            action_record = NewRecord(
                kind="action",
                seat=seat,
                user_id=player.user_id,
                scope=f"seats:{seat}" if parsed.private else "public",
                payload=json.dumps(
                    {"notation": notation.strip(), "action": parsed.model_dump(mode="json")}
                ),
            )
            records = [action_record]
            records += [event_record(seat, player.user_id, e) for e in decided]
            outcome = await commit_play(self.access, game, new_state, records, decided, actor=seat)
        return outcome

    async def _prompt_open(self, game: LoadedGame, seat: str, version: int) -> bool:
        """Whether a prompt sent to ``seat`` at ``version`` may still be answered.

        Simultaneous secret choices are all sent at the same version; one player's
        answer must not expire the others' menus. A prompt stays open while its seat is
        still awaited and only other seats have acted since (no undo, no own action).
        """
        if version == game.version:
            return True
        if not 0 < version < game.version or seat not in json.loads(game.row.waiting_on):
            return False
        rows = await self.access.db.log(game.id, after_seq=version)
        # other seats' moves and notes such as a pause leave this seat's question open
        return all(
            r.kind == "meta" or (r.kind in ("action", "event") and r.seat not in (None, seat))
            for r in rows
        )

    async def concede(self, channel_id: int, player: Player) -> Outcome:
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            state = require_under_way(game)
            seat = require_seat(game, player)
            decided = engine.concede(game.system, state, seat)
            if isinstance(decided, Rejection):
                raise ActionRefused(decided)
            new_state = engine.fold(game.system, state, decided)
            records = [event_record(seat, player.user_id, e) for e in decided]
            outcome = await commit_play(self.access, game, new_state, records, decided)
        return outcome
