"""Checks shared by the concurrency tests: the log of a game is one unbroken sequence, every
accepted command is in it exactly once, and a serial replay of it gives the same game.

``rush`` sends many commands to many channels at the same instant and sorts what came back;
``check_channel`` and ``replay_matches`` then judge one channel from the store alone.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from bot.service import GameService, Outcome, Player, UserError
from bot.service.loaded import rebuild_state
from bot.store import Database
from bot.store.records import LogRow
from tests.conftest import FakeClock
from tests.figures import add as add_figures
from tests.setups import every_system

# what players type that no game accepts; each table adds its own verbs with nonsense after
NONSENSE = ("fly to the moon", "x" * 301, "   ", "")


@dataclass(frozen=True, slots=True)
class Command:
    channel: int
    player: Player
    notation: str


@dataclass(slots=True)
class Table:
    """One channel's game: its players, and how it was set up before the rush."""

    channel: int
    system: str
    options: str | None
    red: Player
    blue: Player
    spectator: Player
    warmup: int = 0  # actions the automatic player takes before the rush
    others: tuple[Player, ...] = ()  # more seats, for systems that need more than two
    version_before: int = 0  # the game's version when the rush began

    @property
    def seated(self) -> tuple[Player, ...]:
        return (self.red, self.blue, *self.others)

    @property
    def players(self) -> dict[int, Player]:
        return {p.user_id: p for p in (*self.seated, self.spectator)}


@dataclass(slots=True)
class Figures:
    """What became of the commands sent in one rush."""

    sent: int = 0
    applied: int = 0
    refused: int = 0
    failed: list[str] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    cpu_seconds: float = 0.0

    def record(self, channels: int) -> None:
        """Count this rush in the reliability report."""
        add_figures(
            "concurrency",
            sent=self.sent,
            applied=self.applied,
            refused=self.refused,
            failed=len(self.failed),
            channels=channels,
        )

    def line(self) -> str:
        common = ", ".join(f"{count}× {reason!r}" for reason, count in self.reasons.most_common(4))
        return (
            f"{self.sent} commands sent: {self.applied} applied exactly once, "
            f"{self.refused} refused, {len(self.failed)} failed otherwise "
            f"({self.cpu_seconds:.1f} s CPU). Most common refusals: {common}."
        )


def tables_for(channels: int, first_channel: int = 70_000) -> list[Table]:
    """Games of every registered system in turn, each once just started (secret and
    simultaneous set-up choices, often) and once a few automatic moves further on."""
    systems = every_system()
    tables = []
    for index in range(channels):
        channel = first_channel + index
        system = systems[index % len(systems)]
        warm = (index // len(systems)) % 2 == 1
        red = Player(1_000_000 + index, f"red{index}")
        blue = Player(2_000_000 + index, f"blue{index}")
        extra = tuple(
            Player(4_000_000 + 1000 * n + index, f"seat{n}_{index}")
            for n in range(max(0, system.min_seats - 2))
        )
        watcher = Player(3_000_000 + index, "watcher")
        table = Table(channel, system.id, None, red, blue, watcher, 6 if warm else 0, extra)
        tables.append(table)
    return tables


async def automatic_move(
    service: GameService, channel: int, player: Player, rng: random.Random, randomness: float
) -> str | None:
    """What the system's automatic player would type now for ``player`` (None: nothing)."""
    game = await service.game_in(channel)
    assert game is not None
    seat = game.seat_of(player.user_id)
    if seat is None or game.state is None or game.state.finished:
        return None
    choices = game.system.legal_actions(game.state, seat)
    return game.system.automatic_action(game.state, seat, choices, rng, randomness)


async def warm_up(service: GameService, table: Table, rng: random.Random) -> None:
    """``table.warmup`` actions, each by an awaited seat, picked by the automatic player."""
    for _ in range(table.warmup):
        game = await service.game_in(table.channel)
        assert game is not None and game.state is not None
        if game.state.finished:
            return
        waiting = game.system.status(game.state).waiting_on
        if not waiting:
            return
        user = game.user_of(rng.choice(waiting))
        assert user is not None
        player = table.players[user.user_id]
        notation = await automatic_move(service, table.channel, player, rng, 0.3)
        assert notation is not None
        await service.act(table.channel, player, notation)


async def set_up(service: GameService, table: Table) -> None:
    await service.create(table.channel, 1, table.red, table.system, table.options)
    for player in table.seated[1:]:
        await service.join(table.channel, player)
    await service.start(table.channel, table.red)
    await warm_up(service, table, random.Random(table.channel))
    game = await service.game_in(table.channel)
    assert game is not None
    table.version_before = game.version


async def commands_for(
    service: GameService, table: Table, count: int, rng: random.Random
) -> list[Command]:
    """``count`` commands for one channel: mostly moves legal when the rush begins (which
    may be illegal by the time they are handled), some another seat's moves, some
    nonsense (the system's own verbs with nonsense after), some from a spectator."""
    game = await service.game_in(table.channel)
    assert game is not None and game.state is not None
    seat_of = {s.user_id: s.seat for s in game.seats}
    assert len(seat_of) == len(table.seated)
    legal_of = {
        seat: [c.notation for c in game.system.legal_actions(game.state, seat)]
        for seat in seat_of.values()
    }
    verbs = {v for seat in seat_of.values() for v in game.system.verbs_now(game.state, seat)}
    nonsense = [*NONSENSE, *(f"{v} atlantis" for v in sorted(verbs))]
    commands = []
    for _ in range(count):
        roll = rng.random()
        player = table.spectator if roll < 0.1 else rng.choice(table.seated)
        seat = seat_of.get(player.user_id)
        legal = legal_of[seat] if seat else []
        others = [n for s, ns in legal_of.items() if s != seat for n in ns]
        if legal and roll < 0.75:
            notation = rng.choice(legal)
        elif others and roll < 0.85:
            notation = rng.choice(others)
        else:
            notation = rng.choice(nonsense)
        commands.append(Command(table.channel, player, notation))
    return commands


async def rush(
    service: GameService, commands: list[Command], *, timeout: float
) -> tuple[Figures, list[Outcome | BaseException]]:
    """Send every command at once; ``timeout`` (generous) fails the test on a deadlock."""
    figures = Figures(sent=len(commands))
    started = time.process_time()
    results = await asyncio.wait_for(
        asyncio.gather(
            *(service.act(c.channel, c.player, c.notation) for c in commands),
            return_exceptions=True,
        ),
        timeout,
    )
    figures.cpu_seconds = time.process_time() - started
    for command, result in zip(commands, results, strict=True):
        if isinstance(result, Outcome):
            figures.applied += 1
        elif isinstance(result, UserError):
            figures.refused += 1
            assert result.message.strip(), command
            assert "Traceback" not in result.message
            figures.reasons[result.message.split("\n")[0][:60]] += 1
        else:
            figures.failed.append(f"{command}: {result!r}")
    return figures, results


def applied_of(
    commands: list[Command], results: list[Outcome | BaseException]
) -> list[tuple[Command, Outcome]]:
    """The commands that were applied, each with its outcome."""
    return [
        (command, result)
        for command, result in zip(commands, results, strict=True)
        if isinstance(result, Outcome)
    ]


def batches(rows: list[LogRow]) -> dict[int, list[LogRow]]:
    """The log's rows grouped by batch (the batch id is the seq of its first row)."""
    grouped: dict[int, list[LogRow]] = {}
    for row in rows:
        grouped.setdefault(row.batch, []).append(row)
    return grouped


async def check_channel(
    service: GameService,
    channel: int,
    applied: list[tuple[Command, Outcome]],
    version_before: int,
) -> list[LogRow]:
    """The channel's log is unbroken, holds each applied command exactly once (in the batch
    its outcome names) and nothing else since ``version_before``, and folds to the snapshot.
    """
    game = await service.game_in(channel)
    assert game is not None
    rows = await service.db.log(game.id)
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), "a gap or repeat in the log"
    grouped = batches(rows)
    for batch, members in grouped.items():
        assert members[0].seq == batch, f"batch {batch} does not start at its own seq"
    assert game.version == rows[-1].seq
    ends = {members[-1].seq: members for members in grouped.values()}
    later = sorted(end for end, members in ends.items() if members[0].seq > version_before)
    versions = sorted(outcome.version for _, outcome in applied)
    assert versions == later, f"channel {channel}: outcomes {versions} vs log batches {later}"
    for command, outcome in applied:
        actions = [r for r in ends[outcome.version] if r.kind == "action"]
        assert len(actions) == 1, actions
        logged = json.loads(actions[0].payload)["notation"]
        assert (actions[0].user_id, logged) == (command.player.user_id, command.notation.strip())
    assert game.state is not None
    assert rebuild_state(game, rows) == game.state, "the snapshot is not the fold of the log"
    return rows


