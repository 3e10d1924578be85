"""The scripted Wasteland Tactics patrol game, played through Discord (simcord) to the end.

Secret choices (army lists, reactions) are answered in the DM menus where one offers the
exact choice, everything else with `/act`. Along the way: `/act` autocomplete offers only
what the rules accept, bad actions are refused privately and change nothing, drafts stay
in their owner's DMs until the reveal, and the channel shows boards after activations.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord.actors import MemberActor

from bot.discord_app.app import UmpireBot
from bot.local.runner import seeds_from
from bot.service import GameService
from bot.store import Database

from ._scripted_games import (
    answer_in_dm,
    check_suggestions,
    current,
    refused_privately,
    script,
    suggested,
)
from ._support import board_pictures, dm_history, public_messages, refusals, visible_text
from .conftest import Table, build_bot

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "wasteland-patrol.txt"
DEPLOY = re.compile(r"^deploy A\d+ at (\d+,\d+|<x,y>)$")


@pytest.fixture
def service(db: Database) -> GameService:
    """The seeds local mode uses with ``--seed 11``, so the script's dice come out the same."""
    return GameService(db, seed_source=seeds_from(11))


@pytest.fixture
def simcord_bot(tmp_path: Path, service: GameService) -> UmpireBot:
    return build_bot(tmp_path, service)


async def bad_moves(
    simcord_env: Any, service: GameService, table: Table, actor: MemberActor
) -> None:
    """The active unit (A7, 6" Move, one Action left) is refused moves it cannot make."""
    off_table = await refused_privately(simcord_env, service, table, actor, "move by 40,0")
    assert off_table == "A7 cannot move there: A7.1 would leave the table. (004 Move)"
    too_long = await refused_privately(simcord_env, service, table, actor, "move by 0,14")
    assert too_long == 'A7.1 needs 14.0", Move is 6.0". (004 Move)'
    misspelt = await refused_privately(simcord_env, service, table, actor, "mvoe toward B3")
    assert misspelt.startswith("Unknown action 'mvoe'. Now you can: `move to <x,y>")


async def test_scripted_patrol_through_discord(
    simcord_env, table: Table, service: GameService
) -> None:
    options, lines = script(SCRIPT)
    await table.alice.slash(table.channel, "game new", system="wasteland", options=options)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    actors = {"alice": table.alice, "bob": table.bob}
    other = {"alice": table.bob, "bob": table.alice}
    private: dict[str, list[str]] = {"alice": [], "bob": []}
    answered_in_dm = clicked = 0
    used: set[int] = set()
    checked: set[str] = set()
    for name, notation in lines:
        actor = actors[name]
        verb = notation.split()[0]
        if verb in ("deploy", "shoot", "react") and verb not in checked:
            checked.add(verb)
            offered = await check_suggestions(service, table, actor, other[name])
            assert notation in offered or verb == "deploy"
            if verb == "deploy":
                assert offered and all(DEPLOY.match(v) or v.startswith("hold ") for v in offered)
                assert any(re.fullmatch(r"deploy A1 at \d+,\d+", v) for v in offered)
            elif verb == "shoot":
                assert any(v.startswith("move ") for v in offered)
                assert await suggested(actor, table, "shoot") == [notation]
                await bad_moves(simcord_env, service, table, actor)
            else:
                assert {"react B3 ground", "react B3 none"} <= set(offered)
        menus = [m for m in dm_history(actor) if m.components and m.id not in used]
        result = await answer_in_dm(actor, menus[-1], notation) if menus else None
        if result is not None:
            used.add(menus[-1].id)
            answered_in_dm += 1
            clicked += isinstance(menus[-1].components[0].children[0], discord.Button)
            replies = [result.response, *result.followups]
            private[name] += [m.content for m in replies if m is not None]
        else:
            await actor.slash(table.channel, "act", action=notation)
    assert checked == {"deploy", "shoot", "react"}
    assert answered_in_dm >= 20 and clicked >= 15  # lists by menu, reactions by button
    assert len(refusals(simcord_env)) == 3  # only the bad actions above

    # the game ends in a victory whose dice verify
    texts = [visible_text(m) for m in public_messages(table)]
    joined = "\n".join(texts)
    assert "🏆 Game over — Alpha won" in joined and "no enemy is left standing" in joined
    verified = await table.carol.slash(table.channel, "game verify")
    assert verified.response.content.startswith("✅ All ")
    assert "The saved state equals a fresh replay of the log." in verified.response.content

    # boards: after each activation (the turn passes) the channel post carries a picture
    passing = [m for m in public_messages(table) if " to activate a unit." in m.content]
    assert len(passing) >= 20
    for message in passing:
        assert len(board_pictures(message)) == 1
    assert sum(len(m.attachments) == 2 for m in passing) >= 10, "close-ups of the actions"
    assert (await board_pictures(passing[-1])[0].read()).startswith(b"\x89PNG")

    # drafts: nothing of either list is public before the reveal; each DM shows its own
    game = await current(service, table)
    state = game.state
    mine = {
        name: {e.profile for e in state.lists[game.seat_of(actor.id)].entries}
        for name, actor in actors.items()
    }
    assert mine["alice"] and mine["bob"] and not mine["alice"] & mine["bob"]
    secret = {*mine["alice"], *mine["bob"], "Your draft", "cistern-wardens", "scrapwind-riders"}
    secret |= {state.profiles[p].name for p in mine["alice"] | mine["bob"]}
    reveal = next(i for i, t in enumerate(texts) if " reveals " in t)
    before_reveal = [*texts[:reveal], texts[reveal].split(" reveals ")[0]]
    assert "has submitted an army list." in "\n".join(before_reveal)
    for word in secret:
        assert not any(word in t for t in before_reveal), word
    for name in actors:
        drafts = [t for t in private[name] if t.startswith("Your draft:")]
        assert drafts, name
        theirs = mine["bob" if name == "alice" else "alice"]
        for text in drafts:
            assert all(p in text for p in mine[name]), text
            assert not any(p in text for p in theirs), text
        for message in dm_history(actors[name]):
            assert not any(p in visible_text(message) for p in theirs)
            removals = [
                o.label
                for row in message.components
                for c in row.children
                if isinstance(c, discord.SelectMenu)
                for o in c.options
                if o.value.startswith("remove ")
            ]
            assert not any(p in label for p in theirs for label in removals)
