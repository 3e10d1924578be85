"""The service on each backend: games survive a restart of the bot on the same store,
reminders and their settings follow the delay, and a pause is kept."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.service.loaded import rebuild_state
from bot.store import open_store
from tests.conftest import ALICE, BACKENDS, BOB, CHANNEL, FakeClock, fixed_seeds, started_demo


@pytest.fixture(params=BACKENDS)
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a store is kept: an SQLite file, or a PostgreSQL database."""
    if request.param == "postgres":
        yield str(request.getfixturevalue("postgres_url"))
    else:
        yield str(tmp_path / "umpire.db")


async def test_games_survive_a_restart(location: str, clock: FakeClock) -> None:
    seeds = fixed_seeds()
    first = await open_store(location)
    service = GameService(first, clock=clock, seed_source=seeds)  # type: ignore[arg-type]
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick defend")
    await first.close()
    again = await open_store(location)
    try:
        service = GameService(again, clock=clock, seed_source=seeds)  # type: ignore[arg-type]
        await service.act(CHANNEL, BOB, "pick feint")
        game = await service.game_in(CHANNEL)
        assert game is not None and game.version == len(await again.log(game.id))
        assert rebuild_state(game, await again.log(game.id)) == game.state
        assert (await service.verify(CHANNEL)).consistent
        assert await again.integrity_ok()
    finally:
        await again.close()


async def test_reminders_settings_and_pauses(location: str, clock: FakeClock) -> None:
    store = await open_store(location)
    service = GameService(store, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        await started_demo(service)
        assert await service.due_reminders() == []
        clock.advance(24 * 3600 + 1)
        due = await service.due_reminders()
        assert len(due) == 1 and sorted(due[0].users) == [ALICE.user_id, BOB.user_id]
        assert await service.due_reminders() == []  # not again until another delay passes
        assert "2 hour" in (await service.settings(CHANNEL, ALICE, 2)).describe()
        clock.advance(2 * 3600 + 1)
        assert len(await service.due_reminders()) == 1
        await service.pause(CHANNEL, ALICE, "dinner")
        clock.advance(10 * 3600)
        assert await service.due_reminders() == []  # a paused game is never reminded
        row = await store.open_game(CHANNEL)
        assert row is not None and row.paused is not None and "dinner" in row.paused
    finally:
        await store.close()
