"""Undo requests and approvals from two processes sharing one database.

Each process has its own connection and its own channel locks, so only the database's
compare-and-set keeps them apart. A request stored after another process's action would
take back a stretch of the game its asker never saw (an activation undone while the move
made in it stays); it must be refused like any other write that lost the race, and an
approval must refuse a request asked at an older version.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, Outcome, Player, UserError
from bot.service.loaded import rebuild_state
from bot.service.undo_requests import UndoRequest, read_request
from bot.store import Database
from tests.conftest import ALICE, BOB, CHANNEL, FakeClock, fixed_seeds, started_demo
from tests.figures import add as add_figures

pytestmark = pytest.mark.concurrency

MOVED_ON = "Someone else changed the game at the same moment"
ROUNDS = 40


@pytest.fixture
async def two(tmp_path: Path) -> AsyncIterator[tuple[GameService, GameService]]:
    path = str(tmp_path / "shared.db")
    first, second = await Database.open(path), await Database.open(path)
    try:
        yield (
            GameService(first, clock=FakeClock(), seed_source=fixed_seeds()),  # type: ignore[arg-type]
            GameService(second, clock=FakeClock(), seed_source=fixed_seeds()),  # type: ignore[arg-type]
        )
    finally:
        await first.close()
        await second.close()


def player_of(seat: str) -> Player:
    return ALICE if seat == "red" else BOB


async def whose_turn(service: GameService) -> tuple[Player, Player]:
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    active = str(game.state.active)  # type: ignore[attr-defined]
    return player_of(active), player_of("blue" if active == "red" else "red")


async def consistent(service: GameService) -> None:
    """The snapshot is the fold of the log; every undo took back a whole stretch up to
    the moment it was written (never an activation while the move made in it stays); and a
    pending request names the current version."""
    game = await service.game_in(CHANNEL)
    assert game is not None
    rows = await service.db.log(game.id)
    assert rebuild_state(game, rows) == game.state
    live: set[int] = set()
    for row in rows:
        if row.kind == "action":
            live.add(row.batch)
        elif row.kind == "undo":
            named = set(json.loads(row.payload)["batches"])
            left = {b for b in live if b >= min(named)} - named
            assert not left, f"undo at {row.seq} left {sorted(left)} standing after {named}"
            live -= named
    request = read_request(game.row.undo_request)
    if isinstance(request, UndoRequest):
        assert request.version == game.version, (request, game.version)


async def test_a_request_landing_after_another_processs_action_is_refused(
    two: tuple[GameService, GameService], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = two
    await started_demo(a)
    await a.act(CHANNEL, ALICE, "pick defend")
    await a.act(CHANNEL, BOB, "pick defend")
    mover, waiter = await whose_turn(a)
    await a.act(CHANNEL, mover, "dash")  # rolled: an undo needs approval
    reading = a.db.log

    async def then_the_other_process_acts(*args: Any, **kwargs: Any) -> Any:
        rows = await reading(*args, **kwargs)
        monkeypatch.setattr(a.db, "log", reading)
        await b.act(CHANNEL, waiter, "step")  # commits while the request is being made
        return rows

    monkeypatch.setattr(a.db, "log", then_the_other_process_acts)
    with pytest.raises(UserError, match=MOVED_ON):
        await a.undo(CHANNEL, mover)
    game = await b.game_in(CHANNEL)
    assert game is not None and game.row.undo_request is None
    with pytest.raises(UserError, match="Nobody has asked"):
        await b.approve_undo(CHANNEL, waiter)
    await consistent(a)


async def test_undo_requests_approvals_and_actions_at_the_same_instant(
    two: tuple[GameService, GameService],
) -> None:
    """Rounds of an undo request, an approval and a move sent at once, spread over both
    processes: each applies or is refused with a message, and the game stays whole."""
    services = list(two)
    await started_demo(services[0])
    await services[0].act(CHANNEL, ALICE, "pick attack")
    await services[1].act(CHANNEL, BOB, "pick defend")
    rng = random.Random(3)
    sent = applied = refused = 0
    for _ in range(ROUNDS):
        game = await services[0].game_in(CHANNEL)
        assert game is not None and game.state is not None
        if game.state.finished:
            break
        mover, waiter = await whose_turn(services[0])
        asker, approver = rng.choice([mover, waiter]), rng.choice([mover, waiter])
        move = rng.choice(["dash", "step", "end"])
        calls: list[Callable[[GameService], Awaitable[Outcome]]] = [
            lambda s, p=asker: s.undo(CHANNEL, p),  # type: ignore[misc]
            lambda s, p=approver: s.approve_undo(CHANNEL, p),  # type: ignore[misc]
            lambda s, p=mover, m=move: s.act(CHANNEL, p, m),  # type: ignore[misc]
        ]
        rng.shuffle(calls)
        results = await asyncio.gather(
            *(call(services[i % 2]) for i, call in enumerate(calls)), return_exceptions=True
        )
        for result in results:
            sent += 1
            if isinstance(result, Outcome):
                applied += 1
            elif isinstance(result, UserError):
                refused += 1
                assert result.message.strip(), result
            else:
                raise result
        for service in services:
            await consistent(service)
    assert applied and refused
    add_figures("undo race", sent=sent, applied=applied, refused=refused, broken=0)
