"""A smaller sample of hostile slash commands through the real discord.py stack.

The same option strategies as ``test_commands`` drive the production bot inside simcord's
in-memory Discord: option values are checked against the declared limits on the way in,
and what reaches "Discord" is read back from the simulated server: each message's length,
embeds, the allowed-mention policy it was sent with, and who it actually pinged. Each
example starts from a copy of the same database (an empty channel, a lobby, a Tannhäuser
game and a Wasteland game under way), so a refused command can be seen to change nothing.
"""

from __future__ import annotations

import asyncio
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st
from simcord.actors import MemberActor
from simcord.builders import ChannelHandle
from simcord.env import Env

from bot.config import Settings
from bot.discord_app.app import UmpireBot, create_bot
from bot.discord_app.errors import unwrap
from bot.service import GameService, Player, UserError
from bot.store import Database
from tests.conftest import FakeClock, fixed_seeds
from tests.setups import listed_systems

from .conftest import long, quick, tally
from .harness import WARM_UP, Sent, automatic, check_message, seated_users, snapshot
from .hostile import GENERIC
from .test_commands import AUTOCOMPLETES, COMMANDS, options_for

SYSTEMS = tuple(s.id for s in listed_systems())
ROOMS = ("empty", "lobby", *SYSTEMS)  # a room per listed system, its game under way
HOSTILE_NAME = "@everyone <@&5> \u202e**x**"
EPHEMERAL = 1 << 6  # the message flag


@dataclass
class Server:
    env: Env
    bot: UmpireBot
    rooms: dict[str, ChannelHandle]
    members: dict[str, MemberActor]
    template: Path
    work: Path
    db: Database | None = None


async def _open(tmp: Path) -> Server:
    live = tmp / "live.db"
    db = await Database.open(str(live))
    service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
    bot = create_bot(Settings(UMPIRE_DATABASE=str(live)), service=service, reminders=False)
    bot.shard_count = 1  # simcord needs a fixed shard count for an AutoShardedBot
    # an HTML export draws the board after every step in a worker thread: on a loaded
    # machine that outlasts simcord's default five seconds for the bot to settle
    env = Env(bot, settle_timeout=60.0)
    await env.start()
    guild = env.create_guild("Wargames")
    rooms = {name: guild.create_text_channel(name) for name in ROOMS}
    # carol administers the server: /admin is shown to administrators only
    admins = guild.create_role("admins", permissions=discord.Permissions(administrator=True))
    members = {
        name: guild.add_member(env.create_user(name, global_name=shown), roles=roles)
        for name, shown, roles in (
            ("alice", None, []),
            ("bob", None, []),
            ("carol", None, [admins]),
            ("mallory", HOSTILE_NAME, []),
        )
    }
    alice = Player(members["alice"].id, "alice")
    bob = Player(members["bob"].id, "bob")
    await service.create(rooms["lobby"].id, guild.id, alice, SYSTEMS[0])
    for system in SYSTEMS:
        channel = rooms[system].id
        await service.create(channel, guild.id, alice, system)
        await service.join(channel, bob)
        await service.start(channel, alice)
        await automatic(service, WARM_UP, channel)
    await db.close()
    template = tmp / "template.db"
    shutil.copyfile(live, template)
    return Server(env, bot, rooms, members, template, tmp)


