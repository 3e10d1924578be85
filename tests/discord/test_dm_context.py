"""DMs that carry their context: every DM about a game, a question or a private line,
opens with the game's system, its channel with a link, and the server's name; the DM
questions on screen are kept in the store, so a bot restarted since closes a question
the game has moved past as soon as the game moves, not only when it is clicked."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.discord_app.app import UmpireBot
from bot.service import GameService
from bot.store import Database
from rules.core.language import Language

from ._support import dm_body, dm_history, prompt_in, question_of, start_demo
from .conftest import Table, build_bot


@pytest.fixture
async def reopen(tmp_path) -> AsyncIterator[Callable[[], Awaitable[UmpireBot]]]:  # type: ignore[no-untyped-def]
    """Fresh bots on the same database file, as after a process restart."""
    opened: list[Database] = []

    async def build() -> UmpireBot:
        database = await Database.open(str(tmp_path / "umpire.db"))
        opened.append(database)
        return build_bot(tmp_path, GameService(database))

    yield build
    for database in opened:
        await database.close()


def heading(table: Table) -> str:
    link = f"https://discord.com/channels/{table.guild.id}/{table.channel.id}"
    return f"**Demo race** in <#{table.channel.id}> ({link}) on **Wargames**"


async def test_every_dm_about_a_game_names_it_and_its_server(
    simcord_env,
    simcord_bot,
    table: Table,  # type: ignore[no-untyped-def]
) -> None:
    await start_demo(table)
    asked = prompt_in(table.alice)
    assert asked.content.startswith(heading(table) + "\n")
    assert question_of(asked) == "Pick your stance in secret."
    # a private line for a player other than the actor comes by DM, under the same heading
    await table.alice.slash(table.channel, "game kick", player=table.bob, replacement=table.carol)
    told = [m for m in dm_history(table.carol) if "You now hold Blue" in m.content]
    assert told and all(m.content.startswith(heading(table) + "\n") for m in told)
    assert dm_body(told[0]).startswith("You now hold Blue in game #")


async def test_a_german_reader_gets_the_heading_in_german(
    simcord_env,
    simcord_bot,
    table: Table,
    service: GameService,  # type: ignore[no-untyped-def]
) -> None:
    await table.alice.slash(table.channel, "game new", system="demo")
    await table.bob.slash(table.channel, "game join")
    # bob was last seen in a German client (simcord's own clients speak English)
    await service.languages.seen(table.bob.id, Language.GERMAN)
    await table.alice.slash(table.channel, "game start")
    link = f"https://discord.com/channels/{table.guild.id}/{table.channel.id}"
    asked = prompt_in(table.bob)
    assert asked.content.startswith(
        f"**Demo race** in <#{table.channel.id}> ({link}) auf **Wargames**\n"
    )


async def test_a_question_sent_before_a_restart_is_closed_when_the_game_moves_past_it(
    simcord_env,
    simcord_bot,
    table: Table,
    reopen,  # type: ignore[no-untyped-def]
) -> None:
    await start_demo(table)
    red_menu, blue_menu = prompt_in(table.alice), prompt_in(table.bob)
    assert red_menu.components and blue_menu.components

    restarted = await reopen()
    await simcord_env.restart_bot(restarted)
    # alice answers in the channel; the restarted bot never sent her menu, yet closes it
    await table.alice.slash(table.channel, "act", action="pick attack")
    [closed] = [m for m in dm_history(table.alice) if m.id == red_menu.id]
    assert not closed.components
    assert closed.content.endswith("\n⌛ This question has closed: the game has moved on.")
    assert closed.content.startswith(red_menu.content)
    # bob's question is still open, and still answers from its menu
    [still] = [m for m in dm_history(table.bob) if m.id == blue_menu.id]
    assert still.components
    answered = await table.bob.user.select(still, ["pick feint"])
    assert answered.response.content == "You picked **feint**."
    [done] = [m for m in dm_history(table.bob) if m.id == blue_menu.id]
    assert not done.components and "✅ Answered: `pick feint`" in done.content
    assert await restarted.service.db.dm_questions(1) == []
