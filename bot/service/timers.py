"""What runs on the clock: answering prompts whose deadline has passed, finding the
games whose awaited players have been quiet long enough to be reminded (where each
chose, outside their quiet hours), and the absent-player deadline (a warning, then the
turn passed or the game paused).

Several bot processes may share one database (a cluster), so every timer is claimed in
the store before it fires (``bot.store.timer_due``): the claim leases it to this process
for :data:`CLAIM_LEASE` seconds, renewed every :data:`RENEW_EVERY` seconds while the
process still holds it (a heartbeat), and firing it ends the lease. Whichever processes
look, each timer fires once; one held by a process that died is taken over once its
lease runs out, within half a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import secrets
import socket

from bot.durations import duration_said, hours_said
from bot.messages import said
from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.loaded import LoadedGame
from bot.service.outcome import Outcome
from bot.service.play import Play
from bot.service.player import Player
from bot.service.read_models import AbsenceWarning, DueReminder
from bot.service.stewardship import Stewardship
from bot.service.table_settings import WARN_AT, TableSettings, read_settings
from bot.store.failures import StoreFailure
from bot.store.records import GameRow
from rules.core.registry import UnknownSystem, get_system

CLAIM_LEASE = 30.0  # seconds a claim lasts unless the process holding it renews it
RENEW_EVERY = 10.0  # how often a live process renews the claims it holds
RETRY_AFTER = 60.0  # a timer that failed is looked at again after this long
ABSENT_RECHECK = 300.0  # the longest a game rests from the absent-player deadline
CLAIM_BATCH = 50


def process_owner() -> str:
    """A name for this process's leases, unique across the machines of a cluster."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


log = logging.getLogger("umpire.timers")


