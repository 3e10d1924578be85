"""What runs on the clock: answering prompts whose deadline has passed, and finding the
games whose awaited players have been quiet long enough to be reminded.

Several bot processes may share one database (a cluster), so every timer is claimed in
the store before it fires (``bot.store.timer_due``): the claim leases it to this process
for a while, and firing it ends the lease. Whichever processes look, each timer fires
once; one held by a process that died is taken over when its lease runs out.
"""

from __future__ import annotations

import json
import os
import secrets
import socket

from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.outcome import Outcome
from bot.service.play import Play
from bot.service.player import Player
from bot.service.read_models import DueReminder
from bot.store.records import GameRow
from rules.core.registry import UnknownSystem, get_system
from rules.core.wording import duration

DEADLINE_LEASE = 300.0  # seconds to answer an overdue prompt before another process may
REMINDER_LEASE = 600.0  # seconds to post a reminder before another process may
RETRY_AFTER = 60.0  # a timer that failed is looked at again after this long
CLAIM_BATCH = 50


def process_owner() -> str:
    """A name for this process's leases, unique across the machines of a cluster."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Timers:
    def __init__(self, access: GameAccess, play: Play) -> None:
        self.access = access
        self.play = play
        self.owner = process_owner()

    async def expire_prompts(self) -> list[Outcome]:
        """Answer prompts whose deadline has passed with their timeout action.

        A prompt's deadline counts from when the game started waiting on it; the timeout
        action (for example declining an overwatch attack) is submitted as the awaited
        player, so it is logged and can be undone like any other action. A game whose
        deadlines lie ahead rests until the earliest (or until it moves on), so it is
        not loaded again every pass.
        """
        now = self.access.clock()
        db = self.access.db
        outcomes = []
        seen: set[int] = set()
        while True:
            rows = await db.claim_timers(
                "deadline", now, owner=self.owner, lease_seconds=DEADLINE_LEASE, limit=CLAIM_BATCH
            )
            fresh = [row for row in rows if row.id not in seen]
            for row in rows:
                if row.id in seen:  # answered this pass, yet still overdue: next pass
                    await db.rest_timer("deadline", row.id, self.owner, now + RETRY_AFTER)
                    continue
                seen.add(row.id)
                try:
                    outcome, rest_until = await self._answer_overdue(row, now)
                except BaseException:
                    await db.rest_timer("deadline", row.id, self.owner, now + RETRY_AFTER)
                    raise
                if outcome is None:
                    await db.rest_timer("deadline", row.id, self.owner, rest_until)
                else:
                    await db.fire_timer("deadline", row.id, self.owner, now)
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
            player = Player(seat_row.user_id, seat_row.name)
            try:
                outcome = await self.play.act(
                    row.channel_id, player, prompt.on_timeout, expected_version=game.version
                )
            except UserError:
                return None, None  # the game moved on meanwhile (its new version is looked at)
            outcome.public.insert(
                0,
                f"⏱️ {seat_row.name} did not answer within "
                f"{duration(prompt.timeout_minutes or 0)}, "
                f"so Umpire answered `{prompt.on_timeout}` for them.",
            )
            return outcome, None
        return None, earliest

    async def due_reminders(self) -> list[DueReminder]:
        """Games whose awaited players have been quiet too long, each claimed for this
        process: post the reminder, then call :meth:`reminder_sent` (until then no other
        process reminds the game; if this one dies first, another does once the claim
        runs out)."""
        now = self.access.clock()
        db = self.access.db
        due = []
        while True:
            rows = await db.claim_timers(
                "reminder", now, owner=self.owner, lease_seconds=REMINDER_LEASE, limit=CLAIM_BATCH
            )
            for row in rows:
                reminder = await self._reminder(row, now)
                if reminder is None:  # nobody to remind: the wait is marked all the same
                    await db.fire_timer("reminder", row.id, self.owner, now)
                else:
                    due.append(reminder)
            if len(rows) < CLAIM_BATCH:
                return due

    async def reminder_sent(self, game_id: int) -> bool:
        """Mark the game reminded now, ending this process's claim on its reminder; False
        if the claim had run out and another process took the reminder over."""
        return await self.access.db.fire_timer("reminder", game_id, self.owner, self.access.clock())

    async def _reminder(self, row: GameRow, now: float) -> DueReminder | None:
        seats = {s.seat: s.user_id for s in await self.access.db.seats(row.id)}
        users = [seats[s] for s in json.loads(row.waiting_on) if s in seats]
        if not users:
            return None
        since = row.waiting_since or now
        return DueReminder(
            game_id=row.id,
            channel_id=row.channel_id,
            guild_id=row.guild_id,
            system_name=_system_name(row.system),
            reminder_hours=row.reminder_seconds / 3600,
            users=tuple(users),
            waiting_since=since,
            waited_seconds=max(0.0, now - since),
            repeated=row.reminded_at is not None and row.reminded_at >= since,
        )


def _system_name(system_id: str) -> str:
    """The game's system as players know it (its id if it is no longer installed)."""
    try:
        return get_system(system_id).name
    except UnknownSystem:
        return system_id
