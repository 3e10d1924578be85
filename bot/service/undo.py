"""Taking actions back.

A player takes back their own last action(s) and everything built on them since, whoever
made it. Alone and at once when all of it is their own and nothing in it revealed anything
(dice, a face turned up, a private look, the end); otherwise on request, listing exactly
what would be taken back and by whom, with every other seat in play approving. An undo
approved across rolls does not give the same dice back: the stream moves on to the first
counter no roll ever used (:meth:`bot.store.database.Database.next_dice_counter`), and the
rolls taken back stay in the log, where `/game verify` still proves them.

Only the log after the nearest kept snapshot (:mod:`bot.service.commit` keeps one every
few hundred records) is read and folded, so an undo costs the same in a long game as in a
short one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from bot.messages import Message, said, said_n
from bot.service.access import GameAccess, lost_race
from bot.service.authority import require_seat, require_under_way
from bot.service.commit import commit_play
from bot.service.component_stamps import SentAt, component_stamp, sent_version
from bot.service.dice_stream import moved_on
from bot.service.errors import ChoiceExpired, UserError
from bot.service.loaded import LoadedGame, live_events, undone_batches
from bot.service.log_records import event_record
from bot.service.outcome import Outcome
from bot.service.player import Player
from bot.service.snapshots import decode_state
from bot.service.undo_notes import action_label, listed, name_of, undo_payload, undo_text
from bot.service.undo_requests import LapsedRequest, UndoRequest, read_request
from bot.store.records import LogRow, NewRecord
from rules.core import engine
from rules.core.events import DiceRolled, Event, holds_back_undo
from rules.core.state import GameState


@dataclass(frozen=True, slots=True)
class ActionBatch:
    """One live action batch: who made it and how the channel may name it."""

    batch: int
    seat: str | None
    label: Message  # Seat's `notation`; a secret choice is not spelt out


@dataclass(slots=True)
class LogTail:
    """The log after a kept snapshot (or the whole log) and the state there."""

    rows: list[LogRow]
    base: GameState

    def live_actions(self, game: LoadedGame) -> list[ActionBatch]:
        return live_actions(game, self.rows)

    def events_of(self, game: LoadedGame, batches: set[int]) -> list[tuple[str | None, Event]]:
        """The events of ``batches``, each with the seat whose action it belongs to."""
        return [
            (row.seat, engine.parse_event(game.system, json.loads(row.payload)))
            for row in self.rows
            if row.kind == "event" and row.batch in batches
        ]

    def fold_without(self, game: LoadedGame, batches: set[int]) -> GameState:
        """The state as if ``batches`` (and everything already undone) never happened."""
        live = live_events(game.system, self.rows, batches)
        return engine.fold(game.system, self.base, (event for _, event in live))


def live_actions(game: LoadedGame, rows: list[LogRow]) -> list[ActionBatch]:
    """The action batches of ``rows`` not taken back, in order."""
    undone = undone_batches(rows)
    return [
        ActionBatch(row.batch, row.seat, action_label(game, row))
        for row in rows
        if row.kind == "action" and row.batch not in undone
    ]


def usable_from(start: int, rows: list[LogRow]) -> bool:
    """Whether the snapshot at ``start`` still holds: nothing at or before it was undone
    after it was kept."""
    return not any(
        row.kind == "undo" and min(json.loads(row.payload)["batches"], default=start + 1) <= start
        for row in rows
    )


class Undo:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def tail(
        self, game: LoadedGame, *, covers: int | None = None, seat: str = "", count: int = 0
    ) -> LogTail:
        """The shortest log tail from a kept snapshot that holds batch ``covers`` (or, for
        ``covers`` None, ``count`` live actions of ``seat``); the whole log otherwise."""
        system = game.system
        db = self.access.db
        if game.row.rules_version == system.rules_version:
            for start in await db.snapshot_versions(game.id, system.rules_version):
                if covers is not None and start >= covers:
                    continue
                rows = await db.log(game.id, after_seq=start)
                if not usable_from(start, rows):
                    continue
                if covers is None:
                    own = [b for b in live_actions(game, rows) if b.seat == seat]
                    if len(own) < count:
                        continue
                stored = await db.snapshot(game.id, start)
                if stored is None:  # pragma: no cover - listed a moment ago, never deleted
                    break
                return LogTail(rows, decode_state(system.state_model, stored))
        base = system.initial_state(game.options(), game.seat_ids())
        return LogTail(await db.log(game.id), base)

    async def undo(self, channel_id: int, player: Player, count: int = 1) -> Outcome:
        """Take back the caller's own last ``count`` actions and all that came after them.

        Free when all of it is the caller's own and none of it revealed anything (dice, a
        face turned up, a private look, the end). Otherwise an undo request naming every
        action is recorded and the other seats must approve it with :meth:`approve_undo`.
        """
        if not 1 <= count <= 20:
            raise UserError(said("You can undo between 1 and 20 actions at a time."))
        language = player.language
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            state = require_under_way(game)
            seat = require_seat(game, player)
            pending = read_request(game.row.undo_request)
            if (
                isinstance(pending, UndoRequest)
                and pending.version == game.version
                and pending.by_seat != seat
            ):
                raise UserError(
                    said(
                        "{asker}'s undo request is waiting for an answer: approve it with "
                        "`/game undo approve:true` or decline it with "
                        "`/game undo approve:false` first.",
                        asker=game.seat_name(pending.by_seat),
                    )
                )
            tail = await self.tail(game, seat=seat, count=count)
            actions = tail.live_actions(game)
            own = [b for b in actions if b.seat == seat]
            if not own:
                raise UserError(
                    said(
                        "You have no action of your own to take back; only a player whose "
                        "actions would be undone may ask for an undo."
                    )
                )
            if len(own) < count:
                raise UserError(
                    said_n(
                        len(own),
                        "You have only {count} action of your own to take back.",
                        "You have only {count} actions of your own to take back.",
                    )
                )
            first = own[-count].batch
            chosen = [b for b in actions if b.batch >= first]
            events = tail.events_of(game, {b.batch for b in chosen})
            revealing = any(holds_back_undo(e, actor) for actor, e in events)
            others_acted = any(b.seat != seat for b in chosen)
            if not revealing and not others_acted:
                return await self._apply(game, tail, chosen, player, seat, fresh_dice=False)
            request = UndoRequest(
                by_seat=seat,
                by_user=player.user_id,
                batches=tuple(b.batch for b in chosen),
                labels=tuple(b.label.english for b in chosen),
                version=game.version,
                fresh_dice=any(isinstance(e, DiceRolled) for _, e in events),
            )
            await self.access.set_undo_request(game, request.to_json())
            because: Message
            if others_acted and revealing:
                because = said(
                    "another player acted since and dice were rolled or something was revealed"
                )
            elif others_acted:
                because = said("another player acted since")
            else:
                because = said("dice were rolled or something was revealed")
            others = [s for s in state.seats_in_play() if s != seat]
            names = ", ".join(game.seat_name(s) for s in others) or said("The other players")
            asked = said_n(
                len(chosen),
                "{asker} asks to take back {count} action ({because}): {listed}.",
                "{asker} asks to take back {count} actions ({because}): {listed}.",
                asker=game.seat_name(seat),
                because=because,
                listed=listed([b.label for b in chosen]),
            )
            if request.fresh_dice:
                asked = said(
                    "{asked} The rolls taken back are not rolled again: the game draws fresh dice.",
                    asked=asked,
                )
            outcome = Outcome.of(game, game.version)
            outcome.public.append(
                said(
                    "{asked} {names}: approve with the button below or "
                    "`/game undo approve:true`, or decline with `/game undo approve:false`.",
                    asked=asked,
                    names=names,
                ).in_(language)
            )
            outcome.mentions = [r.user_id for s in others if (r := game.user_of(s))]
            outcome.mention_reason = said("please approve or ignore the undo")
            outcome.undo_request = component_stamp(game.row.seed, game.version)
            return outcome

    async def approve_undo(
        self,
        channel_id: int,
        player: Player,
        expected_version: SentAt | None = None,
        game_id: int | None = None,
    ) -> Outcome:
        """Approve the pending undo; a button passes the game and the version it was posted
        at (its stamp, or in buttons from earlier releases the plain version), which must
        still be the current one."""
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id, component=game_id is not None)
            if game_id is not None and game.id != game_id:
                raise ChoiceExpired()
            if expected_version is not None and game.version != sent_version(
                game.row.seed, expected_version, [game.version]
            ):
                raise ChoiceExpired()  # the lapse, if any, was told with what lapsed it
            request = read_request(game.row.undo_request)
            if isinstance(request, LapsedRequest):
                raise UserError(request.said)
            state = require_under_way(game)
            seat = require_seat(game, player)
            if request is None:
                raise UserError(said("Nobody has asked to undo anything."))
            if request.version != game.version:
                raise UserError(
                    said(
                        "The undo request by {asker} lapsed: the game moved on after it was "
                        "asked. Ask again with `/game undo` if it is still wanted.",
                        asker=game.seat_name(request.by_seat),
                    )
                )
            if seat == request.by_seat:
                raise UserError(said("You asked for this undo; another player must approve it."))
            approvals = tuple(sorted({*request.approvals, seat}))
            others = [s for s in state.seats_in_play() if s != request.by_seat]
            if not set(others) <= set(approvals):
                waiting = replace(request, approvals=approvals)
                await self.access.set_undo_request(game, waiting.to_json())
                outcome = Outcome.of(game, game.version)
                outcome.public.append(
                    said(
                        "{player} approved the undo; waiting for the others.", player=player.name
                    ).in_(player.language)
                )
                return outcome
            tail = await self.tail(game, covers=min(request.batches))
            live = {b.batch: b for b in tail.live_actions(game)}
            if not set(request.batches) <= set(live):
                raise lost_race()
            chosen = [live[b] for b in request.batches]
            return await self._apply(
                game,
                tail,
                chosen,
                player,
                request.by_seat,
                fresh_dice=request.fresh_dice,
                approved_by=[name_of(game, s) for s in approvals],
            )

    async def decline_undo(self, channel_id: int, player: Player) -> Outcome:
        """Decline the pending undo (or, for its asker, withdraw it): nothing is taken back."""
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            request = read_request(game.row.undo_request)
            if isinstance(request, LapsedRequest):
                raise UserError(request.said)
            require_under_way(game)
            seat = require_seat(game, player)
            if request is None or request.version != game.version:
                raise UserError(
                    said("Nobody has asked to undo anything, so there is nothing to decline.")
                )
            await self.access.set_undo_request(game, None)
            asker = game.seat_name(request.by_seat)
            outcome = Outcome.of(game, game.version)
            if seat == request.by_seat:
                text = said(
                    "{asker} withdrew the undo request; nothing was taken back.", asker=asker
                )
            else:
                text = said(
                    "{side} declined the undo request by {asker}; nothing was taken back.",
                    side=game.seat_name(seat),
                    asker=asker,
                )
            outcome.public.append(text.in_(player.language))
            return outcome

    async def _apply(
        self,
        game: LoadedGame,
        tail: LogTail,
        chosen: list[ActionBatch],
        player: Player,
        seat: str,
        *,
        fresh_dice: bool,
        approved_by: list[str] | None = None,
    ) -> Outcome:
        """Take ``chosen`` back for ``seat``, who asked; ``approved_by`` names the members
        who approved (None: a free undo). The channel and the log are told exactly which
        actions went, whose they were, who asked and who approved."""
        batch_ids = [b.batch for b in chosen]
        rebuilt = tail.fold_without(game, set(batch_ids))
        events: list[Event] = []
        if fresh_dice:
            events = await moved_on(self.access, game, rebuilt)
            rebuilt = engine.fold(game.system, rebuilt, events)
        asker = name_of(game, seat)
        # the log also shows the lines taken back, struck through, right above this one
        logged = undo_text(asker, [b.label for b in chosen], list(approved_by or ()) or None)
        text = logged
        if events:
            text = said(
                "{undone} The rolls taken back stay in the log; the next roll draws fresh dice.",
                undone=logged,
            )
        record = NewRecord(
            kind="undo",
            seat=seat,
            user_id=player.user_id,
            scope="public",
            payload=undo_payload(batch_ids, logged, asker, approved_by),
        )
        records = [record, *(event_record(seat, player.user_id, e) for e in events)]
        outcome = await commit_play(
            self.access,
            game,
            rebuilt,
            records,
            [],
            undo=True,
            language=player.language,
            by=player.user_id,
        )
        outcome.public.insert(0, text.in_(player.language))
        return outcome
