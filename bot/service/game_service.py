"""Every game operation, as async methods that commit before they return.

The service is the only writer of games. Each change runs under the channel's lock,
reads the game, asks the engine, and appends one batch to the log together with the new
state snapshot in a single transaction; only then does it return the :class:`Outcome`
that front ends turn into messages. So an acknowledged action is always on disk.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.service.authority import Pause, refuse_while_paused, require_steward, span, tidy_reason
from bot.service.errors import ActionRefused, ChoiceExpired, UserError
from bot.service.loaded import (
    LoadedGame,
    live_events,
    rebuild_state,
    scope_of,
    undone_batches,
    visibility_of,
)
from bot.service.narration import narrate
from bot.service.options import options_json, parse_options
from bot.service.outcome import Outcome, PromptDelivery
from bot.service.player import Player
from bot.service.snapshots import decode_state, encode_state
from bot.store.database import ChannelBusy, Database, VersionConflict
from bot.store.records import GameRow, LogRow, NewRecord, SeatRow
from rules.core import engine
from rules.core.dice import commitment, new_seed
from rules.core.events import Event, GameEnded
from rules.core.registry import UnknownSystem, get_system
from rules.core.rejection import Rejection
from rules.core.state import GameState
from rules.core.visibility import Viewer


@dataclass(frozen=True, slots=True)
class UndoableBatch:
    batch: int
    seat: str | None
    barrier: bool  # rolled dice, revealed something or ended the game


MIN_REMINDER = 60 * 60  # one hour
MAX_REMINDER = 14 * 24 * 60 * 60  # two weeks


class GameService:
    def __init__(
        self,
        db: Database,
        *,
        default_reminder_seconds: int = 24 * 3600,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], bytes] = new_seed,
    ) -> None:
        self.db = db
        self.default_reminder_seconds = default_reminder_seconds
        self.clock = clock
        self.seed_source = seed_source
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # -- loading ----------------------------------------------------------------------
    async def _load(self, row: GameRow) -> LoadedGame:
        try:
            system = get_system(row.system)
        except UnknownSystem:
            raise UserError(
                f"This channel's game uses the system '{row.system}', which is not installed."
            ) from None
        seats = await self.db.seats(row.id)
        state = None
        if row.state is not None:
            state = decode_state(system.state_model, row.state)
        return LoadedGame(row=row, seats=seats, system=system, state=state)

    async def _open(self, channel_id: int, *, component: bool = False) -> LoadedGame:
        """The channel's open game; for a ``component`` (a button or menu of a game that
        has since ended) no open game means the choice has expired."""
        row = await self.db.open_game(channel_id)
        if row is None:
            if component:
                raise ChoiceExpired()
            if await self.db.latest_game(channel_id) is not None:
                raise UserError(
                    "The last game in this channel is over. Start a new one with `/game new`."
                )
            raise UserError("There is no game in this channel. Start one with `/game new`.")
        return await self._load(row)

    async def game_in(self, channel_id: int) -> LoadedGame | None:
        """The channel's open game, else its most recent one, else None."""
        row = await self.db.open_game(channel_id) or await self.db.latest_game(channel_id)
        return await self._load(row) if row else None

    async def _any(self, channel_id: int) -> LoadedGame:
        game = await self.game_in(channel_id)
        if game is None:
            raise UserError("No game has been played in this channel yet.")
        return game

    async def game_by_id(self, game_id: int) -> LoadedGame:
        if not 0 < game_id < 2**63:  # a nonsense id (no SQLite integer) names no game
            raise ChoiceExpired()
        row = await self.db.game(game_id)
        if row is None:
            raise ChoiceExpired()
        return await self._load(row)

    def _outcome(self, game: LoadedGame, version: int) -> Outcome:
        return Outcome(
            game_id=game.id, channel_id=game.row.channel_id, version=version, system=game.system.id
        )

    @staticmethod
    def _meta(player: Player | None, text: str, **extra: Any) -> NewRecord:
        payload = {"text": text, **extra}
        return NewRecord(
            kind="meta",
            seat=None,
            user_id=player.user_id if player else None,
            scope="public",
            payload=json.dumps(payload),
        )

    # -- lobby ------------------------------------------------------------------------
    async def create(
        self,
        channel_id: int,
        guild_id: int | None,
        player: Player,
        system_id: str,
        options_text: str | None = None,
        side: str | None = None,
    ) -> Outcome:
        try:
            system = get_system(system_id)
        except UnknownSystem as exc:
            raise UserError(str(exc)) from None
        options = parse_options(system.options_model, options_text)
        problem = system.check_options(options)
        if problem:
            raise UserError(problem)
        if side and side.strip().lower() not in {
            key for spec in system.seat_specs for key in (spec.id, spec.label.lower())
        }:
            sides = ", ".join(f"`{spec.id}`" for spec in system.seat_specs)
            raise UserError(f"There is no side '{side[:40]}' in {system.name}. Sides: {sides}.")
        wanted = (side or "").strip().lower()
        spec = next(
            (s for s in system.seat_specs if wanted in (s.id, s.label.lower())),
            system.seat_specs[0],
        )
        position = [s.id for s in system.seat_specs].index(spec.id)
        text = f"{player.name} set up a game of {system.name}."
        joined = f"{player.name} joined as {spec.label}."
        async with self._lock(channel_id):
            if await self.db.open_game(channel_id) is not None:
                raise UserError(
                    "This channel already has a game. Finish it (`/game end`) or use a thread."
                )
            seed = self.seed_source()
            try:
                game_id = await self.db.create_game(
                    channel_id=channel_id,
                    guild_id=guild_id,
                    system=system.id,
                    rules_version=system.rules_version,
                    options=options_json(options),
                    creator_id=player.user_id,
                    seed=seed,
                    commitment=commitment(seed),
                    reminder_seconds=self.default_reminder_seconds,
                    now=self.clock(),
                    meta=self._meta(player, text),
                    creator_seat=(
                        SeatRow(spec.id, player.user_id, player.name, position),
                        self._meta(player, joined),
                    ),
                )
            except ChannelBusy:
                raise UserError("This channel already has a game.") from None
        # the creator is seated in the same transaction: the game starts at version 2
        outcome = Outcome(game_id=game_id, channel_id=channel_id, version=2, system=system.id)
        outcome.public += [text, joined]
        return outcome

    async def join(self, channel_id: int, player: Player, side: str | None = None) -> Outcome:
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            if game.row.status != "lobby":
                raise UserError("This game has already started; seats can no longer change.")
            held = game.seat_of(player.user_id)
            if held is not None:
                raise UserError(
                    f"You already hold {game.system.seat_label(held)}. "
                    "Use `/game leave` first to change sides."
                )
            taken = {s.seat for s in game.seats}
            free = [spec for spec in game.system.seat_specs if spec.id not in taken]
            if not free:
                raise UserError("Every seat is taken.")
            if side:
                wanted = side.strip().lower()
                match = [s for s in game.system.seat_specs if wanted in (s.id, s.label.lower())]
                if not match:
                    sides = ", ".join(f"`{s.id}`" for s in game.system.seat_specs)
                    raise UserError(f"There is no side '{side[:40]}'. Sides: {sides}.")
                if match[0].id in taken:
                    others = ", ".join(f"`{s.id}`" for s in free)
                    raise UserError(f"{match[0].label} is taken. Free: {others}.")
                spec = match[0]
            else:
                spec = free[0]
            position = [s.id for s in game.system.seat_specs].index(spec.id)
            text = f"{player.name} joined as {spec.label}."
            version = await self._append(
                game,
                [self._meta(player, text)],
                seat_changes=[("add", SeatRow(spec.id, player.user_id, player.name, position))],
            )
        outcome = self._outcome(game, version)
        outcome.public.append(text)
        return outcome

    async def leave(self, channel_id: int, player: Player) -> Outcome:
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            seat = game.seat_of(player.user_id)
            if seat is None:
                raise UserError("You do not hold a seat in this game.")
            if game.row.status != "lobby":
                raise UserError("The game has started; use `/game concede` to give up instead.")
            text = f"{player.name} left {game.system.seat_label(seat)}."
            version = await self._append(
                game, [self._meta(player, text)], seat_changes=[("remove", seat)]
            )
        outcome = self._outcome(game, version)
        outcome.public.append(text)
        return outcome

    async def start(self, channel_id: int, player: Player) -> Outcome:
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            if game.row.status != "lobby":
                raise UserError("The game is already under way.")
            if player.user_id != game.row.creator_id and game.seat_of(player.user_id) is None:
                raise UserError("Only a seated player or the game's creator can start it.")
            if len(game.seats) < game.system.min_seats:
                missing = game.system.min_seats - len(game.seats)
                raise UserError(
                    f"{missing} more player(s) must `/game join` before the game can start."
                )
            problem = game.system.check_start(game.options(), game.seat_ids())
            if problem is not None:
                raise UserError(problem)
            state = game.system.initial_state(game.options(), game.seat_ids())
            events = engine.begin(game.system, state, game.row.seed)
            state = engine.fold(game.system, state, events)
            text = (
                f"The game begins. Dice commitment (SHA-256 of this game's secret seed): "
                f"`{game.row.commitment}` — the seed is revealed when the game ends, and "
                "`/game verify` then checks every roll."
            )
            records = [self._meta(player, text, commitment=game.row.commitment)]
            records += [self._event_record(None, None, e) for e in events]
            outcome = await self._commit_play(game, state, records, events, status="active")
        outcome.public.insert(0, text)
        return outcome

    # -- play -------------------------------------------------------------------------
    def _seat_for(self, game: LoadedGame, player: Player) -> str:
        seat = game.seat_of(player.user_id)
        if seat is None:
            raise UserError("You are not seated in this game; spectators can only watch.")
        return seat

    def _active_state(self, game: LoadedGame) -> GameState:
        if game.row.status == "lobby" or game.state is None:
            raise UserError("The game has not started yet. Use `/game start` when all are seated.")
        if game.row.status == "finished":
            raise UserError("This game is over.")
        refuse_while_paused(game)
        return game.state

    @staticmethod
    def _event_record(seat: str | None, user_id: int | None, event: Event) -> NewRecord:
        return NewRecord(
            kind="event",
            seat=seat,
            user_id=user_id,
            scope=scope_of(event.visibility),
            payload=json.dumps(event.model_dump(mode="json")),
        )

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
        async with self._lock(channel_id):
            game = await self._open(channel_id, component=game_id is not None)
            if game_id is not None and game.id != game_id:
                raise ChoiceExpired()
            state = self._active_state(game)
            seat = self._seat_for(game, player)
            if expected_version is not None and not await self._prompt_open(
                game, seat, expected_version
            ):
                raise ChoiceExpired()
            parsed = game.system.parse_notation(notation, state, seat)
            if isinstance(parsed, Rejection):
                raise ActionRefused(parsed)
            decided = engine.decide(game.system, state, game.row.seed, seat, parsed)
            if isinstance(decided, Rejection):
                raise ActionRefused(decided)
            new_state = engine.fold(game.system, state, decided)
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
            records += [self._event_record(seat, player.user_id, e) for e in decided]
            outcome = await self._commit_play(game, new_state, records, decided)
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
        rows = await self.db.log(game.id, after_seq=version)
        # other seats' moves and notes such as a pause leave this seat's question open
        return all(
            r.kind == "meta" or (r.kind in ("action", "event") and r.seat not in (None, seat))
            for r in rows
        )

    async def concede(self, channel_id: int, player: Player) -> Outcome:
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            state = self._active_state(game)
            seat = self._seat_for(game, player)
            decided = engine.concede(state, seat)
            if isinstance(decided, Rejection):
                raise ActionRefused(decided)
            new_state = engine.fold(game.system, state, decided)
            records = [self._event_record(seat, player.user_id, e) for e in decided]
            outcome = await self._commit_play(game, new_state, records, decided)
        return outcome

    async def end(self, channel_id: int, player: Player) -> Outcome:
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            require_steward(game, player, "end it")
            text = f"{player.name} ended the game."
            if game.state is None:
                version = await self._append(
                    game,
                    [self._meta(player, text)],
                    updates={"status": "finished", "ended_at": self.clock()},
                )
                outcome = self._outcome(game, version)
                outcome.public.append(text + " It never started.")
                outcome.finished = True
                return outcome
            ended = GameEnded(winners=(), reason=f"ended by {player.name}")
            new_state = engine.fold(game.system, game.state, [ended])
            records = [self._meta(player, text), self._event_record(None, player.user_id, ended)]
            outcome = await self._commit_play(game, new_state, records, [ended])
        return outcome

    async def _commit_play(
        self,
        game: LoadedGame,
        new_state: GameState,
        records: list[NewRecord],
        events: list[Event],
        *,
        status: str | None = None,
        undo: bool = False,
    ) -> Outcome:
        """Write the batch and the new snapshot; then work out who hears what."""
        system = game.system
        old_waiting = tuple(json.loads(game.row.waiting_on))
        status_now = system.status(new_state)
        waiting = status_now.waiting_on if not new_state.finished else ()
        now = self.clock()
        updates: dict[str, Any] = {
            "state": encode_state(new_state),
            "waiting_on": json.dumps(list(waiting)),
            "undo_request": None,
        }
        if status:
            updates["status"] = status
        old_prompts = self._prompt_keys(system, game.state)
        new_prompts = self._prompt_keys(system, new_state)
        if waiting != old_waiting or (waiting and old_prompts != new_prompts):
            # the question changed: reminders and answer deadlines count from now
            updates["waiting_since"] = now if waiting else None
            updates["reminded_at"] = None
        if new_state.finished:
            updates["status"] = "finished"
            updates["ended_at"] = now
            updates["paused"] = None
        version = await self._append(game, records, updates=updates)

        outcome = self._outcome(game, version)
        outcome.board = undo or status is not None or system.board_after(events)
        for event in events:
            line = narrate(system, event, new_state)
            if line is None:
                continue
            visibility = event.visibility
            if visibility.scope == "public":
                outcome.public.append(line)
            elif visibility.scope == "seats":
                for seat in visibility.seats:
                    seat_row = game.user_of(seat)
                    if seat_row:
                        outcome.tell(seat_row.user_id, line)
        if new_state.finished:
            outcome.finished = True
            outcome.public.append(
                f"The dice seed is now revealed: `{game.row.seed.hex()}`. "
                "Run `/game verify` to check every roll against the commitment."
            )
            return outcome
        newly_waiting = [s for s in waiting if s not in old_waiting] if not undo else list(waiting)
        for seat in newly_waiting:
            seat_row = game.user_of(seat)
            if seat_row and seat_row.user_id not in outcome.mentions:
                outcome.mentions.append(seat_row.user_id)
        for prompt in system.prompts(new_state):
            seat_row = game.user_of(prompt.seat)
            fresh = undo or (prompt.seat, prompt.key) not in old_prompts
            if prompt.private and seat_row and fresh:
                outcome.prompts.append(
                    PromptDelivery(seat_row.user_id, prompt.seat, game.id, version, prompt)
                )
        return outcome

    @staticmethod
    def _prompt_keys(system: Any, state: GameState | None) -> set[tuple[str, str]]:
        if state is None or state.finished:
            return set()
        return {(p.seat, p.key) for p in system.prompts(state)}

    async def _append(
        self,
        game: LoadedGame,
        records: list[NewRecord],
        *,
        updates: dict[str, Any] | None = None,
        seat_changes: list[tuple[str, SeatRow | str]] | None = None,
    ) -> int:
        try:
            return await self.db.append(
                game.id,
                game.version,
                records,
                self.clock(),
                updates=updates,
                seat_changes=seat_changes or [],
            )
        except VersionConflict:
            raise UserError(
                "Someone else changed the game at the same moment; nothing of yours was "
                "applied. Look at the game and try again."
            ) from None

    # -- stewardship ------------------------------------------------------------------
    async def pause(self, channel_id: int, player: Player, reason: str | None = None) -> Outcome:
        """Stop play (creator or Manage Server): no actions, reminders or deadlines."""
        why = tidy_reason(reason)
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            require_steward(game, player, "pause it")
            if game.row.status != "active":
                raise UserError("Only a game under way can be paused; this one has not started.")
            current = Pause.of(game)
            if current is not None:
                raise UserError(f"The game is already {current.describe()}.")
            pause = Pause(player.user_id, player.name, self.clock(), why)
            text = (
                f"⏸️ {player.name} paused the game{': ' + why if why else ''}"
                f"{'' if why[-1:] in ('.', '!', '?') else '.'} "
                "Nobody can act, and no reminder or answer deadline runs, until the game's "
                "creator or a member with Manage Server uses `/game resume`."
            )
            version = await self._append(
                game, [self._meta(player, text)], updates={"paused": pause.to_json()}
            )
        outcome = self._outcome(game, version)
        outcome.public.append(text)
        return outcome

    async def resume(self, channel_id: int, player: Player) -> Outcome:
        """Play on after a pause; answer deadlines and reminders do not count the pause."""
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            require_steward(game, player, "resume it")
            pause = Pause.of(game)
            if pause is None:
                raise UserError("The game is not paused.")
            now = self.clock()
            updates: dict[str, Any] = {"paused": None, "reminded_at": None}
            if game.row.waiting_since is not None:
                updates["waiting_since"] = game.row.waiting_since + max(0.0, now - pause.at)
            text = f"▶️ {player.name} resumed the game after {span(now - pause.at)}."
            version = await self._append(game, [self._meta(player, text)], updates=updates)
        outcome = self._outcome(game, version)
        outcome.public.append(text)
        waiting = json.loads(game.row.waiting_on)
        outcome.mentions = [r.user_id for s in waiting if (r := game.user_of(s))]
        outcome.mention_reason = "the game goes on: your move"
        return outcome

    async def kick(
        self,
        channel_id: int,
        player: Player,
        member: Player,
        replacement: Player | None = None,
    ) -> Outcome:
        """Take ``member``'s seat away: freed in the lobby, else handed to ``replacement``.

        Stewards may do it for anyone; a seated player may hand their own seat over.
        """
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            if not (member.user_id == player.user_id and replacement is not None):
                require_steward(game, player, "take a seat from a player")
            seat = game.seat_of(member.user_id)
            if seat is None:
                raise UserError(f"{member.name} does not hold a seat in this game.")
            label = game.system.seat_label(seat)
            if replacement is None:
                if game.row.status != "lobby":
                    raise UserError(
                        f"The game is under way, so {label} needs a new player: name a "
                        "`replacement` (a member of this server), or end the game with "
                        "`/game end`."
                    )
                text = f"{player.name} removed {member.name} from {label}."
                version = await self._append(
                    game, [self._meta(player, text)], seat_changes=[("remove", seat)]
                )
                outcome = self._outcome(game, version)
                outcome.public.append(text)
                return outcome
            if replacement.user_id == member.user_id:
                raise UserError(f"{member.name} already holds {label}.")
            held = game.seat_of(replacement.user_id)
            if held is not None:
                raise UserError(
                    f"{replacement.name} already holds {game.system.seat_label(held)}; "
                    "a member holds one seat at most."
                )
            position = next(row.position for row in game.seats if row.seat == seat)
            text = f"{player.name} handed {label} from {member.name} to {replacement.name}."
            version = await self._append(
                game,
                [self._meta(player, text, seat=seat, to_user=replacement.user_id)],
                seat_changes=[
                    ("hand", SeatRow(seat, replacement.user_id, replacement.name, position))
                ],
            )
        outcome = self._outcome(game, version)
        outcome.public.append(text)
        if game.state is None:
            return outcome
        outcome.tell(
            replacement.user_id,
            f"You now hold {label} in game #{game.id}. `/game log` shows what this seat "
            "has seen so far and `/game status` what you can do.",
        )
        if seat in json.loads(game.row.waiting_on):
            outcome.mentions = [replacement.user_id]
            outcome.mention_reason = f"you now hold {label}: your move"
        for prompt in game.system.prompts(game.state):
            if prompt.seat == seat and prompt.private:
                outcome.prompts.append(
                    PromptDelivery(replacement.user_id, seat, game.id, version, prompt)
                )
        return outcome

    # -- undo -------------------------------------------------------------------------
    async def undo(self, channel_id: int, player: Player, count: int = 1) -> Outcome:
        """Take back the last ``count`` actions.

        Free when they are all the caller's own and none of them revealed information
        (dice, reveals, the end). Otherwise an undo request is recorded and the other
        seats must approve it with :meth:`approve_undo`.
        """
        if not 1 <= count <= 20:
            raise UserError("You can undo between 1 and 20 actions at a time.")
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            state = self._active_state(game)
            seat = self._seat_for(game, player)
            rows = await self.db.log(game.id)
            batches = self._undoable_batches(game, rows)
            if len(batches) < count:
                raise UserError(
                    f"There are only {len(batches)} action(s) that can be undone."
                    if batches
                    else "There is nothing to undo."
                )
            chosen = batches[-count:]
            if all(b.seat == seat and not b.barrier for b in chosen):
                return await self._apply_undo(game, rows, [b.batch for b in chosen], player, seat)
            request = {
                "by_seat": seat,
                "by_user": player.user_id,
                "batches": [b.batch for b in chosen],
                "approvals": [],
            }
            await self.db.touch(game.id, undo_request=json.dumps(request))
            outcome = self._outcome(game, game.version)
            reasons = []
            if any(b.seat != seat for b in chosen):
                reasons.append("another player acted")
            if any(b.barrier for b in chosen):
                reasons.append("dice were rolled or something was revealed")
            others = [s for s in state.seats_in_play() if s != seat]
            names = ", ".join(game.seat_name(s) for s in others)
            outcome.public.append(
                f"{player.name} asks to undo {count} action(s) ({' and '.join(reasons)}). "
                f"{names}: approve with the button below or `/game undo approve:true`."
            )
            outcome.mentions = [r.user_id for s in others if (r := game.user_of(s))]
            outcome.mention_reason = "please approve or ignore the undo"
            outcome.undo_request = True
            return outcome

    @staticmethod
    def _undoable_batches(game: LoadedGame, rows: list[LogRow]) -> list[UndoableBatch]:
        """Live action batches in order, each with its seat and whether it holds a barrier."""
        undone = undone_batches(rows)
        barriers = {row.batch for row, event in live_events(game.system, rows) if event.barrier}
        return [
            UndoableBatch(row.batch, row.seat, row.batch in barriers)
            for row in rows
            if row.kind == "action" and row.batch not in undone
        ]

    async def approve_undo(
        self,
        channel_id: int,
        player: Player,
        expected_version: int | None = None,
        game_id: int | None = None,
    ) -> Outcome:
        """Approve the pending undo; a button passes the game and version it was posted at."""
        async with self._lock(channel_id):
            game = await self._open(channel_id, component=game_id is not None)
            if game_id is not None and game.id != game_id:
                raise ChoiceExpired()
            if expected_version is not None and expected_version != game.version:
                raise ChoiceExpired()
            state = self._active_state(game)
            seat = self._seat_for(game, player)
            if not game.row.undo_request:
                raise UserError("Nobody has asked to undo anything.")
            request = json.loads(game.row.undo_request)
            if seat == request["by_seat"]:
                raise UserError("You asked for this undo; another player must approve it.")
            approvals = sorted({*request["approvals"], seat})
            others = [s for s in state.seats_in_play() if s != request["by_seat"]]
            if not set(others) <= set(approvals):
                request["approvals"] = approvals
                await self.db.touch(game.id, undo_request=json.dumps(request))
                outcome = self._outcome(game, game.version)
                outcome.public.append(f"{player.name} approved the undo; waiting for the others.")
                return outcome
            rows = await self.db.log(game.id)
            live = {b.batch for b in self._undoable_batches(game, rows)}
            if not set(request["batches"]) <= live:
                raise ChoiceExpired()
            return await self._apply_undo(
                game, rows, request["batches"], player, request["by_seat"], approved=True
            )

    async def _apply_undo(
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
        text = f"↩️ {game.seat_name(seat)} took back {len(batch_ids)} action(s){how}."
        record = NewRecord(
            kind="undo",
            seat=seat,
            user_id=player.user_id,
            scope="public",
            payload=json.dumps({"batches": batch_ids, "text": text}),
        )
        outcome = await self._commit_play(game, rebuilt, [record], [], undo=True)
        outcome.public.insert(0, text)
        return outcome

    # -- reading ----------------------------------------------------------------------
    def viewer_for(self, game: LoadedGame, user_id: int | None) -> Viewer:
        seat = game.seat_of(user_id) if user_id is not None else None
        return Viewer.of_seat(seat) if seat else Viewer.spectator()

    async def status(self, channel_id: int, user_id: int | None) -> dict[str, Any]:
        game = await self._any(channel_id)
        return self.describe_status(game, user_id)

    def describe_status(self, game: LoadedGame, user_id: int | None) -> dict[str, Any]:
        seats = [
            {"seat": s.seat, "label": game.system.seat_label(s.seat), "user_id": s.user_id}
            for s in game.seats
        ]
        info: dict[str, Any] = {
            "game_id": game.id,
            "system": game.system.name,
            "status": game.row.status,
            "version": game.version,
            "seats": seats,
            "free": [
                spec.label for spec in game.system.seat_specs if spec.id not in game.seat_ids()
            ],
            "commitment": game.row.commitment,
            "reminder_hours": game.row.reminder_seconds / 3600,
        }
        pause = Pause.of(game)
        if pause is not None and game.row.status == "active":
            info["paused"] = pause.describe()
        if game.state is not None:
            turn = game.system.status(game.state)
            info["phase"] = turn.phase
            info["summary"] = turn.summary
            info["waiting_on"] = [
                {
                    "seat": s,
                    "label": game.system.seat_label(s),
                    "user_id": getattr(r, "user_id", None),
                }
                for s in turn.waiting_on
                for r in [game.user_of(s)]
            ]
            viewer_seat = game.seat_of(user_id) if user_id is not None else None
            info["legal"] = (
                [c.notation for c in game.system.legal_actions(game.state, viewer_seat)]
                if viewer_seat
                else []
            )
            info["winners"] = [game.system.seat_label(s) for s in game.state.winners]
        return info

    async def view(self, channel_id: int, viewer: Viewer | None = None) -> tuple[LoadedGame, Any]:
        game = await self._any(channel_id)
        if game.state is None:
            raise UserError("The game has not started, so there is no board yet.")
        return game, game.system.view(game.state, viewer or Viewer.spectator())

    async def log_lines(self, channel_id: int, user_id: int | None, last: int = 20) -> list[str]:
        """The game's log as ``user_id`` may read it (public lines plus their seat's)."""
        game = await self._any(channel_id)
        viewer = self.viewer_for(game, user_id)
        return self._lines(game, await self.db.log(game.id), viewer)[-max(1, min(last, 200)) :]

    def _lines(self, game: LoadedGame, rows: list[LogRow], viewer: Viewer) -> list[str]:
        undone = undone_batches(rows)
        lines: list[str] = []
        for row in rows:
            if row.kind in ("meta", "undo"):
                lines.append(f"`{row.seq:>4}` {json.loads(row.payload)['text']}")
                continue
            if row.kind != "event" or not visibility_of(row.scope).allows(viewer):
                continue
            event = engine.parse_event(game.system, json.loads(row.payload))
            line = narrate(game.system, event, game.state)
            if line is None:
                continue
            mark = " ~~(undone)~~" if row.batch in undone else ""
            lines.append(f"`{row.seq:>4}` {line}{mark}")
        return lines

    async def export(self, channel_id: int, user_id: int | None) -> dict[str, Any]:
        """Setup and log as JSON; secrets appear only for their seat or after the end."""
        game = await self._any(channel_id)
        finished = game.row.status == "finished"
        viewer = Viewer.as_referee() if finished else self.viewer_for(game, user_id)
        rows = await self.db.log(game.id)
        exported = []
        for row in rows:
            if row.kind in ("event", "action") and not visibility_of(row.scope).allows(viewer):
                exported.append(
                    {"seq": row.seq, "batch": row.batch, "kind": row.kind, "hidden": True}
                )
                continue
            exported.append(
                {
                    "seq": row.seq,
                    "batch": row.batch,
                    "kind": row.kind,
                    "seat": row.seat,
                    "user_id": row.user_id,
                    "visibility": row.scope,
                    "at": row.created_at,
                    "payload": json.loads(row.payload),
                }
            )
        return {
            "format": "umpire-game/1",
            "game_id": game.id,
            "system": game.system.id,
            "rules_version": game.row.rules_version,
            "options": json.loads(game.row.options),
            "seats": [{"seat": s.seat, "user_id": s.user_id, "name": s.name} for s in game.seats],
            "status": game.row.status,
            "commitment": game.row.commitment,
            "seed": game.row.seed.hex() if finished else None,
            "log": exported,
        }

    async def verify(self, channel_id: int) -> tuple[LoadedGame, engine.VerifyReport | None, bool]:
        """Re-derive every roll (after the end) and compare the snapshot with the log."""
        game = await self._any(channel_id)
        rows = await self.db.log(game.id)
        consistent = True
        if game.state is not None:
            consistent = rebuild_state(game, rows) == game.state
        if game.row.status != "finished":
            return game, None, consistent
        events = [
            engine.parse_event(game.system, json.loads(row.payload))
            for row in rows
            if row.kind == "event"
        ]
        report = engine.verify_rolls(game.row.seed, game.row.commitment, events)
        return game, report, consistent

    async def games_of(self, user_id: int) -> list[dict[str, Any]]:
        found = []
        for row in await self.db.games_of_user(user_id):
            game = await self._load(row)
            info = self.describe_status(game, user_id)
            info["channel_id"] = row.channel_id
            info["your_move"] = any(w["user_id"] == user_id for w in info.get("waiting_on", []))
            found.append(info)
        return found

    async def settings(self, channel_id: int, player: Player, reminder_hours: float | None) -> str:
        async with self._lock(channel_id):
            game = await self._open(channel_id)
            if (
                game.seat_of(player.user_id) is None
                and player.user_id != game.row.creator_id
                and not player.manager
            ):
                raise UserError(
                    "Only the game's players, creator or a server manager can change settings."
                )
            if reminder_hours is None:
                return f"Reminders after {game.row.reminder_seconds / 3600:g} hour(s) of quiet."
            # compared before int(): NaN and infinities are refused, not raised
            if not MIN_REMINDER <= reminder_hours * 3600 <= MAX_REMINDER:
                raise UserError(
                    "The reminder delay must be between 1 hour and 336 hours (14 days)."
                )
            seconds = int(reminder_hours * 3600)
            await self.db.touch(game.id, reminder_seconds=seconds)
            return f"Reminders will be posted after {reminder_hours:g} hour(s) without a move."

    async def expire_prompts(self) -> list[Outcome]:
        """Answer prompts whose deadline has passed with their timeout action.

        A prompt's deadline counts from when the game started waiting on it; the timeout
        action (for example declining an overwatch attack) is submitted as the awaited
        player, so it is logged and can be undone like any other action.
        """
        now = self.clock()
        outcomes = []
        for row in await self.db.waiting_games(now, minimum_seconds=60):
            game = await self._load(row)
            if game.state is None or row.waiting_since is None:
                continue
            for prompt in game.system.prompts(game.state):
                if prompt.on_timeout is None or prompt.timeout_minutes is None:
                    continue
                if row.waiting_since + prompt.timeout_minutes * 60 > now:
                    continue
                seat_row = game.user_of(prompt.seat)
                if seat_row is None:
                    continue
                player = Player(seat_row.user_id, seat_row.name)
                try:
                    outcome = await self.act(
                        row.channel_id, player, prompt.on_timeout, expected_version=game.version
                    )
                except UserError:
                    break  # the game moved on meanwhile
                outcome.public.insert(
                    0,
                    f"⏱️ {seat_row.name} did not answer within {prompt.timeout_minutes} "
                    f"minute(s), so Umpire answered `{prompt.on_timeout}` for them.",
                )
                outcomes.append(outcome)
                break
        return outcomes

    async def due_reminders(self) -> list[tuple[GameRow, list[int]]]:
        """Games whose awaited players have been quiet too long; marks them reminded."""
        now = self.clock()
        due = []
        for row in await self.db.waiting_games(now):
            seats = {s.seat: s.user_id for s in await self.db.seats(row.id)}
            users = [seats[s] for s in json.loads(row.waiting_on) if s in seats]
            await self.db.touch(row.id, reminded_at=now)
            if users:
                due.append((row, users))
        return due
