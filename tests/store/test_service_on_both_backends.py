"""The service on each backend: games survive a restart of the bot on the same store,
reminders and their settings follow the delay, and a pause is kept."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.service.loaded import rebuild_state
from bot.service.settings import SettingsChange
from bot.service.timers import CLAIM_LEASE
from bot.store import open_store
from tests.conftest import ALICE, BACKENDS, BOB, CHANNEL, FakeClock, fixed_seeds, started_demo
from tests.store import timed_turns


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
        assert await service.reminder_sent(due[0].game_id)
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


async def test_two_processes_remind_once_and_take_over_from_one_that_died(
    location: str, clock: FakeClock
) -> None:
    """Two bots on one store (a cluster) looking for reminders at the same moment: one
    of them reminds the game; if it dies before marking the reminder sent, the other
    reminds it once the claim has run out, and not before."""
    first, second = await open_store(location), await open_store(location)
    one = GameService(first, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    two = GameService(second, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        await started_demo(one)
        clock.advance(24 * 3600 + 1)
        found = await asyncio.gather(*(s.due_reminders() for s in (one, two, one, two)))
        assert sum(len(due) for due in found) == 1
        holder, other = (one, two) if found[0] or found[2] else (two, one)
        await holder.timers.stop_renewing()  # it dies: its heartbeat stops
        clock.advance(CLAIM_LEASE - 1)
        assert await other.due_reminders() == []  # still held by a process that went quiet
        clock.advance(1)
        [due] = await other.due_reminders()  # its claim ran out: taken over
        assert not await holder.reminder_sent(due.game_id)
        assert await other.reminder_sent(due.game_id)
        assert await holder.due_reminders() == [] and await other.due_reminders() == []
    finally:
        await first.close()
        await second.close()


async def test_a_live_process_keeps_its_claims_past_the_lease_a_dead_one_loses_them(
    location: str, clock: FakeClock
) -> None:
    """A claim lasts a short lease; the process holding it renews it while it lives (its
    heartbeat), so a slow reminder is not taken over, and once that process is gone the
    claim runs out within one lease."""
    first, second = await open_store(location), await open_store(location)
    one = GameService(first, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    two = GameService(second, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    one.timers.renew_every = 0.01  # seconds of real time between heartbeats
    try:
        await started_demo(one)
        clock.advance(24 * 3600 + 1)
        [due] = await one.due_reminders()
        for _ in range(3):  # a reminder that takes three leases to post
            clock.advance(CLAIM_LEASE - 1)
            await asyncio.sleep(0.1)  # a heartbeat or more
            assert await two.due_reminders() == []
        await one.timers.stop_renewing()  # the process dies
        clock.advance(CLAIM_LEASE)
        [again] = await two.due_reminders()
        assert again.game_id == due.game_id
        assert not await one.reminder_sent(due.game_id) and await two.reminder_sent(due.game_id)
    finally:
        await one.timers.stop_renewing()
        await first.close()
        await second.close()


async def test_two_processes_answer_each_overdue_prompt_once(
    location: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two bots, each on its own connection to the store, answer overdue prompts at the
    same moment: each game's prompt is answered by one of them, once, and the next
    prompt (a new wait) is left for its own deadline."""
    timed_turns.install(monkeypatch=monkeypatch)
    first, second = await open_store(location), await open_store(location)
    one = GameService(first, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    two = GameService(second, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        channels = range(CHANNEL, CHANNEL + 6)
        for channel in channels:
            await started_demo(one, channel)
            await one.act(channel, ALICE, "pick defend")
            await one.act(channel, BOB, "pick defend")
        versions = {c: (await one.game_in(c)).version for c in channels}  # type: ignore[union-attr]
        clock.advance(59 * 60)
        assert await asyncio.gather(one.expire_prompts(), two.expire_prompts()) == [[], []]
        clock.advance(60)
        answered = await asyncio.gather(*(s.expire_prompts() for s in (one, two, two, one)))
        outcomes = [outcome for found in answered for outcome in found]
        assert sorted(o.channel_id for o in outcomes) == list(channels)
        assert all("so Umpire answered `end`" in o.public[0] for o in outcomes)
        for channel in channels:
            game = await two.game_in(channel)
            assert game is not None and game.version == versions[channel] + 2  # action, event
        assert await one.expire_prompts() == [] and await two.expire_prompts() == []
        clock.advance(60 * 60)  # the next player's turn ran out in its turn
        assert len(await one.expire_prompts()) + len(await two.expire_prompts()) == 6
    finally:
        await first.close()
        await second.close()


async def test_two_processes_warn_an_absent_player_and_pass_their_turn_once(
    location: str, clock: FakeClock
) -> None:
    """Two bots on one store looking at the absent-player deadline at the same moment:
    the warning at three quarters is posted by one of them, and the turn passed by one."""
    first, second = await open_store(location), await open_store(location)
    one = GameService(first, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    two = GameService(second, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        await started_demo(one)
        await one.act(CHANNEL, ALICE, "pick feint")  # now only bob is awaited
        await one.settings(CHANNEL, ALICE, None, SettingsChange(absent_after="4h"))
        clock.advance(3 * 3600 + 1)
        found = await asyncio.gather(*(s.absent_players() for s in (one, two, one, two)))
        assert sum(len(warnings) for warnings, _ in found) == 1
        assert all(passed == [] for _, passed in found)
        clock.advance(3600)
        found = await asyncio.gather(*(s.absent_players() for s in (one, two, one, two)))
        assert sum(len(warnings) for warnings, _ in found) == 0
        [outcome] = [outcome for _, passed in found for outcome in passed]
        assert outcome.public[0].startswith("⌛ bob did not move for 4 hours")
        game = await one.game_in(CHANNEL)
        assert game is not None and game.row.waiting_since == clock.now  # a new wait
        log = await first.log(game.id)
        assert [r.user_id for r in log if r.kind == "action"] == [ALICE.user_id, BOB.user_id]
    finally:
        await first.close()
        await second.close()