class Timers:
    def __init__(self, access: GameAccess, play: Play, stewardship: Stewardship) -> None:
        self.access = access
        self.play = play
        self.stewardship = stewardship
        self.owner = process_owner()
        self.lease_seconds = CLAIM_LEASE
        self.renew_every = RENEW_EVERY
        self._held: set[tuple[str, int]] = set()  # the claims this process holds
        self._renewing: asyncio.Task[None] | None = None

    # -- claims, and the heartbeat that renews them --------------------------------------
    async def _claim(self, kind: str, now: float) -> list[GameRow]:
        rows = await self.access.db.claim_timers(
            kind, now, owner=self.owner, lease_seconds=self.lease_seconds, limit=CLAIM_BATCH
        )
        self._held.update((kind, row.id) for row in rows)
        if self._held and (self._renewing is None or self._renewing.done()):
            self._renewing = asyncio.create_task(self._renew(), name="umpire-timer-claims")
        return rows

    async def _fire(self, kind: str, game_id: int, at: float) -> bool:
        self._held.discard((kind, game_id))
        return await self.access.db.fire_timer(kind, game_id, self.owner, at)

    async def _rest(self, kind: str, game_id: int, until: float | None) -> bool:
        self._held.discard((kind, game_id))
        return await self.access.db.rest_timer(kind, game_id, self.owner, until)

    async def _renew(self) -> None:
        """While this process holds claims, renew them every :data:`RENEW_EVERY` seconds
        so that they outlast their short lease; a process that dies stops renewing, and
        its claims are taken over once their lease runs out."""
        while self._held:
            await asyncio.sleep(self.renew_every)
            if not self._held:
                return
            try:
                await self.access.db.renew_timers(
                    self.owner, self.access.clock() + self.lease_seconds
                )
            except StoreFailure:  # the next beat tries again; meanwhile leases may run out
                log.warning("could not renew this process's timer claims", exc_info=True)

    async def stop_renewing(self) -> None:
        """Stop the heartbeat (a stopping bot, once its last pass is done)."""
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewing
            self._renewing = None

    async def expire_prompts(self) -> list[Outcome]:
        """Answer prompts whose deadline has passed with their timeout action.

        A prompt's deadline counts from when the game started waiting on it; the timeout
        action (for example declining an overwatch attack) is submitted as the awaited
        player, so it is logged and can be undone like any other action. A game whose
        deadlines lie ahead rests until the earliest (or until it moves on), so it is
        not loaded again every pass.
        """
        now = self.access.clock()
        outcomes = []
        seen: set[int] = set()
        while True:
            rows = await self._claim("deadline", now)
            fresh = [row for row in rows if row.id not in seen]
            for row in rows:
                if row.id in seen:  # answered this pass, yet still overdue: next pass
                    await self._rest("deadline", row.id, now + RETRY_AFTER)
                    continue
                seen.add(row.id)
                try:
                    outcome, rest_until = await self._answer_overdue(row, now)
                except BaseException:
                    await self._rest("deadline", row.id, now + RETRY_AFTER)
                    raise
                if outcome is None:
                    await self._rest("deadline", row.id, rest_until)
                else:
                    await self._fire("deadline", row.id, now)
                    outcomes.append(outcome)
            if len(rows) < CLAIM_BATCH or not fresh:
                return outcomes

    async def _answer_overdue(
        self, row: GameRow, now: float
    ) -> tuple[Outcome | None, float | None]:
        """The outcome of answering the game's first overdue prompt, or None and when the
        earliest deadline still ahead falls (None: none at this version of the game)."""
        try:
            game = await self.access.load(row)
        except UserError:
            return None, None  # its system is not installed here
        if game.state is None or row.waiting_since is None:
            return None, None
        earliest: float | None = None
        for prompt in game.system.prompts(game.state):
            if prompt.on_timeout is None or prompt.timeout_minutes is None:
                continue
            deadline = row.waiting_since + prompt.timeout_minutes * 60
            if deadline > now:
                earliest = deadline if earliest is None else min(earliest, deadline)
                continue
            seat_row = game.user_of(prompt.seat)
            if seat_row is None:
                continue
            # nobody asked for this: the channel is told in the game's language
            language = read_settings(row.settings).language
            player = Player(seat_row.user_id, seat_row.name, language=language)
            try:
                outcome = await self.play.act(
                    row.channel_id,
                    player,
                    prompt.on_timeout,
                    expected_version=game.version,
                    for_absent=True,
                )
            except UserError:
                return None, None  # the game moved on meanwhile (its new version is looked at)
            outcome.public.insert(
                0,
                said(
                    "⏱️ {player} did not answer within {duration}, "
                    "so Umpire answered `{answer}` for them.",
                    player=seat_row.name,
                    duration=duration_said(prompt.timeout_minutes or 0),
                    answer=prompt.on_timeout,
                ).in_(language),
            )
            return outcome, None
        return None, earliest

    async def due_reminders(self) -> list[DueReminder]:
        """Games whose awaited players have been quiet too long, each claimed for this
        process: post the reminder, then call :meth:`reminder_sent` (until then no other
        process reminds the game; if this one dies first, another does once the claim
        runs out).

        Each awaited player is reminded where they chose (the channel, by DM or both; in
        the channel alone, by DM too from the second reminder of a wait, when they chose
        nothing). A player inside their quiet hours is owed the reminder instead, and gets
        it once their quiet hours are over, if the game still waits on them."""
        now = self.access.clock()
        due = []
        while True:
            rows = await self._claim("reminder", now)
            for row in rows:
                try:
                    awaited, found = await self._reminder(row, now)
                except BaseException:
                    await self._rest("reminder", row.id, now + RETRY_AFTER)
                    raise
                if not awaited:  # nobody to remind: the wait is marked all the same
                    await self._fire("reminder", row.id, now)
                elif found is None:  # all in quiet hours: owed to them, looked at again later
                    await self._rest("reminder", row.id, now + RETRY_AFTER)
                else:
                    due.append(found)
            if len(rows) < CLAIM_BATCH:
                break
        return due + await self._owed_reminders(now)

    async def reminder_sent(self, game_id: int) -> bool:
        """Mark the game reminded now, ending this process's claim on its reminder; False
        if the claim had run out and another process took the reminder over (or the
        reminder was one owed after quiet hours, which claims apart)."""
        return await self._fire("reminder", game_id, self.access.clock())

    async def _reminder(self, row: GameRow, now: float) -> tuple[bool, DueReminder | None]:
        """Whether the claimed game awaits anybody, and the reminder of those outside
        their quiet hours (None when all are inside: it is owed to them meanwhile)."""
        users = await awaited_users(self.access, row)
        if not users:
            return False, None
        since = row.waiting_since or now
        repeated = row.reminded_at is not None and row.reminded_at >= since
        async with self.access.lock(row.channel_id):
            settings = read_settings((await self.access.db.game(row.id) or row).settings)
            awake = [u for u in users if not in_quiet_hours(settings, u, now)]
            owed = {
                **{k: v for k, v in settings.owed.items() if v == since and int(k) not in awake},
                **{str(u): since for u in users if u not in awake},
            }
            await self._keep_owed(row.id, settings, owed)
        if not awake:
            return True, None
        return True, reminder(row, settings, awake, since, now, repeated)

    async def _keep_owed(
        self, game_id: int, settings: TableSettings, owed: dict[str, float]
    ) -> None:
        if owed != settings.owed:
            kept = settings.model_copy(update={"owed": owed})
            await self.access.db.touch(game_id, settings=kept.to_json())

    async def _owed_reminders(self, now: float) -> list[DueReminder]:
        """The reminders owed to players whose quiet hours are over, if the game still
        waits on them in the same wait; each game claimed (``owed``) while its owed
        reminders are settled, then resting a while so a pass looks at it once."""
        due = []
        while True:
            rows = await self._claim("owed", now)
            for row in rows:
                try:
                    found = await self._owed(row, now)
                finally:
                    await self._rest("owed", row.id, now + RETRY_AFTER)
                if found is not None:
                    due.append(found)
            if len(rows) < CLAIM_BATCH:
                return due

    async def _owed(self, row: GameRow, now: float) -> DueReminder | None:
        async with self.access.lock(row.channel_id):
            current = await self.access.db.game(row.id)
            if current is None or current.waiting_since is None:
                return None
            settings = read_settings(current.settings)
            awaited = set(await awaited_users(self.access, current))
            since = current.waiting_since
            still = {k: v for k, v in settings.owed.items() if v == since and int(k) in awaited}
            ready = [int(k) for k in still if not in_quiet_hours(settings, int(k), now)]
            await self._keep_owed(
                row.id, settings, {k: v for k, v in still.items() if int(k) not in ready}
            )
        if not ready:
            return None
        return reminder(current, settings, ready, since, now, repeated=False)  # its first

    async def absent_players(self) -> tuple[list[AbsenceWarning], list[Outcome]]:
        """The absent-player deadline: a warning once three quarters of it have passed,
        then, when it is over, the absent players' turn passed as the rules allow (the
        answer their question takes when time runs out, else an ``end`` or ``pass`` the
        rules offer, else the system's own automatic pick) or the game paused.

        Each waiting game is claimed (``absent``) before it is looked at, so one process
        warns and passes; it then rests until its warning or deadline falls (or it moves
        on), but at most :data:`ABSENT_RECHECK` seconds, since its settings may change."""
        now = self.access.clock()
        warnings: list[AbsenceWarning] = []
        outcomes: list[Outcome] = []
        seen: set[int] = set()
        while True:
            rows = await self._claim("absent", now)
            fresh = [row for row in rows if row.id not in seen]
            for row in rows:
                if row.id in seen:  # passed this pass, yet waiting again: the next pass
                    await self._rest("absent", row.id, now + RETRY_AFTER)
                    continue
                seen.add(row.id)
                until = now + RETRY_AFTER
                try:
                    warning, passed, until = await self._absent_player(row, now)
                finally:
                    await self._rest("absent", row.id, min(until, now + ABSENT_RECHECK))
                if warning is not None:
                    warnings.append(warning)
                outcomes += passed
            if len(rows) < CLAIM_BATCH or not fresh:
                return warnings, outcomes

    async def _absent_player(
        self, row: GameRow, now: float
    ) -> tuple[AbsenceWarning | None, list[Outcome], float]:
        """The claimed game's warning or passed turns (or pause), and until when nothing
        more is due at its version."""
        settings = read_settings(row.settings)
        if settings.absent_hours is None or row.waiting_since is None:
            return None, [], now + ABSENT_RECHECK
        deadline = row.waiting_since + settings.absent_hours * 3600
        warn_at = row.waiting_since + WARN_AT * (deadline - row.waiting_since)
        if now < warn_at:
            return None, [], warn_at
        try:
            game = await self.access.load(row)
        except UserError:
            return None, [], now + ABSENT_RECHECK  # its system is not installed here
        if now >= deadline:  # passing or pausing moves the game on, which ends the rest
            return None, await self._absent(row.channel_id, game, settings), now + RETRY_AFTER
        users = tuple(r.user_id for s in row.awaited if (r := game.user_of(s)))
        if settings.absent_warned == row.waiting_since or not users:
            return None, [], deadline
        async with self.access.lock(row.channel_id):
            fresh = await self.access.db.game(row.id)
            if fresh is None or fresh.waiting_since != row.waiting_since:
                return None, [], now + RETRY_AFTER
            marked = read_settings(fresh.settings).model_copy(
                update={"absent_warned": row.waiting_since}
            )
            await self.access.db.touch(row.id, settings=marked.to_json())
        warning = AbsenceWarning(
            game_id=row.id,
            channel_id=row.channel_id,
            users=users,
            deadline=deadline,
            action=settings.absent_action,
            language=settings.language,
        )
        return warning, [], deadline

    async def _absent(
        self, channel_id: int, game: LoadedGame, settings: TableSettings
    ) -> list[Outcome]:
        """Pause the game, or play for every seat it waits on (one after another, each
        only while the game still waits on it: a move of one may settle another's)."""
        hours = hours_said(settings.absent_hours or 0)
        language = settings.language  # nobody asked: the game's language
        if settings.absent_action == "pause":
            umpire = Player(UMPIRE.user_id, UMPIRE.name, manager=True, language=language)
            reason = said("nobody moved for {hours}", hours=hours).in_(language)
            try:
                return [await self.stewardship.pause(channel_id, umpire, reason)]
            except UserError:
                return []  # paused or moved on meanwhile
        if game.state is None:
            return []
        outcomes: list[Outcome] = []
        for seat in game.system.status(game.state).waiting_on:
            if outcomes:  # the game as the last pass left it
                game = await self.access.game_by_id(game.id)
                if game.state is None or seat not in game.system.status(game.state).waiting_on:
                    continue
            seat_row = game.user_of(seat)
            notation = passing_action(game, seat)
            if seat_row is None or notation is None:
                continue
            player = Player(seat_row.user_id, seat_row.name, language=language)
            try:
                outcome = await self.play.act(
                    channel_id, player, notation, expected_version=game.version, for_absent=True
                )
            except UserError:
                break  # the game moved on meanwhile
            outcome.public.insert(
                0,
                said(
                    "⌛ {player} did not move for {hours}, so Umpire played `{notation}` for them.",
                    player=seat_row.name,
                    hours=hours,
                    notation=notation,
                ).in_(language),
            )
            outcomes.append(outcome)
        return outcomes


