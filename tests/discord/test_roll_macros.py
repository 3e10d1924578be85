"""Saved rolls: /macro save, list and delete, /roll name: with its autocomplete, each
player's own in each server and each server's for all its members, kept in the database."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import discord

from bot.service import GameService, Player
from bot.service.roll_macros import MAX_NAME_LENGTH, MAX_SAVED
from bot.store import Database
from bot.store.schema import available

from ._support import refusals
from .conftest import Table


async def test_save_roll_list_and_delete(simcord_env, table: Table) -> None:
    saved = await table.alice.slash(table.channel, "macro save", name="Stats", dice="6 4d6 k3")
    assert saved.response.ephemeral
    assert "Saved `stats`: `6 4d6 k3`" in saved.response.content

    rolled = await table.alice.slash(table.channel, "roll", name="stats")
    assert not rolled.response.ephemeral
    lines = rolled.response.content.splitlines()
    assert lines[0] == "🎲 `stats`"
    assert len(lines) == 7 and all(line.startswith("`4d6 k3` → [") for line in lines[1:])

    await table.alice.slash(table.channel, "macro save", name="fireball", dice="8d6 # dex save")
    again = await table.alice.slash(table.channel, "macro save", name="FIREBALL", dice="10d6")
    assert "Replaced `fireball`: `10d6`" in again.response.content

    listed = await table.alice.slash(table.channel, "macro list")
    assert listed.response.ephemeral
    assert listed.response.content.splitlines() == [
        "Your saved rolls here (2):",
        "• `fireball` — `10d6`",
        "• `stats` — `6 4d6 k3`",
    ]

    offered = await table.alice.autocomplete(table.channel, "roll", "name", "fi")
    assert [c["value"] for c in offered] == ["fireball"]
    assert offered[0]["name"] == "fireball — 10d6"
    offered = await table.alice.autocomplete(table.channel, "macro delete", "name", "")
    assert [c["value"] for c in offered] == ["fireball", "stats"]

    gone = await table.alice.slash(table.channel, "macro delete", name="fireball")
    assert gone.response.content == "Deleted `fireball`."
    missing = await table.alice.slash(table.channel, "roll", name="fireball")
    assert missing.response.ephemeral
    assert "no saved roll named `fireball`" in missing.response.content
    assert "Yours: `stats`." in missing.response.content
    assert len(refusals(simcord_env)) == 1


async def test_saved_rolls_are_each_players_own_in_each_server(simcord_env, table: Table) -> None:
    await table.alice.slash(table.channel, "macro save", name="attack", dice="1d20+5")
    assert await table.bob.autocomplete(table.channel, "roll", "name", "") == []
    not_bobs = await table.bob.slash(table.channel, "roll", name="attack")
    assert "You have no saved rolls here yet" in not_bobs.response.content

    other = simcord_env.create_guild("Elsewhere")
    there = other.create_text_channel("tavern")
    alice_there = other.add_member(table.alice.user)
    assert await alice_there.autocomplete(there, "roll", "name", "") == []
    await alice_there.slash(there, "macro save", name="attack", dice="1d20+2")
    here = await table.alice.slash(table.channel, "roll", name="attack")
    elsewhere = await alice_there.slash(there, "roll", name="attack")
    assert "`1d20+5` →" in here.response.content
    assert "`1d20+2` →" in elsewhere.response.content
    assert len(refusals(simcord_env)) == 1


async def test_clear_errors(simcord_env, table: Table) -> None:
    cases = [
        ({"name": "stats", "dice": "4d6 xx3"}, "did you mean `4d6 k3`?"),
        ({"name": "stats", "dice": "2d6+"}, "2d6+\n    ^"),
        ({"name": "two words", "dice": "1d6"}, "only letters, digits, `-` and `_`"),
        ({"name": "   ", "dice": "1d6"}, "Give the saved roll a name"),
    ]
    for options, message in cases:
        refused = await table.alice.slash(table.channel, "macro save", **options)
        assert refused.response.ephemeral and message in refused.response.content
    both = await table.alice.slash(table.channel, "roll", dice="1d6", name="stats")
    assert "not both" in both.response.content
    neither = await table.alice.slash(table.channel, "roll")
    assert "Give the dice to roll" in neither.response.content
    await table.alice.slash(table.channel, "macro save", name="sneak-attack", dice="3d6")
    typo = await table.alice.slash(table.channel, "macro delete", name="sneak-atack")
    assert "Did you mean `sneak-attack`?" in typo.response.content
    assert len(refusals(simcord_env)) == 7
    listed = await table.alice.slash(table.channel, "macro list")
    assert "(1)" in listed.response.content


async def test_at_most_fifty_per_player_and_server(simcord_env, table: Table) -> None:
    assert MAX_NAME_LENGTH == 32
    for number in range(MAX_SAVED):
        await table.alice.slash(table.channel, "macro save", name=f"r{number}", dice="1d6")
    full = await table.alice.slash(table.channel, "macro save", name="one-more", dice="1d6")
    assert full.response.ephemeral
    assert f"already keep {MAX_SAVED} saved rolls" in full.response.content
    # replacing one is still fine, and bob has room of his own
    kept = await table.alice.slash(table.channel, "macro save", name="r7", dice="2d6")
    assert "Replaced `r7`" in kept.response.content
    bobs = await table.bob.slash(table.channel, "macro save", name="one-more", dice="1d6")
    assert "Saved `one-more`" in bobs.response.content
    listed = await table.alice.slash(table.channel, "macro list")
    assert len(listed.response.content) <= 2000
    assert re.search(r"\(50\)", listed.response.content)
    assert len(refusals(simcord_env)) == 1


async def test_saved_rolls_survive_a_restart_and_old_databases_open(
    tmp_path: Path, service: GameService
) -> None:
    saved, _ = await service.roll_macros.save(5, 7, "heal", "2d4+2 [potion]")
    again = GameService(service.db)
    assert await again.roll_macros.find(5, 7, "HEAL") == saved
    # a database written before saved rolls existed gains the table when opened
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as connection:
        for number, sql in available():
            if number <= 3:  # the schema as the release before saved rolls left it
                connection.executescript(sql)
        connection.execute("PRAGMA user_version = 3")
    with sqlite3.connect(old) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (3,)
    opened = await Database.open(str(old))
    try:
        assert await opened.roll_macros(1, 2) == []
    finally:
        await opened.close()


def steward(simcord_env, table: Table):  # type: ignore[no-untyped-def]
    role = table.guild.create_role("stewards", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(simcord_env.create_user("dora"), roles=[role])


async def test_a_server_keeps_rolls_for_every_member(simcord_env, table: Table) -> None:
    dora = steward(simcord_env, table)
    shared = await dora.slash(table.channel, "macro save", name="Fireball", dice="8d6", server=True)
    assert shared.response.ephemeral
    assert "Saved `fireball` for everyone in this server: `8d6`." in shared.response.content
    await dora.slash(table.channel, "macro save", name="smite", dice="2d8", server=True)

    # every member rolls it, marked as the server's
    rolled = await table.bob.slash(table.channel, "roll", name="fireball")
    assert rolled.response.content.splitlines()[0] == "🎲 `fireball` (server)"
    assert "`8d6` → [" in rolled.response.content
    # a member's own roll of the same name comes first, and hides the server's
    await table.alice.slash(table.channel, "macro save", name="fireball", dice="10d6")
    own = await table.alice.slash(table.channel, "roll", name="fireball")
    assert own.response.content.splitlines()[0] == "🎲 `fireball`"
    offered = await table.alice.autocomplete(table.channel, "roll", "name", "")
    assert [(c["name"], c["value"]) for c in offered] == [
        ("fireball — 10d6", "fireball"),
        ("smite — 2d8 · server", "smite"),
    ]
    offered = await table.bob.autocomplete(table.channel, "roll", "name", "")
    assert [c["name"] for c in offered] == ["fireball — 8d6 · server", "smite — 2d8 · server"]
    listed = await table.alice.slash(table.channel, "macro list")
    assert listed.response.content.splitlines() == [
        "Your saved rolls here (1):",
        "• `fireball` — `10d6`",
        "This server's saved rolls (2), for every member:",
        "• `fireball` — `8d6`",
        "• `smite` — `2d8`",
    ]
    missing = await table.bob.slash(table.channel, "roll", name="smote")
    assert "Did you mean `smite`? The server's: `fireball`, `smite`." in missing.response.content

    # another server does not see them
    other = simcord_env.create_guild("Elsewhere")
    there = other.create_text_channel("tavern")
    bob_there = other.add_member(table.bob.user)
    assert await bob_there.autocomplete(there, "roll", "name", "") == []

    # deleting: /macro delete names your own; server:true the server's
    not_hers = await table.bob.slash(table.channel, "macro delete", name="smite")
    assert "one of the server's saved rolls" in not_hers.response.content
    offered = await dora.autocomplete(table.channel, "macro delete", "name", "", server=True)
    assert [c["value"] for c in offered] == ["fireball", "smite"]
    gone = await dora.slash(table.channel, "macro delete", name="smite", server=True)
    assert gone.response.content == "Deleted `smite` from the server's saved rolls."
    assert len(refusals(simcord_env)) == 2


async def test_who_may_save_the_servers_rolls(simcord_env, table: Table) -> None:
    refused = await table.alice.slash(
        table.channel, "macro save", name="volley", dice="6d6t5", server=True
    )
    assert "Only members who may manage this server can save its saved rolls" in (
        refused.response.content
    )
    dora = steward(simcord_env, table)
    opened = await dora.slash(table.channel, "server settings", member_rolls=True)
    assert "saved rolls are saved by every member" in opened.response.content
    saved = await table.alice.slash(
        table.channel, "macro save", name="volley", dice="6d6t5", server=True
    )
    assert "Saved `volley` for everyone" in saved.response.content
    # members change only what they saved; managers change anything
    bobs = await table.bob.slash(
        table.channel, "macro save", name="volley", dice="1d6", server=True
    )
    assert "was saved for the server by <@" in bobs.response.content
    assert "only they or a member who may manage the server can save it" in bobs.response.content
    mine = await table.alice.slash(
        table.channel, "macro save", name="volley", dice="8d6t5", server=True
    )
    assert "Replaced `volley` for everyone" in mine.response.content
    kept = await dora.slash(table.channel, "macro delete", name="volley", server=True)
    assert "Deleted `volley`" in kept.response.content
    assert len(refusals(simcord_env)) == 2


async def test_rolls_a_player_asks_to_keep_private(simcord_env, table: Table) -> None:
    hidden = await table.alice.slash(table.channel, "roll", dice="p 1d20+5")
    assert hidden.response.ephemeral
    shown = await table.alice.slash(table.channel, "roll", dice="(Attack) 1d20+5")
    assert not shown.response.ephemeral
    assert shown.response.content.startswith("**Attack:** `1d20+5` → [")
    await table.alice.slash(table.channel, "macro save", name="sneak", dice="p 3d6")
    assert (await table.alice.slash(table.channel, "roll", name="sneak")).response.ephemeral


async def test_server_rolls_survive_a_restart_and_databases_of_before_open(
    tmp_path: Path, service: GameService
) -> None:
    steward_player = Player(7, "dora", manager=True)
    saved, _ = await service.roll_macros.save_for_server(5, steward_player, "Volley", "6d6t5")
    again = GameService(service.db)
    assert await again.roll_macros.find(5, 9, "volley") == saved
    # a database of the release before server rolls gains their table when opened
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as connection:
        for number, sql in available():
            if number <= 9:
                connection.executescript(sql)
        connection.execute("PRAGMA user_version = 9")
        connection.execute("INSERT INTO roll_macros VALUES (5, 7, 'heal', '2d4+2', 1.0)")
    opened = await Database.open(str(old))
    try:
        assert await opened.server_roll_macros(5) == []
        assert await opened.roll_macros(5, 7) == [("heal", "2d4+2")]
    finally:
        await opened.close()
