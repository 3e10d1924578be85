"""Stewardship through Discord: pausing, resuming and handing seats over by member pick."""

from __future__ import annotations

import discord

from ._support import (
    dm_history,
    forget_questions,
    prompt_in,
    public_texts,
    question_of,
    refusals,
    start_demo,
)
from .conftest import Table


async def test_a_spectator_cannot_pause_kick_or_end(simcord_env, table: Table, service) -> None:
    await start_demo(table)
    game = await service.game_in(table.channel.id)
    for name, options in (
        ("game pause", {}),
        ("game kick", {"player": table.bob, "replacement": table.carol}),
        ("game end", {}),
        ("act", {"action": "pick attack"}),
    ):
        result = await table.carol.slash(table.channel, name, **options)
        assert result.response.ephemeral, name
    [*errors] = refusals(simcord_env)
    assert len(errors) == 4
    assert all("creator or a member with Manage Server" in e.message for e in errors[:3])
    assert "spectators can only watch" in errors[3].message
    after = await service.game_in(table.channel.id)
    assert after.version == game.version


async def test_a_manager_pauses_and_the_creator_resumes(simcord_env, table: Table) -> None:
    managers = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[managers])
    await start_demo(table)
    await mod.slash(table.channel, "game pause", reason="waiting for bob until Friday")
    assert "mod paused the game: waiting for bob until Friday" in public_texts(table)[-1]

    refused = await table.bob.user.select(prompt_in(table.bob), ["pick attack"])
    assert "paused by mod: waiting for bob until Friday" in refused.response.content
    status = await table.bob.slash(table.channel, "game status")
    fields = {f.name: f.value for f in status.response.embeds[0].fields}
    assert "waiting for bob" in fields["⏸️ Paused"]

    await table.alice.slash(table.channel, "game resume")
    assert "alice resumed the game" in public_texts(table)[-1]
    picked = await table.bob.user.select(prompt_in(table.bob), ["pick attack"])
    assert picked.response.content == "You picked **attack**."
    refusals(simcord_env)


async def test_a_seat_is_handed_to_a_member_who_gets_its_menu(
    simcord_env, simcord_bot, table: Table, service
) -> None:
    await start_demo(table)
    await table.alice.user.select(prompt_in(table.alice), ["pick feint"])
    bobs_menu = prompt_in(table.bob)
    helper = simcord_env.create_user("helperbot", bot=True)
    robot = table.guild.add_member(helper)
    await table.alice.slash(table.channel, "game kick", player=table.bob, replacement=robot)
    await table.alice.slash(table.channel, "game kick", player=table.bob)
    errors = refusals(simcord_env)
    assert "is a bot" in errors[0].message
    assert "needs a new player" in errors[1].message

    await table.alice.slash(table.channel, "game kick", player=table.bob, replacement=table.carol)
    handed = public_texts(table)[-1]
    assert handed.startswith("alice handed Blue from bob to carol.")
    assert f"<@{table.carol.id}> — you now hold Blue: your move." in handed
    texts = [m.content for m in dm_history(table.carol)]
    assert any("You now hold Blue" in t for t in texts)
    menu = prompt_in(table.carol)
    assert question_of(menu) == "Pick your stance in secret."
    # bob's menu closed when the seat left him
    [closed] = [m for m in dm_history(table.bob) if m.id == bobs_menu.id]
    assert not closed.components and "This question has closed" in closed.content
    result = await table.carol.user.select(menu, ["pick attack"])
    assert result.response.content == "You picked **attack**."
    assert "Stances revealed" in "\n".join(public_texts(table))


async def test_a_menu_left_from_before_a_restart_no_longer_acts_for_a_handed_seat(
    simcord_env, simcord_bot, table: Table, service
) -> None:
    forget_questions(simcord_bot)  # menus sent before a restart stay on screen
    await start_demo(table)
    await table.alice.slash(table.channel, "game kick", player=table.bob, replacement=table.carol)
    old = await table.bob.user.select(prompt_in(table.bob), ["pick defend"])
    assert "not seated" in old.response.content  # bob's old menu no longer acts for Blue
    refusals(simcord_env)
    game = await service.game_in(table.channel.id)
    assert {s.user_id for s in game.seats} == {table.alice.id, table.carol.id}
