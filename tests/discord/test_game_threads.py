"""A game thread Discord archived while the game waited (a week without messages) is
reopened when the game needs it: a reminder posted there, the dashboard edited there,
also when only Discord knows it is archived (error 50083). A thread the bot may not
reopen gets the reminder in its parent channel, saying why; the dashboard waits."""

from __future__ import annotations

from typing import Any

from bot.discord_app.app import UmpireBot
from bot.discord_app.delivery import refresh_dashboard
from bot.service import GameService
from tests.conftest import FakeClock

from .conftest import Table
from .test_reminders import timers

HOUR = 3600


async def game_in_a_thread(table: Table, service: GameService) -> Any:
    await table.alice.slash(table.channel, "game new", system="demo", thread=True)
    [thread] = [c for c in table.channel.threads if "Demo race" in (c.name or "")]
    await table.bob.slash(thread, "game join")
    await table.alice.slash(thread, "game start")
    assert (await service.game_in(thread.id)) is not None
    return thread


def archive(env: Any, thread: Any) -> None:
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})


def archived(env: Any, thread: Any) -> bool:
    return bool(env.backend.get_channel(thread.id).thread_metadata.archived)


def reopenings(env: Any, thread: Any) -> list[Any]:
    return [
        r
        for r in env.http_requests
        if r.method == "PATCH"
        and r.path == f"/channels/{thread.id}"
        and (r.json or {}).get("archived") is False
    ]


async def test_an_archived_thread_is_reopened_for_a_reminder_and_the_dashboard(
    simcord_env: Any,
    simcord_bot: UmpireBot,
    table: Table,
    service: GameService,
    clock: FakeClock,
) -> None:
    thread = await game_in_a_thread(table, service)
    archive(simcord_env, thread)
    clock.advance(25 * HOUR)
    assert await timers(simcord_bot).send_reminders() == 1
    assert not archived(simcord_env, thread) and len(reopenings(simcord_env, thread)) == 1
    [reminder] = [m for m in thread.history(viewer=table.alice) if "⏰" in m.content]
    assert "waiting on you" in reminder.content

    archive(simcord_env, thread)
    game = await service.game_in(thread.id)
    assert game is not None
    shown = await refresh_dashboard(simcord_bot, game.id, picture=False)
    assert shown == (await service.game_in(thread.id)).row.dashboard_message  # type: ignore[union-attr]
    assert not archived(simcord_env, thread) and len(reopenings(simcord_env, thread)) == 2


async def test_when_only_discord_knows_the_thread_is_archived_it_is_reopened_and_tried_again(
    simcord_env: Any,
    simcord_bot: UmpireBot,
    table: Table,
    service: GameService,
    clock: FakeClock,
) -> None:
    thread = await game_in_a_thread(table, service)
    simcord_env.inject_error(
        "POST",
        f"/channels/{thread.id}/messages",
        status=400,
        code=50083,
        message="Thread is archived",
    )
    clock.advance(25 * HOUR)
    assert await timers(simcord_bot).send_reminders() == 1
    assert len(reopenings(simcord_env, thread)) == 1
    assert any("⏰" in m.content for m in thread.history(viewer=table.alice))


async def test_a_thread_that_may_not_be_reopened_gets_its_reminder_in_the_parent_channel(
    simcord_env: Any,
    simcord_bot: UmpireBot,
    table: Table,
    service: GameService,
    clock: FakeClock,
) -> None:
    thread = await game_in_a_thread(table, service)
    game = await service.game_in(thread.id)
    assert game is not None
    archive(simcord_env, thread)
    simcord_env.inject_error(
        "PATCH",
        f"/channels/{thread.id}",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=None,
    )
    clock.advance(25 * HOUR)
    assert await timers(simcord_bot).send_reminders() == 1
    assert archived(simcord_env, thread)
    [moved] = [m for m in table.channel.history(viewer=table.alice) if "⏰" in m.content]
    assert moved.content.startswith(f"(The game's thread <#{thread.id}> is archived and I may")
    assert f"<@{table.alice.id}>" in moved.content  # still pinged
    # the dashboard cannot be edited there meanwhile: it waits, and nothing is raised
    assert await refresh_dashboard(simcord_bot, game.id, picture=False) is None
