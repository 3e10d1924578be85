"""Undo by consent, the error handler, mentions, and components after a restart."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.discord_app.app import UmpireBot
from bot.service import GameService
from bot.store import Database

from ._support import (
    dm_history,
    forget_questions,
    mover,
    pick_both,
    prompt_in,
    public_messages,
    refusals,
    start_demo,
)
from .conftest import Table, build_bot

APPROVE = "Approve undo"


async def dashed_and_asked(service, table: Table):  # type: ignore[no-untyped-def]
    """The mover dashes (a die is rolled), then asks to take it back."""
    await start_demo(table)
    await pick_both(table)
    actor, other = await mover(service, table)
    await actor.slash(table.channel, "act", action="dash")
    asked = await actor.slash(table.channel, "game undo")
    return actor, other, asked.response


async def test_free_undo_of_an_own_step(simcord_env, table: Table, service) -> None:
    await start_demo(table)
    await pick_both(table)
    actor, _ = await mover(service, table)
    await actor.slash(table.channel, "act", action="step")
    undone = await actor.slash(table.channel, "game undo")
    assert not undone.response.ephemeral
    assert undone.response.content.startswith(f"↩️ {actor.name} took back 1 action: ")
    assert "'s `step`." in undone.response.content
    assert not undone.response.components


async def test_undo_by_consent_with_the_button(simcord_env, table: Table, service) -> None:
    actor, other, request = await dashed_and_asked(service, table)
    assert "asks to take back 1 action (" in request.content
    assert "'s `dash`." in request.content and "fresh dice" in request.content
    assert other.mention in request.content
    [row] = request.components
    assert row["components"][0]["label"] == APPROVE

    own = await actor.click(request, label=APPROVE)
    assert own.response.ephemeral
    assert "another player must approve it" in own.response.content

    approved = await other.click(request, label=APPROVE)
    texts = [m.content for m in public_messages(table)]
    approval = f"'s `dash` (asked by {actor.name}, approved by {other.name})."
    assert any(t.startswith(f"↩️ {actor.name} took back 1 action: ") for t in texts)
    assert any(approval in t for t in texts)
    assert approved.acknowledged

    stale = await other.click(request, label=APPROVE)
    assert "This choice has expired" in stale.response.content


async def test_undo_approval_by_command(simcord_env, table: Table, service) -> None:
    actor, other, _request = await dashed_and_asked(service, table)
    approved = await other.slash(table.channel, "game undo", approve=True)
    assert f"(asked by {actor.name}, approved by {other.name})." in approved.response.content


async def test_unexpected_errors_get_an_id_and_the_bot_carries_on(
    simcord_env, table: Table, service, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start_demo(table)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("database on fire at /srv/umpire/secret.py line 3")

    monkeypatch.setattr(service, "status", broken)
    result = await table.bob.slash(table.channel, "game status")

    reply = result.response
    assert reply.ephemeral
    assert "error id `" in reply.content
    assert "Traceback" not in reply.content
    assert "RuntimeError" not in reply.content and "on fire" not in reply.content
    [error] = simcord_env.errors
    assert isinstance(getattr(error, "original", error), RuntimeError)

    monkeypatch.undo()
    again = await table.bob.slash(table.channel, "game status")
    assert again.response.embeds[0].title.startswith("Demo race")
    rolled = await table.bob.slash(table.channel, "roll", dice="1d6")
    assert "`1d6` →" in rolled.response.content


async def test_everyone_in_user_text_never_pings(simcord_env, table: Table) -> None:
    rolled = await table.alice.slash(table.channel, "roll", dice="1d6 # @everyone @here")
    message = rolled.response.message
    assert "@\u200beveryone @\u200bhere" in message.content  # shown, but inert
    assert not message.mention_everyone
    assert message.role_mentions == []

    await table.alice.slash(
        table.channel, "game new", system="demo", options="goal=6", side="@everyone"
    )
    refusals(simcord_env)
    await start_demo(table)
    for message in public_messages(table):
        stored = simcord_env.backend.get_message(table.channel.id, message.id)
        assert not stored.allowed_mentions.everyone
        assert stored.allowed_mentions.roles == frozenset()
        assert not message.mention_everyone
        assert {u.id for u in message.mentions} <= {table.alice.id, table.bob.id}


@pytest.fixture
async def reopen(tmp_path) -> AsyncIterator[Callable[[], Awaitable[UmpireBot]]]:
    """Build fresh bots on the same database file, as after a process restart."""
    opened: list[Database] = []

    async def build() -> UmpireBot:
        database = await Database.open(str(tmp_path / "umpire.db"))
        opened.append(database)
        return build_bot(tmp_path, GameService(database))

    yield build
    for database in opened:
        await database.close()


async def test_components_work_after_a_restart(
    simcord_env, simcord_bot, table: Table, reopen
) -> None:
    forget_questions(simcord_bot)  # the menus' record is lost with the restart below
    await start_demo(table)
    red_menu, blue_menu = prompt_in(table.alice), prompt_in(table.bob)
    await table.alice.slash(table.channel, "act", action="pick attack")

    restarted = await reopen()
    await simcord_env.restart_bot(restarted)

    stale = await table.alice.user.select(red_menu, ["pick defend"])
    assert "This choice has expired" in stale.response.content
    [closed] = [m for m in dm_history(table.alice) if m.id == red_menu.id]
    assert not closed.components and "This question has closed" in closed.content
    current = await table.bob.user.select(blue_menu, ["pick feint"])
    assert current.response.content == "You picked **feint**."
    texts = [m.content for m in public_messages(table)]
    assert any("Red: **attack**, Blue: **feint**" in t for t in texts)

    actor, other = await mover(restarted.service, table)
    await actor.slash(table.channel, "act", action="dash")
    request = (await actor.slash(table.channel, "game undo")).response
    await simcord_env.restart_bot(await reopen())
    await other.click(request, label=APPROVE)
    texts = [m.content for m in public_messages(table)]
    assert any(f"(asked by {actor.name}, approved by {other.name})." in t for t in texts)
