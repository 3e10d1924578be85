"""Fixtures for driving the Discord front end through simcord's in-memory Discord."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from simcord.actors import MemberActor
from simcord.builders import ChannelHandle, GuildHandle

from bot.config import Settings
from bot.discord_app.app import UmpireBot, create_bot
from bot.service import GameService

from ._pace import InstantPace


def build_bot(tmp_path: Path, service: GameService) -> UmpireBot:
    """The production bot, on the test service, with the demo system offered."""
    bot = create_bot(
        Settings(UMPIRE_DATABASE=str(tmp_path / "bot.db")),
        service=service,
        show_demo=True,
        reminders=False,
    )
    bot.shard_count = 1  # simcord needs a fixed shard count for an AutoShardedBot
    InstantPace().install(bot.pacer)  # channel pacing moves a clock instead of sleeping
    return bot


@pytest.fixture
def simcord_bot(tmp_path: Path, service: GameService) -> UmpireBot:
    return build_bot(tmp_path, service)


@dataclass
class Table:
    """A server with a game channel and three members."""

    guild: GuildHandle
    channel: ChannelHandle
    alice: MemberActor
    bob: MemberActor
    carol: MemberActor


@pytest.fixture
def table(simcord_env) -> Table:  # type: ignore[no-untyped-def]
    guild = simcord_env.create_guild("Wargames")
    channel = guild.create_text_channel("battle")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol")]
    return Table(guild, channel, *members)
