"""Commands that arrive at the same instant: each is applied exactly once or refused with a
clear reason, the log stays one unbroken sequence, and replaying it gives the same game.

Run with ``-s`` to see the figures of the rush; ``make reliability`` runs a longer one.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from bot.service import ActionRefused, GameService, Outcome, UserError
from bot.store import Database
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock, fixed_seeds

from ._concurrency import (
    Command,
    Table,
    applied_of,
    check_channel,
    load_run,
    replay_matches,
    set_up,
)

pytestmark = pytest.mark.concurrency

MOVES = ("step", "step", "dash", "end")
CLEAR = re.compile(
    r"^(It is (Red|Blue)'s turn\.|No steps left this turn|The last game in this channel is over\.)"
)
CONFLICT = (
    "Someone else changed the game at the same moment; nothing of yours was applied. "
    "Look at the game and try again."
)


def demo_table(goal: int = 15) -> Table:
    return Table(CHANNEL, "demo", f"goal={goal}", ALICE, BOB, CAROL)


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


async def race_to_the_end(
    services: list[GameService], rng: random.Random
) -> tuple[list[tuple[Command, Outcome]], list[str]]:
    """Both seats send a move at the same instant, round after round, until someone wins.

    Only the seat whose turn it is may move, but an ``end`` handed over at the same
    instant as the other seat's move makes either order legal: both orders are fine, as
    long as each move counts once or is refused with its reason. With two services (two
    processes) the loser of a simultaneous write is told that nothing of theirs applied.
    """
    applied: list[tuple[Command, Outcome]] = []
    refusals: list[str] = []
    for _ in range(300):
        game = await services[0].game_in(CHANNEL)
        assert game is not None
        if game.row.status == "finished":
            return applied, refusals
        pair = [
            Command(CHANNEL, ALICE, rng.choice(MOVES)),
            Command(CHANNEL, BOB, rng.choice(MOVES)),
        ]
        rng.shuffle(pair)
        for command, result in zip(pair, await same_instant(services, pair), strict=True):
            if isinstance(result, Outcome):
                applied.append((command, result))
            elif isinstance(result, UserError):
                refusals.append(result.message)
                conflict = len(services) > 1 and result.message == CONFLICT
                assert conflict or CLEAR.match(result.message), result.message
            else:
                raise result
    raise AssertionError("the race never ended")


async def test_both_seats_at_the_same_instant(service: GameService, tmp_path: Path) -> None:
    table = demo_table()
    await set_up(service, table)
    picks = [Command(CHANNEL, ALICE, "pick feint"), Command(CHANNEL, BOB, "pick attack")]
    results = await same_instant([service], picks)
    # both secret picks are legal at once: both apply, one after the other
    applied = applied_of(picks, results)
    assert len(applied) == 2, results
    assert sorted(o.version for _, o in applied) == [
        table.version_before + 3,
        table.version_before + 3 + 7,  # the second pick reveals, rolls and begins turn 1
    ]

    more, refusals = await race_to_the_end([service], random.Random(11))
    applied += more
    assert more and refusals
    assert any(m.startswith("It is ") for m in refusals)  # not your turn
    rows = await check_channel(service, CHANNEL, applied, table.version_before)
    assert rows[-1].kind == "event"
    await replay_matches(service, [table], tmp_path / "replay.db")


async def test_one_seat_answering_twice_at_once_counts_once(service: GameService) -> None:
    table = demo_table()
    await set_up(service, table)
    twice = [Command(CHANNEL, ALICE, "pick feint"), Command(CHANNEL, ALICE, "pick defend")]
    results = await same_instant([service], twice)
    outcomes = [r for r in results if isinstance(r, Outcome)]
    [refused] = [r for r in results if isinstance(r, ActionRefused)]
    assert len(outcomes) == 1
    assert refused.message == "You already picked a stance. (Demo §1 Stances)"
    await check_channel(service, CHANNEL, applied_of(twice, results), table.version_before)


async def test_two_processes_on_one_database(tmp_path: Path) -> None:
    """Two bot processes sharing the database file: no lock is shared, so the version
    compare-and-set decides; the loser is told nothing of theirs was applied."""
    path = str(tmp_path / "shared.db")
    first, second = await Database.open(path), await Database.open(path)
    try:
        services = [
            GameService(first, clock=FakeClock(), seed_source=fixed_seeds()),  # type: ignore[arg-type]
            GameService(second, clock=FakeClock(), seed_source=fixed_seeds()),  # type: ignore[arg-type]
        ]
        table = demo_table()
        await set_up(services[0], table)
        twice = [Command(CHANNEL, ALICE, "pick feint"), Command(CHANNEL, ALICE, "pick defend")]
        results = await same_instant(services, twice)
        applied = applied_of(twice, results)
        [refused] = [r for r in results if not isinstance(r, Outcome)]
        assert len(applied) == 1 and isinstance(refused, UserError), results
        assert refused.message in (CONFLICT, "You already picked a stance. (Demo §1 Stances)")
        conflicts = int(refused.message == CONFLICT)
        bob = Command(CHANNEL, BOB, "pick attack")
        applied.append((bob, await services[1].act(CHANNEL, BOB, "pick attack")))
        more, refusals = await race_to_the_end(services, random.Random(5))
        applied += more
        conflicts += refusals.count(CONFLICT)
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
