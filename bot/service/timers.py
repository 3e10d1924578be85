"""What runs on the clock: answering prompts whose deadline has passed, and finding the
games whose awaited players have been quiet long enough to be reminded."""

from __future__ import annotations

import json
import random

from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.loaded import LoadedGame
from bot.service.outcome import Outcome
from bot.service.play import Play
from bot.service.player import Player
from bot.service.read_models import AbsenceWarning, DueReminder
from bot.service.stewardship import Stewardship
from bot.service.table_settings import WARN_AT, TableSettings, read_settings
from bot.store.records import GameRow
from rules.core import wording
from rules.core.registry import UnknownSystem, get_system
from rules.core.wording import duration


class Timers:
    def __init__(self, access: GameAccess, play: Play, stewardship: Stewardship) -> None:
        self.access = access
        self.play = play
        self.stewardship = stewardship

    async def expire_prompts(self) -> list[Outcome]:
        """Answer prompts whose deadline has passed with their timeout action.

        A prompt's deadline counts from when the game started waiting on it; the timeout
        action (for example declining an overwatch attack) is submitted as the awaited
        player, so it is logged and can be undone like any other action.
        """
        now = self.access.clock()
        outcomes: list[Outcome] = []
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
        """Games whose awaited players have been quiet too long; marks them reminded.

        Each awaited player is reminded where they chose (the channel, by DM or both; in
        the channel alone, by DM too from the second reminder of a wait, when they chose
        nothing). A player inside their quiet hours is owed the reminder instead, and gets
        it once their quiet hours are over, if the game still waits on them."""
        now = self.access.clock()
        due = []
        for row in await self.access.db.waiting_games(now):
            users = await awaited_users(self.access, row)
            since = row.waiting_since or now
            repeated = row.reminded_at is not None and row.reminded_at >= since
            async with self.access.lock(row.channel_id):
                settings = read_settings((await self.access.db.game(row.id) or row).settings)
                awake = [u for u in users if not in_quiet_hours(settings, u, now)]
                owed = {
                    **{
                        k: v for k, v in settings.owed.items() if v == since and int(k) not in awake
                    },
                    **{str(u): since for u in users if u not in awake},
                }
                if not awake:
                    await self._keep_owed(row.id, settings, owed)
                    continue  # due again at the next pass: reminded once one is awake
                await self.access.db.touch(row.id, reminded_at=now)
                await self._keep_owed(row.id, settings, owed)
            due.append(reminder(row, settings, awake, since, now, repeated))
        due += await self._owed_reminders(now)
        return due

    async def _keep_owed(
        self, game_id: int, settings: TableSettings, owed: dict[str, float]
    ) -> None:
        if owed != settings.owed:
            kept = settings.model_copy(update={"owed": owed})
            await self.access.db.touch(game_id, settings=kept.to_json())

    async def _owed_reminders(self, now: float) -> list[DueReminder]:
        """The reminders owed to players whose quiet hours are over, if the game still
        waits on them in the same wait."""
        due = []
        for row in await self.access.db.waiting_games(now, minimum_seconds=0):
            if not row.settings or '"owed"' not in row.settings:
                continue
            async with self.access.lock(row.channel_id):
                current = await self.access.db.game(row.id)
                if current is None or current.waiting_since is None:
                    continue
                settings = read_settings(current.settings)
                game = await self.access.load(current)
                awaited = {
                    r.user_id for s in json.loads(current.waiting_on) if (r := game.user_of(s))
                }
                since = current.waiting_since
                still = {k: v for k, v in settings.owed.items() if v == since and int(k) in awaited}
                ready = [int(k) for k in still if not in_quiet_hours(settings, int(k), now)]
                await self._keep_owed(
                    row.id, settings, {k: v for k, v in still.items() if int(k) not in ready}
                )
            if ready:  # the first reminder of this wait for them
                due.append(reminder(current, settings, ready, since, now, repeated=False))
        return due

    async def absent_players(self) -> tuple[list[AbsenceWarning], list[Outcome]]:
        """The absent-player deadline: a warning once three quarters of it have passed,
        then, when it is over, the absent players' turn passed as the rules allow (the
        answer their question takes when time runs out, else an ``end`` or ``pass`` the
        rules offer, else the system's own automatic pick) or the game paused."""
        now = self.access.clock()
        warnings: list[AbsenceWarning] = []
        outcomes: list[Outcome] = []
        for row in await self.access.db.waiting_games(now, minimum_seconds=0):
            settings = read_settings(row.settings)
            if settings.absent_hours is None or row.waiting_since is None:
                continue
            deadline = row.waiting_since + settings.absent_hours * 3600
            game = await self.access.load(row)
            users = tuple(r.user_id for s in json.loads(row.waiting_on) if (r := game.user_of(s)))
            if now >= deadline:
                outcomes += await self._absent(row.channel_id, game, settings)
            elif now >= row.waiting_since + WARN_AT * (deadline - row.waiting_since):
                if settings.absent_warned == row.waiting_since or not users:
                    continue
                async with self.access.lock(row.channel_id):
                    fresh = await self.access.db.game(row.id)
                    if fresh is None or fresh.waiting_since != row.waiting_since:
                        continue
                    marked = read_settings(fresh.settings).model_copy(
                        update={"absent_warned": row.waiting_since}
                    )
                    await self.access.db.touch(row.id, settings=marked.to_json())
                warnings.append(
                    AbsenceWarning(
                        game_id=row.id,
                        channel_id=row.channel_id,
                        users=users,
                        deadline=deadline,
                        action=settings.absent_action,
                    )
                )
        return warnings, outcomes

    async def _absent(
        self, channel_id: int, game: LoadedGame, settings: TableSettings
    ) -> list[Outcome]:
        """Pause the game, or play for every seat it waits on (one after another, each
        only while the game still waits on it: a move of one may settle another's)."""
        hours = wording.hours(settings.absent_hours or 0)
        if settings.absent_action == "pause":
            try:
                return [
                    await self.stewardship.pause(channel_id, UMPIRE, f"nobody moved for {hours}")
                ]
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
            player = Player(seat_row.user_id, seat_row.name)
            try:
                outcome = await self.play.act(
                    channel_id, player, notation, expected_version=game.version
                )
            except UserError:
                break  # the game moved on meanwhile
            outcome.public.insert(
                0,
                f"⌛ {seat_row.name} did not move for {hours}, so Umpire played "
                f"`{notation}` for them.",
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
    return [seats[s] for s in json.loads(row.waiting_on) if s in seats]


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
    )


def _system_name(system_id: str) -> str:
    """The game's system as players know it (its id if it is no longer installed)."""
    try:
        return get_system(system_id).name
    except UnknownSystem:
        return system_id
