"""Over the wire: a reminder sent by DM is worded in the language its reader was last
seen in (their Discord client's locale), whoever or whatever caused it; the channel's
reminder stays in the channel's words."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.discord_app.app import UmpireBot
from bot.service import GameService
from tests.conftest import FakeClock
from tests.wire.bot_on_fake import bot_on
from tests.wire.fake_discord import APP_ID, CHANNEL_ID, Call, FakeDiscord

TIMEOUT = 10.0
ALICE_ID = 600_000_000_000_000_101
BOB_ID = 600_000_000_000_000_202
HOUR = 3600


@pytest.fixture
async def bot(
    monkeypatch: pytest.MonkeyPatch, service: GameService
) -> AsyncIterator[tuple[FakeDiscord, UmpireBot]]:
    async with FakeDiscord() as fake, bot_on(fake, service, monkeypatch, TIMEOUT) as running:
        yield fake, running


def sub(name: str, **values: str) -> list[dict[str, Any]]:
    options = [{"type": 3, "name": key, "value": value} for key, value in values.items()]
    return [{"type": 1, "name": name, "options": options}]


async def slash(fake: FakeDiscord, user: Any, locale: str, name: str, **values: str) -> None:
    token = await fake.run_slash(user, "game", sub(name, **values), locale=locale)
    await fake.wait_for(
        lambda c: c.method == "POST" and c.path == f"/webhooks/{APP_ID}/{token}",
        timeout=TIMEOUT,
    )


def reminder_dms(fake: FakeDiscord) -> dict[int, str]:
    found: dict[int, str] = {}
    for call in fake.calls:
        if call.method != "POST" or not call.path.startswith("/channels/"):
            continue
        recipient = fake.dm_recipient(int(call.path.split("/")[2]))
        content = (call.json or {}).get("content", "") if isinstance(call.json, dict) else ""
        if recipient is not None and "⏰" in content:
            found[recipient] = content
    return found


async def test_each_player_gets_the_reminder_dm_in_their_own_language(
    bot: tuple[FakeDiscord, UmpireBot], clock: FakeClock
) -> None:
    fake, running = bot
    alice = fake.add_user(ALICE_ID, "alice")
    bob = fake.add_user(BOB_ID, "bob")
    await slash(fake, alice, "en-GB", "new", system="demo")
    await slash(fake, bob, "de", "join")
    await slash(fake, alice, "en-GB", "start")  # Alice started it; Bob still reads German
    timers: Any = running.get_cog("Timers")
    clock.advance(25 * HOUR)
    assert await timers.send_reminders() == 1
    clock.advance(49 * HOUR)
    assert await timers.send_reminders() == 1

    def both_sent(call: Call) -> bool:
        return len(reminder_dms(fake)) == 2

    await fake.wait_for(both_sent, timeout=TIMEOUT)
    dms = reminder_dms(fake)
    assert dms[ALICE_ID].startswith("⏰ Your game of Demo race in ")
    assert "waiting on you for 3 days 2 hours" in dms[ALICE_ID]
    assert dms[BOB_ID].startswith("⏰ Dein Spiel Demo race in ")
    assert "Das Spiel wartet schon 3 Tage 2 Stunden auf dich" in dms[BOB_ID]
    assert "`/spiel stand`" in dms[BOB_ID]
    channel = [
        c.json["content"]
        for c in fake.calls
        if c.method == "POST"
        and c.path == f"/channels/{CHANNEL_ID}/messages"
        and "⏰" in (c.json or {}).get("content", "")
    ]
    assert channel and all("waiting on you for" in text for text in channel)  # as before
