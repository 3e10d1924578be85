"""What runs on the clock: answering prompts whose deadline has passed, and finding the
games whose awaited players have been quiet long enough to be reminded."""

from __future__ import annotations

import json

from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.outcome import Outcome
from bot.service.play import Play
from bot.service.player import Player
from bot.service.read_models import DueReminder
from rules.core.registry import UnknownSystem, get_system
from rules.core.wording import duration


class Timers:
    def __init__(self, access: GameAccess, play: Play) -> None:
        self.access = access
        self.play = play

    async def expire_prompts(self) -> list[Outcome]:
        """Answer prompts whose deadline has passed with their timeout action.

        A prompt's deadline counts from when the game started waiting on it; the timeout
        action (for example declining an overwatch attack) is submitted as the awaited
        player, so it is logged and can be undone like any other action.
        """
        now = self.access.clock()
        outcomes = []
        for row in await self.access.db.waiting_games(now, minimum_seconds=60):
            game = await self.access.load(row)
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
                    outcome = await self.play.act(
                        row.channel_id, player, prompt.on_timeout, expected_version=game.version
                    )
                except UserError:
                    break  # the game moved on meanwhile
                outcome.public.insert(
                    0,
                    f"⏱️ {seat_row.name} did not answer within "
                    f"{duration(prompt.timeout_minutes or 0)}, "
                    f"so Umpire answered `{prompt.on_timeout}` for them.",
                )
                outcomes.append(outcome)
                break
        return outcomes

    async def due_reminders(self) -> list[DueReminder]:
        """Games whose awaited players have been quiet too long; marks them reminded."""
        now = self.access.clock()
        due = []
        for row in await self.access.db.waiting_games(now):
            seats = {s.seat: s.user_id for s in await self.access.db.seats(row.id)}
            users = [seats[s] for s in json.loads(row.waiting_on) if s in seats]
            await self.access.db.touch(row.id, reminded_at=now)
            since = row.waiting_since or now
            if users:
                due.append(
                    DueReminder(
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
                )
        return due


def _system_name(system_id: str) -> str:
    """The game's system as players know it (its id if it is no longer installed)."""
    try:
        return get_system(system_id).name
    except UnknownSystem:
        return system_id
