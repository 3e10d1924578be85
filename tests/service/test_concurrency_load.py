"""Commands that arrive at the same instant, in every registered system: each is applied
exactly once or refused with a clear reason, the log stays one unbroken sequence, and
replaying it gives the same game. Moves come from each system's automatic player.

Run with ``-s`` to see the figures of the rush; ``make reliability`` runs a longer one.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, Outcome, Player, UserError
from bot.store import Database
from rules.core.system import GameSystem
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock, fixed_seeds
from tests.setups import every_system

from ._concurrency import (
    Command,
    Table,
    applied_of,
    automatic_move,
    check_channel,
    load_run,
    replay_matches,
    set_up,
)

pytestmark = pytest.mark.concurrency

SYSTEMS = every_system()
ROUNDS = 40  # rounds of simultaneous moves in the quick races
CONFLICT = (
    "Someone else changed the game at the same moment; nothing of yours was applied. "
    "Look at the game and try again."
)


def table_of(system: GameSystem[Any]) -> Table:
    extra = tuple(Player(950 + n, f"p{n}") for n in range(max(0, system.min_seats - 2)))
    return Table(CHANNEL, system.id, None, ALICE, BOB, CAROL, 0, extra)


def clear(refusal: UserError) -> bool:
    """A refusal a player can read: one line or more of text, no traceback."""
    return bool(refusal.message.strip()) and "Traceback" not in refusal.message


async def same_instant(
    services: list[GameService], commands: list[Command]
) -> list[Outcome | BaseException]:
    """Each command through its own service (round robin), all at once."""
    return await asyncio.gather(
        *(
            services[i % len(services)].act(c.channel, c.player, c.notation)
            for i, c in enumerate(commands)
        ),
        return_exceptions=True,
    )


async def race(
    services: list[GameService], table: Table, rng: random.Random, rounds: int = ROUNDS
) -> tuple[list[tuple[Command, Outcome]], list[str]]:
    """Every seat sends what its automatic player would type, all at the same instant,
    round after round, until the game ends or ``rounds`` have passed. A seat with nothing
    to do sends another seat's move, which is not its to make.

    Either order of two moves legal at once is fine, as long as each counts once or is
    refused with its reason. With two services (two processes) the loser of a
    simultaneous write is told that nothing of theirs applied.
    """
    applied: list[tuple[Command, Outcome]] = []
    refusals: list[str] = []
    for _ in range(rounds):
        game = await services[0].game_in(CHANNEL)
        assert game is not None
        if game.row.status == "finished":
            break
        moves = {p: await automatic_move(services[0], CHANNEL, p, rng, 0.3) for p in table.seated}
        someone = [n for n in moves.values() if n is not None]
        if not someone:
            break
        commands = [Command(CHANNEL, p, n or rng.choice(someone)) for p, n in moves.items()]
        rng.shuffle(commands)
        for command, result in zip(commands, await same_instant(services, commands), strict=True):
            if isinstance(result, Outcome):
                applied.append((command, result))
            elif isinstance(result, UserError):
                refusals.append(result.message)
                assert clear(result), result.message
            else:
                raise result
    return applied, refusals


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
async def test_every_seat_at_the_same_instant(
    service: GameService, tmp_path: Path, system: GameSystem[Any]
) -> None:
    table = table_of(system)
    await set_up(service, table)
    applied, refusals = await race([service], table, random.Random(11))
    assert applied and refusals
    await check_channel(service, CHANNEL, applied, table.version_before)
    await replay_matches(service, [table], tmp_path / "replay.db")


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
async def test_one_seat_answering_twice_at_once_counts_once(
    service: GameService, system: GameSystem[Any]
) -> None:
    """An awaited seat sends its own move twice at the same instant: the first applies,
    the second is judged against the game the first left (refused if no longer legal)."""
    table = table_of(system)
    await set_up(service, table)
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    seat = game.system.status(game.state).waiting_on[0]
    user = game.user_of(seat)
    assert user is not None
    player = table.players[user.user_id]
    notation = await automatic_move(service, CHANNEL, player, random.Random(2), 0.0)
    assert notation is not None
    twice = [Command(CHANNEL, player, notation)] * 2
    results = await same_instant([service], twice)
    assert all(isinstance(r, Outcome | UserError) for r in results), results
    assert any(isinstance(r, Outcome) for r in results), results
    for result in results:
        assert not isinstance(result, UserError) or clear(result), result
    await check_channel(service, CHANNEL, applied_of(twice, results), table.version_before)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
async def test_two_processes_on_one_database(tmp_path: Path, system: GameSystem[Any]) -> None:
    """Two bot processes sharing the database file: no lock is shared, so the version
    compare-and-set decides; the loser is told nothing of theirs was applied."""
    path = str(tmp_path / "shared.db")
    first, second = await Database.open(path), await Database.open(path)
    try:
        services = [
            GameService(first, clock=FakeClock(), seed_source=fixed_seeds()),  # type: ignore[arg-type]
            GameService(second, clock=FakeClock(), seed_source=fixed_seeds()),  # type: ignore[arg-type]
        ]
        table = table_of(system)
        await set_up(services[0], table)
        applied, refusals = await race(services, table, random.Random(5))
        assert applied, refusals
        conflicts = refusals.count(CONFLICT)
        print(f"\ntwo processes: {len(applied)} applied, {conflicts} refused as conflicts")
        for service in services:  # both processes read the same unbroken log
            await check_channel(service, CHANNEL, applied, table.version_before)
        await replay_matches(services[0], [table], tmp_path / "replay.db")
    finally:
        await first.close()
        await second.close()


async def test_200_commands_across_50_channels(service: GameService, tmp_path: Path) -> None:
    figures = await load_run(
        service, tmp_path / "replay.db", channels=50, per_channel=4, seed=2024, timeout=120
    )
    print(f"\n{figures.line()}")
    assert figures.sent == 200, figures.line()
    assert figures.applied + figures.refused == 200 and not figures.failed, figures.line()
    assert figures.applied >= 60 and figures.refused >= 20, figures.line()  # a real mix
    assert figures.cpu_seconds < 60, figures.line()  # generous: about 1 s on a laptop
    figures.record(channels=50)
