"""The scripted Tannhäuser deathmatch, played through Discord (simcord) to the end.

Secret choices are answered in the DM menus where one is offered, everything else with
`/act`; the channel shows boards after activations and never a secret.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import discord
import pytest

from bot.discord_app.app import UmpireBot
from bot.discord_app.components import choice_digest
from bot.local.runner import seeds_from
from bot.service import GameService
from bot.store import Database

from ._support import board_pictures, dm_history, public_messages, visible_text
from .conftest import Table, build_bot

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "tannhauser-deathmatch.txt"
ACT = re.compile(r'^@(\w+) /act action:"(.+)"$')


@pytest.fixture
def service(db: Database) -> GameService:
    """The seeds local mode uses with ``--seed 7``, so the script's dice come out the same."""
    return GameService(db, seed_source=seeds_from(7))


@pytest.fixture
def simcord_bot(tmp_path: Path, service: GameService) -> UmpireBot:
    return build_bot(tmp_path, service)


async def answer_in_dm(actor, message, notation: str) -> bool:  # type: ignore[no-untyped-def]
    """Answer with the DM's menu or buttons when they offer ``notation``."""
    control = message.components[0].children[0]
    if isinstance(control, discord.Button):
        wanted = choice_digest(notation)
        for button in message.components[0].children:
            if button.custom_id.endswith(f":{wanted}"):
                await actor.user.click(message, custom_id=button.custom_id)
                return True
        return False
    if notation in [o.value for o in control.options]:
        await actor.user.select(message, [notation])
        return True
    return False


def script_lines() -> list[tuple[str, str]]:
    found = []
    for line in SCRIPT.read_text(encoding="utf-8").splitlines():
        match = ACT.match(line)
        if match:
            found.append((match.group(1), match.group(2)))
    return found


async def test_scripted_deathmatch_through_discord(
    simcord_env, table: Table, service: GameService
) -> None:
    header = next(line for line in SCRIPT.read_text().splitlines() if "/game new" in line)
    options = shlex.split(header.split("options:", 1)[1])[0]
    await table.alice.slash(table.channel, "game new", system="tannhauser", options=options)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    actors = {"alice": table.alice, "bob": table.bob}
    answered_in_dm = clicked = 0
    used: set[int] = set()
    for name, notation in script_lines():
        actor = actors[name]
        menus = [m for m in dm_history(actor) if m.components and m.id not in used]
        latest = menus[-1] if menus else None
        if latest is not None and await answer_in_dm(actor, latest, notation):
            used.add(latest.id)
            answered_in_dm += 1
            clicked += isinstance(latest.components[0].children[0], discord.Button)
        else:
            await actor.slash(table.channel, "act", action=notation)
    assert simcord_env.errors == [] or all("expired" not in str(e) for e in simcord_env.errors)
    texts = [visible_text(m) for m in public_messages(table)]
    joined = "\n".join(texts)
    assert "🏆 Game over" in joined and "no enemy character is left" in joined
    assert answered_in_dm >= 10  # faction, team, packs and windows answered from DMs
    assert clicked >= 3  # overwatch chances and counterattacks are buttons
    boards = [m for m in public_messages(table) if m.attachments]
    assert len(boards) >= 10
    assert all(len(board_pictures(m)) == 1 for m in boards)
    assert sum(len(m.attachments) == 2 for m in boards) >= 5, "close-ups of the activations"
    assert " holds **" not in joined
    assert "You chose" not in joined and "Your team so far" not in joined
    # every DM names its game; once the game is over no DM question is left looking
    # live: each was answered or closed, and says so
    dms = [m for actor in actors.values() for m in dm_history(actor)]
    assert all(m.content.startswith("**Tannhäuser** in <#") for m in dms)
    assert all(not m.components for m in dms)
    settled = [m for m in dms if "✅ Answered: `" in m.content or "⌛ " in m.content]
    assert len(settled) >= answered_in_dm
