"""Taking actions back: at once when they are the caller's own and revealed nothing,
otherwise on request with every other seat in play approving."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.service.access import GameAccess
from bot.service.authority import require_seat, require_under_way
from bot.service.commit import commit_play
from bot.service.errors import ChoiceExpired, UserError
from bot.service.loaded import LoadedGame, live_events, rebuild_state, undone_batches
from bot.service.outcome import Outcome
from bot.service.player import Player
from bot.store.records import LogRow, NewRecord
from rules.core.wording import plural


@dataclass(frozen=True, slots=True)
class UndoableBatch:
    batch: int
    seat: str | None
    barrier: bool  # rolled dice, revealed something or ended the game


def undoable_batches(game: LoadedGame, rows: list[LogRow]) -> list[UndoableBatch]:
    """Live action batches in order, each with its seat and whether it holds a barrier."""
    undone = undone_batches(rows)
    barriers = {row.batch for row, event in live_events(game.system, rows) if event.barrier}
    return [
        UndoableBatch(row.batch, row.seat, row.batch in barriers)
        for row in rows
        if row.kind == "action" and row.batch not in undone
    ]


class Undo:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def undo(self, channel_id: int, player: Player, count: int = 1) -> Outcome:
        """Take back the last ``count`` actions.

        Free when they are all the caller's own and none of them revealed information
        (dice, reveals, the end). Otherwise an undo request is recorded and the other
        seats must approve it with :meth:`approve_undo`.
        """
        if not 1 <= count <= 20:
            raise UserError("You can undo between 1 and 20 actions at a time.")
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            state = require_under_way(game)
            seat = require_seat(game, player)
            rows = await self.access.db.log(game.id)
            batches = undoable_batches(game, rows)
            if len(batches) < count:
                raise UserError(
                    f"There are only {plural(len(batches), 'action')} that can be undone."
                    if batches
                    else "There is nothing to undo."
                )
            chosen = batches[-count:]
            if all(b.seat == seat and not b.barrier for b in chosen):
                return await self._apply(game, rows, [b.batch for b in chosen], player, seat)
            request = {
                "by_seat": seat,
                "by_user": player.user_id,
                "batches": [b.batch for b in chosen],
                "approvals": [],
            }
            await self.access.db.touch(game.id, undo_request=json.dumps(request))
            outcome = Outcome.of(game, game.version)
            reasons = []
            if any(b.seat != seat for b in chosen):
                reasons.append("another player acted")
            if any(b.barrier for b in chosen):
                reasons.append("dice were rolled or something was revealed")
            others = [s for s in state.seats_in_play() if s != seat]
            names = ", ".join(game.seat_name(s) for s in others)
            outcome.public.append(
                f"{player.name} asks to undo {plural(count, 'action')} ({' and '.join(reasons)}). "
                f"{names}: approve with the button below or `/game undo approve:true`."
            )
            outcome.mentions = [r.user_id for s in others if (r := game.user_of(s))]
            outcome.mention_reason = "please approve or ignore the undo"
            outcome.undo_request = True
            return outcome

    async def approve_undo(
        self,
        channel_id: int,
        player: Player,
        expected_version: int | None = None,
        game_id: int | None = None,
    ) -> Outcome:
        """Approve the pending undo; a button passes the game and version it was posted at."""
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id, component=game_id is not None)
            if game_id is not None and game.id != game_id:
                raise ChoiceExpired()
            if expected_version is not None and expected_version != game.version:
                raise ChoiceExpired()
            state = require_under_way(game)
            seat = require_seat(game, player)
            if not game.row.undo_request:
                raise UserError("Nobody has asked to undo anything.")
            request = json.loads(game.row.undo_request)
            if seat == request["by_seat"]:
                raise UserError("You asked for this undo; another player must approve it.")
            approvals = sorted({*request["approvals"], seat})
            others = [s for s in state.seats_in_play() if s != request["by_seat"]]
            if not set(others) <= set(approvals):
                request["approvals"] = approvals
                await self.access.db.touch(game.id, undo_request=json.dumps(request))
                outcome = Outcome.of(game, game.version)
                outcome.public.append(f"{player.name} approved the undo; waiting for the others.")
                return outcome
            rows = await self.access.db.log(game.id)
            live = {b.batch for b in undoable_batches(game, rows)}
            if not set(request["batches"]) <= live:
                raise ChoiceExpired()
            return await self._apply(
                game, rows, request["batches"], player, request["by_seat"], approved=True
            )

    async def _apply(
        self,
        game: LoadedGame,
        rows: list[LogRow],
        batch_ids: list[int],
        player: Player,
        seat: str,
        approved: bool = False,
    ) -> Outcome:
        rebuilt = rebuild_state(game, rows, also_undone=batch_ids)
        how = " with the other players' approval" if approved else ""
        text = f"↩️ {game.seat_name(seat)} took back {plural(len(batch_ids), 'action')}{how}."
        record = NewRecord(
            kind="undo",
            seat=seat,
            user_id=player.user_id,
            scope="public",
            payload=json.dumps({"batches": batch_ids, "text": text}),
        )
        outcome = await commit_play(self.access, game, rebuilt, [record], [], undo=True)
        outcome.public.insert(0, text)
        return outcome
