"""Over the wire: ``/game new thread:true`` opens a public thread under the channel and
the game is played there; once Discord has archived the thread (a post or an edit there
is then refused with 50083), a reminder reopens it before it is posted, and an edit of
the dashboard that Discord refuses because only it knew the thread was archived reopens
the thread and is made again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from bot.discord_app.app import UmpireBot
from bot.discord_app.delivery import refresh_dashboard
from bot.service import GameService
from tests.conftest import FakeClock
from tests.wire.bot_on_fake import bot_on
from tests.wire.fake_discord import CHANNEL_ID, Call, FakeDiscord

TIMEOUT = 10.0
ALICE_ID = 600_000_000_000_000_301
BOB_ID = 600_000_000_000_000_302
HOUR = 3600


@pytest.fixture
async def bot(
    monkeypatch: pytest.MonkeyPatch, service: GameService
) -> AsyncIterator[tuple[FakeDiscord, UmpireBot]]:
    async with FakeDiscord() as fake, bot_on(fake, service, monkeypatch, TIMEOUT) as running:
        yield fake, running


async def game(
    fake: FakeDiscord, user: Any, sub: str, in_thread: int | None = None, **values: Any
) -> None:
    kinds = {bool: 5, str: 3}
    options = [{"type": kinds[type(v)], "name": k, "value": v} for k, v in values.items()]
    token = await fake.run_slash(
        user, "game", [{"type": 1, "name": sub, "options": options}], thread_id=in_thread
    )

    def answered(call: Call) -> bool:  # by a follow-up, or at once (a new thread's link)
        body = call.json if isinstance(call.json, dict) else {}
        said = body.get("content") or (body.get("data") or {}).get("content")
        return call.method == "POST" and token in call.path and bool(said)

    await fake.wait_for(answered, timeout=TIMEOUT)


def posted(channel: int, words: str) -> Any:
    def found(call: Call) -> bool:
        content = (call.json or {}).get("content", "") if isinstance(call.json, dict) else ""
        return (
            call.method == "POST"
            and call.path == f"/channels/{channel}/messages"
            and (words in content)
        )

    return found


def reopening(thread: int) -> Any:
    def found(call: Call) -> bool:
        return (
            call.method == "PATCH"
            and call.path == f"/channels/{thread}"
            and (call.json or {}).get("archived") is False
        )

    return found


async def test_a_game_thread_is_played_in_and_reopened_when_discord_archived_it(
    bot: tuple[FakeDiscord, UmpireBot], service: GameService, clock: FakeClock
) -> None:
    fake, running = bot
    alice = fake.add_user(ALICE_ID, "alice")
    bob = fake.add_user(BOB_ID, "bob")
    await game(fake, alice, "new", system="demo", thread=True)
    [thread] = fake.threads
    assert fake.threads[thread]["parent_id"] == str(CHANNEL_ID)
    await fake.wait_for(posted(thread, "alice set up a game of Demo race."), timeout=TIMEOUT)
    await game(fake, bob, "join", thread)
    await game(fake, alice, "start", thread)
    await fake.wait_for(  # the dashboard shows the first board: the start is all delivered
        lambda c: (
            c.method == "PATCH" and f"/channels/{thread}/messages/" in c.path and bool(c.files)
        ),
        timeout=TIMEOUT,
    )
    played = await service.game_in(thread)
    assert played is not None and played.row.status == "active"

    # a week without messages: Discord archives the thread and says so
    await fake.archive(thread)
    clock.advance(25 * HOUR)
    assert await running.get_cog("Timers").send_reminders() == 1  # type: ignore[union-attr]
    [reopened] = await fake.wait_for(reopening(thread), timeout=TIMEOUT)
    [reminder] = await fake.wait_for(posted(thread, "⏰"), timeout=TIMEOUT)
    assert fake.calls.index(reopened) < fake.calls.index(reminder)
    assert not fake.archived(thread)

    # archived again, and only the API knows (the bot saw it reopened): the refused edit
    # reopens it and is made again
    async with asyncio.timeout(TIMEOUT):
        while not isinstance(seen := running.get_channel(thread), discord.Thread) or seen.archived:
            await asyncio.sleep(0.01)
    await fake.archive(thread, announce=False)
    before = len(fake.calls)
    dashboard = await refresh_dashboard(running, played.id, picture=False)
    assert dashboard is not None and not fake.archived(thread)
    edits = [
        c
        for c in fake.calls[before:]
        if c.method == "PATCH" and c.path == f"/channels/{thread}/messages/{dashboard}"
    ]
    assert len(edits) == 2  # refused (50083), then made after the thread was reopened
    assert len(await fake.wait_for(reopening(thread), count=2, timeout=TIMEOUT)) == 2
    assert fake.unimplemented == []
