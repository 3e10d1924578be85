"""Saved rolls: /macro save, list and delete, /roll name: with its autocomplete, each
player's own in each server, kept in the database."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from bot.service import GameService
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