async def _fresh_service(server: Server) -> Path:
    path = server.work / "case.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(server.template, path)
    server.db = await Database.open(str(path))
    server.bot._service = GameService(server.db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
    return path


PINS_ADD = 6  # Discord's own notice that a message was pinned, sent in the bot's name


def _bot_messages(server: Server) -> dict[int, Any]:
    bot_id = server.env.backend.bot_user.id
    return {
        message.id: message
        for channel in server.env.backend.messages.values()
        for message in channel.values()
        if message.author_id == bot_id and message.type != PINS_ADD
    }


def _as_sent(message: Any) -> Sent:
    policy = message.allowed_mentions
    mentions: dict[str, Any] = {"parse": []}
    if policy.everyone:
        mentions["parse"].append("everyone")
    if policy.users is None:
        mentions["parse"].append("users")
    else:
        mentions["users"] = sorted(policy.users)
    if policy.roles is None:
        mentions["parse"].append("roles")
    elif policy.roles:
        mentions["roles"] = sorted(policy.roles)
    return Sent(
        "simcord",
        message.content or "",
        [discord.Embed.from_dict(e) for e in message.embeds],
        bool(message.flags & EPHEMERAL),
        mentions,
        len(message.attachments),
    )


async def _one(
    server: Server, name: str, options: dict[str, Any], room: str, who: str, autocomplete: bool
) -> None:
    path = await _fresh_service(server)
    before_state = snapshot(path)
    before = set(_bot_messages(server))
    cursor = server.env.error_cursor
    actor, channel = server.members[who], server.rooms[room]
    why = f"/{name} {options!r} in {room} by {who}"
    try:
        if autocomplete:
            option, current = next(iter(options.items()))
            choices = await actor.autocomplete(channel, name, option, current)
            assert len(choices) <= 25, why
            assert all(1 <= len(c["name"]) <= 100 for c in choices), why
        else:
            result = await actor.slash(channel, name, **options)
            assert result.acknowledged, "no answer at all: " + why
    finally:
        assert server.db is not None
        await server.db.close()
    errors = [unwrap(e) for e in server.env.errors_since(cursor)]
    server.env.errors  # noqa: B018 - acknowledge what this case produced
    assert all(isinstance(e, UserError) for e in errors), (errors, why)
    seated = {server.members["alice"].id, server.members["bob"].id} | seated_users(path)
    new = [m for key, m in _bot_messages(server).items() if key not in before]
    for message in new:
        assert not message.mention_everyone and not message.ping_role_ids, why
        assert set(message.ping_user_ids) <= seated, "pinged a user not in the game: " + why
        check_message(_as_sent(message), seated, why)
        assert GENERIC not in (message.content or ""), why
    if errors:
        assert snapshot(path) == before_state, "a refused command changed the game: " + why
        assert new and all(m.flags & EPHEMERAL for m in new), "refusals are private: " + why


def fuzz(settings: Any, tmp: Path) -> None:
    runner = asyncio.Runner()
    server = runner.run(_open(tmp))
    commands = {name: server.bot.tree.get_command(name.split()[0]) for name in COMMANDS}
    leaves: dict[str, Any] = {}
    for name in COMMANDS:
        command: Any = commands[name]
        for part in name.split()[1:]:
            command = command.get_command(part)
        leaves[name] = command

    def shown(name: str, options: dict[str, Any]) -> dict[str, Any]:
        """The options under the names users type (``from_`` is shown as ``from``)."""
        params = leaves[name]._params
        return {params[k].display_name if k in params else k: v for k, v in options.items()}

    try:

        @settings
        @given(data=st.data())
        def case(data: st.DataObject) -> None:
            autocomplete = False
            if data.draw(st.integers(0, 4), label="kind") == 0:
                name, option = data.draw(st.sampled_from(AUTOCOMPLETES), label="autocomplete")
                current = data.draw(st.text(max_size=100), label="typed")
                options, autocomplete = {option: current}, True
            else:
                name = data.draw(st.sampled_from(COMMANDS), label="command")
                options = data.draw(options_for(leaves[name], name, []), label="options")
                for key, value in options.items():  # a user option names a server member
                    if isinstance(value, SimpleNamespace):
                        who_named = data.draw(st.sampled_from(sorted(server.members)), label=key)
                        options[key] = server.members[who_named]
            room = data.draw(st.sampled_from(ROOMS), label="room")
            # /admin is not shown to members without Administrator: only carol may use it
            allowed = ["carol"] if name.startswith("admin") else sorted(server.members)
            who = data.draw(st.sampled_from(allowed), label="who")
            start = time.process_time()
            options = shown(name, options)
            with server.env.time_context():
                runner.run(_one(server, name, options, room, who, autocomplete))
            label = f" [{next(iter(options))} autocomplete]" if autocomplete else ""
            tally(f"simcord /{name}{label}", 1, time.process_time() - start, repr(options))

        case()
    finally:
        runner.run(server.env.shutdown())
        runner.close()


def test_a_sample_through_discord_py(tmp_path: Path) -> None:
    fuzz(quick(16), tmp_path)


@pytest.mark.reliability
def test_a_larger_sample_through_discord_py(tmp_path: Path) -> None:
    fuzz(long(600), tmp_path)
