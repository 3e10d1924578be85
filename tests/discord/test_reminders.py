"""Reminders that help: the channel reminder says how long the game has really waited (with
a Discord timestamp of since when), and from the second reminder of one wait the awaited
players get it by DM too, naming the game and linking to its channel."""

from __future__ import annotations

from typing import Any

from bot.discord_app.app import UmpireBot
from bot.service import GameService
from tests.conftest import FakeClock

from ._support import dm_history, start_demo
from .conftest import Table

HOUR = 3600


def timers(bot: UmpireBot) -> Any:
    cog = bot.get_cog("Timers")
    assert cog is not None
    return cog


def reminders(table: Table) -> list[str]:
    return [m.content for m in table.channel.history(viewer=table.alice) if "⏰" in m.content]


async def test_a_reminder_says_how_long_the_game_has_really_waited(
    simcord_bot: UmpireBot, table: Table, service: GameService, clock: FakeClock
) -> None:
    await start_demo(table)
    game = await service.game_in(table.channel.id)
    assert game is not None and game.row.waiting_since is not None
    since = int(game.row.waiting_since)
    clock.advance(26 * HOUR)
    assert await timers(simcord_bot).send_reminders() == 1
    [reminder] = reminders(table)
    assert f"waiting on you for 26 hours (since <t:{since}:R>)" in reminder
    # the first reminder of a wait stays in the channel
    assert not any("⏰" in m.content for m in dm_history(table.alice))


async def test_the_second_reminder_of_one_wait_goes_by_dm_too(
    simcord_bot: UmpireBot, table: Table, service: GameService, clock: FakeClock
) -> None:
    await start_demo(table)
    clock.advance(25 * HOUR)
    assert await timers(simcord_bot).send_reminders() == 1
    clock.advance(49 * HOUR)
    assert await timers(simcord_bot).send_reminders() == 1
    assert "waiting on you for 3 days 2 hours" in reminders(table)[-1]
    for player in (table.alice, table.bob):
        [dm] = [m.content for m in dm_history(player) if "⏰" in m.content]
        assert dm.startswith("⏰ Your game of ") and f"<#{table.channel.id}>" in dm
        assert f"/channels/{table.guild.id}/{table.channel.id}" in dm
        assert "3 days 2 hours" in dm
