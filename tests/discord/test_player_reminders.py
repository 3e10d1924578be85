"""Each player's reminders on Discord (by DM or in the channel, waiting out quiet hours) and
the absent-player deadline (a warning in the channel, then the turn passed), on a fake
clock that starts at 08:00 UTC."""

from __future__ import annotations

from typing import Any

from bot.discord_app.app import UmpireBot
from bot.service import GameService
from tests.conftest import FakeClock

from ._support import dm_history, mover, pick_both, public_messages, start_demo
from .conftest import Table

HOUR = 3600


def timers(bot: UmpireBot) -> Any:
    cog = bot.get_cog("Timers")
    assert cog is not None
    return cog


def channel_reminders(table: Table) -> list[str]:
    return [m.content for m in public_messages(table) if "⏰" in m.content]


async def test_reminders_go_where_each_player_chose_and_wait_out_quiet_hours(
    simcord_bot: UmpireBot, table: Table, clock: FakeClock
) -> None:
    await start_demo(table)
    await table.alice.slash(table.channel, "game settings", reminders="dm")
    answer = await table.bob.slash(table.channel, "game settings", quiet_hours="08-12 UTC")
    assert answer.response.ephemeral  # a player's own choices stay private
    clock.advance(25 * HOUR)  # 09:00 UTC the next day
    await timers(simcord_bot).send_reminders()
    assert channel_reminders(table) == []  # alice by DM; bob is asleep
    [dm] = [m.content for m in dm_history(table.alice) if "⏰" in m.content]
    assert "waiting on you for 25 hours" in dm
    clock.advance(3 * HOUR + 300)  # 12:05: bob's quiet hours are over
    await timers(simcord_bot).send_reminders()
    [reminder] = channel_reminders(table)
    assert reminder.startswith(f"⏰ <@{table.bob.id}> —") and str(table.alice.id) not in reminder


async def test_an_absent_players_turn_is_passed_after_a_warning(
    simcord_bot: UmpireBot, table: Table, service: GameService, clock: FakeClock
) -> None:
    await start_demo(table)
    await pick_both(table)
    await table.alice.slash(table.channel, "game settings", absent_after="4h")
    absent, _ = await mover(service, table)
    clock.advance(3 * HOUR + 60)
    assert await timers(simcord_bot).absent_players() == 1
    [warning] = [m for m in public_messages(table) if "⚠️" in m.content]
    assert f"<@{absent.id}>" in warning.content and "your turn is passed <t:" in warning.content
    assert [u.id for u in warning.mentions] == [absent.id]
    clock.advance(HOUR)
    assert await timers(simcord_bot).absent_players() == 1
    [passed] = [m for m in public_messages(table) if "⌛" in m.content]
    assert f"{absent.name} did not move for 4 hours, so Umpire played `end`" in passed.content
    now_moving, _ = await mover(service, table)
    assert now_moving.id != absent.id