def stored(rows: list[LogRow]) -> list[tuple[object, ...]]:
    return [(r.seq, r.batch, r.kind, r.seat, r.user_id, r.scope, r.payload) for r in rows]


async def replay_matches(original: GameService, tables: list[Table], path: Path) -> None:
    """Play each channel's logged actions again, one at a time, on a fresh database with
    the same seeds: every log and every game must come out identical."""
    db = await Database.open(str(path))
    try:
        again = GameService(db, clock=FakeClock())
        for table in tables:
            game = await original.game_in(table.channel)
            assert game is not None
            rows = await original.db.log(game.id)
            seed = game.row.seed
            again.access.seed_source = lambda seed=seed: seed  # type: ignore[misc]
            await again.create(table.channel, 1, table.red, table.system, table.options)
            for player in table.seated[1:]:
                await again.join(table.channel, player)
            await again.start(table.channel, table.red)
            for row in rows:
                if row.kind == "action":
                    assert row.user_id is not None
                    player = table.players[row.user_id]
                    await again.act(table.channel, player, json.loads(row.payload)["notation"])
            replayed = await again.game_in(table.channel)
            assert replayed is not None
            assert stored(await db.log(replayed.id)) == stored(rows), table.channel
            assert replayed.state == game.state and replayed.version == game.version
    finally:
        await db.close()


async def load_run(
    service: GameService,
    replay_path: Path,
    *,
    channels: int,
    per_channel: int,
    seed: int,
    timeout: float,
) -> Figures:
    """Set up ``channels`` games, send ``per_channel`` commands to each, all at the same
    instant and in a seeded shuffled order, then judge every channel from its log."""
    tables = tables_for(channels)
    for table in tables:
        await set_up(service, table)
    rng = random.Random(seed)
    commands = [c for t in tables for c in await commands_for(service, t, per_channel, rng)]
    rng.shuffle(commands)
    figures, results = await rush(service, commands, timeout=timeout)
    assert not figures.failed, figures.failed[:5]
    applied: dict[int, list[tuple[Command, Outcome]]] = defaultdict(list)
    for command, outcome in applied_of(commands, results):
        applied[command.channel].append((command, outcome))
    for table in tables:
        await check_channel(service, table.channel, applied[table.channel], table.version_before)
    await replay_matches(service, tables, replay_path)
    return figures