UMPIRE = Player(0, "Umpire", manager=True)
"""Who pauses a game whose absent-player deadline has passed."""
PASSING_VERBS = ("end", "pass", "done")


def passing_action(game: LoadedGame, seat: str) -> str | None:
    """What Umpire plays for an absent seat: its question's answer when time runs out,
    else an ``end`` or ``pass`` the rules offer it now, else the system's automatic pick."""
    state = game.state
    assert state is not None
    system = game.system
    for prompt in system.prompts(state):
        if prompt.seat == seat and prompt.on_timeout is not None:
            return prompt.on_timeout
    choices = system.legal_actions(state, seat)
    for verb in PASSING_VERBS:
        for choice in choices:
            if choice.notation.split()[:1] == [verb]:
                return choice.notation
    rnd = random.Random(f"{game.id}:{game.version}:{seat}")
    return system.automatic_action(state, seat, choices, rnd) if choices else None


async def awaited_users(access: GameAccess, row: GameRow) -> list[int]:
    """The members holding the seats ``row`` waits on."""
    seats = {s.seat: s.user_id for s in await access.db.seats(row.id)}
    return [seats[s] for s in row.awaited if s in seats]


def in_quiet_hours(settings: TableSettings, user_id: int, now: float) -> bool:
    quiet = settings.of_player(user_id).quiet
    return quiet is not None and quiet.ends_after(now) is not None


def reminder(
    row: GameRow,
    settings: TableSettings,
    users: list[int],
    since: float,
    now: float,
    repeated: bool,
) -> DueReminder:
    """The reminder of ``users``: in the channel or by DM as each chose."""
    where = {u: settings.of_player(u).reminders for u in users}
    return DueReminder(
        game_id=row.id,
        channel_id=row.channel_id,
        guild_id=row.guild_id,
        system_name=_system_name(row.system),
        reminder_hours=row.reminder_seconds / 3600,
        users=tuple(u for u in users if where[u] in ("channel", "both")),
        dm_users=tuple(
            u for u in users if where[u] in ("dm", "both") or (where[u] == "channel" and repeated)
        ),
        waiting_since=since,
        waited_seconds=max(0.0, now - since),
        repeated=repeated,
        language=settings.language,
    )


def _system_name(system_id: str) -> str:
    """The game's system as players know it (its id if it is no longer installed)."""
    try:
        return get_system(system_id).name
    except UnknownSystem:
        return system_id
