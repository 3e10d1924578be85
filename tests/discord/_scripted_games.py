"""What the example games played through Discord share: reading their scripts, answering
in DMs, and checking suggestions and private refusals."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import discord
from simcord.actors import MemberActor

from bot.discord_app.components import choice_digest
from bot.service import GameService
from rules.core.rejection import Rejection
from rules.core.roller import Roller

from ._support import public_messages, refusals
from .conftest import Table

ACT = re.compile(r'^@(\w+) /act action:"(.+)"$')


def script(path: Path) -> tuple[str, list[tuple[str, str]]]:
    """The game options and the (player, notation) lines of an example script."""
    text = path.read_text(encoding="utf-8").splitlines()
    header = next(line for line in text if "/game new" in line)
    options = shlex.split(header.split("options:", 1)[1])[0]
    lines = [(m.group(1), m.group(2)) for line in text if (m := ACT.match(line))]
    return options, lines


async def answer_in_dm(actor: MemberActor, message: discord.Message, notation: str) -> Any:
    """Answer with the DM's menu or buttons when they offer ``notation`` (else None)."""
    control = message.components[0].children[0]
    if isinstance(control, discord.Button):
        wanted = choice_digest(notation)
        for button in message.components[0].children:
            if button.custom_id.endswith(f":{wanted}"):
                return await actor.user.click(message, custom_id=button.custom_id)
        return None
    if notation in [o.value for o in control.options]:
        return await actor.user.select(message, [notation])
    return None


async def current(service: GameService, table: Table) -> Any:
    game = await service.game_in(table.channel.id)
    assert game is not None and game.state is not None
    return game


async def suggested(actor: MemberActor, table: Table, typed: str = "") -> list[str]:
    choices = await actor.autocomplete(table.channel, "act", "action", typed)
    assert len(choices) <= 25 and all(len(c["name"]) <= 100 for c in choices)
    return [c["value"] for c in choices]


async def check_suggestions(
    service: GameService, table: Table, actor: MemberActor, idle: MemberActor
) -> list[str]:
    """``actor``'s suggestions are the legal choices, each accepted by the rules right now;
    ``idle`` (not the one the game waits on) is offered at most private looks at what is
    its own (a hand), the spectator nothing."""
    game = await current(service, table)
    seat = game.seat_of(actor.id)
    legal = game.system.legal_actions(game.state, seat)
    offered = await suggested(actor, table)
    assert offered == [c.notation for c in legal][:25]
    complete = {c.notation for c in legal if c.complete}
    for notation in offered:
        if notation not in complete:  # `move A1 to `: the player types the point
            continue
        action = game.system.parse_notation(notation, game.state, seat)
        assert not isinstance(action, Rejection), (notation, action)
        decided = game.system.decide(game.state, seat, action, Roller(b"trial", 0))
        assert not isinstance(decided, Rejection), (notation, decided)
    idle_seat = game.seat_of(idle.id)
    own_looks = [c.notation for c in game.system.legal_actions(game.state, idle_seat) if c.private]
    assert await suggested(idle, table) == own_looks
    assert await suggested(table.carol, table) == []
    return offered


async def refused_privately(
    simcord_env: Any, service: GameService, table: Table, actor: MemberActor, notation: str
) -> str:
    """Play a bad ``/act``: an ephemeral refusal, and nothing changes."""
    before = await current(service, table)
    seen, errors = len(public_messages(table)), len(simcord_env.errors)
    result = await actor.slash(table.channel, "act", action=notation)
    assert result.response.ephemeral
    [error] = refusals(simcord_env)[errors:]
    assert result.response.content == error.message
    after = await current(service, table)
    assert after.version == before.version and after.state == before.state
    assert len(public_messages(table)) == seen
    return str(result.response.content)
