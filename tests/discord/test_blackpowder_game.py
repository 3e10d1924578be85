"""The scripted black-powder game, played through Discord (simcord) to the end.

Every line is played with `/act`, or from the DM menu where one offers the exact choice
(the game's questions out of turn come by DM). Along the way: `/act` autocomplete offers
only what the rules accept, bad actions are refused privately and change nothing, each
player's hand comes by DM and stays there, the unit under each hidden-movement marker (or
that it hides none) is told to its owner alone until it is revealed, and the channel
shows the board as play goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord.actors import MemberActor

from bot.discord_app.app import UmpireBot
from bot.local.runner import seeds_from
from bot.service import GameService
from bot.store import Database
from rules.blackpowder.activation import may_act

from ._scripted_games import (
    answer_in_dm,
    check_suggestions,
    current,
    refused_privately,
    script,
    suggested,
)
from ._support import board_pictures, dm_body, dm_history, public_messages, refusals, visible_text
from .conftest import Table, build_bot

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "blackpowder-skirmish.txt"


@pytest.fixture
def service(db: Database) -> GameService:
    """The seeds local mode uses with ``--seed 7``, so the script's dice come out the same."""
    return GameService(db, seed_source=seeds_from(7))


@pytest.fixture
def simcord_bot(tmp_path: Path, service: GameService) -> UmpireBot:
    return build_bot(tmp_path, service)


@dataclass
class Played:
    private: dict[str, list[str]] = field(default_factory=lambda: {"alice": [], "bob": []})
    answered_in_dm: list[str] = field(default_factory=list)
    used: set[int] = field(default_factory=set)


def pngs(messages: list[discord.Message]) -> int:
    """Board pictures posted (a close-up comes with its board and is not counted)."""
    return sum(len(board_pictures(m)) for m in messages)


async def play_line(
    table: Table, played: Played, name: str, actor: MemberActor, notation: str
) -> list[discord.Message]:
    """Play one line of the script, from the DM when it offers it; the channel posts it made."""
    seen = len(public_messages(table))
    menus = [m for m in dm_history(actor) if m.components and m.id not in played.used]
    result = await answer_in_dm(actor, menus[-1], notation) if menus else None
    if result is not None:
        played.used.add(menus[-1].id)
        played.answered_in_dm.append(notation)
        replies = [result.response, *result.followups]
    else:
        result = await actor.slash(table.channel, "act", action=notation)
        replies = [m for m in (result.response, *result.followups) if m is not None]
        replies = [m for m in replies if m.ephemeral]
    played.private[name] += [m.content for m in replies if m is not None]
    return public_messages(table)[seen:]


def private_texts(played: Played, name: str, actor: MemberActor) -> list[str]:
    return [*played.private[name], *(dm_body(m) for m in dm_history(actor))]


async def first_go_checks(
    simcord_env: Any, service: GameService, table: Table, bob: MemberActor
) -> None:
    """Bravo's first go, before a card: cards and abilities only; no unit may act yet."""
    offered = await check_suggestions(service, table, bob, table.alice)
    assert offered and all(o.startswith(("play ", "hold ", "command ", "hand")) for o in offered)
    early = await refused_privately(simcord_env, service, table, bob, "move B3 to 22,10")
    assert early == (
        "No unit may act now: play a card that activates units, or give a Command (Befehl)."
        " (Umpire reading 9 (actions))"
    )
    misspelt = await refused_privately(simcord_env, service, table, bob, "plya x")
    assert misspelt.startswith("Unknown action 'plya'. Now you can: `play <card>")


async def activation_checks(
    simcord_env: Any, service: GameService, table: Table, actor: MemberActor
) -> None:
    """Alpha has played its advance card: the moves of the units it lets act (officers and
    elite units) are offered and accepted, no other unit's."""
    offered = await check_suggestions(service, table, actor, table.bob)
    assert "done" in offered
    assert any(o.startswith("move ") for o in offered)
    game = await current(service, table)
    acting = {u.piece for u in may_act(game.state)}
    moves = await suggested(actor, table, "move ")
    assert moves and {m.split()[1] for m in moves} <= acting
    other = await refused_privately(simcord_env, service, table, actor, "move A2 to 12,2")
    assert other == "A2 is not activated by The drums beat. (Umpire reading 5 (what a card does))"


async def test_scripted_black_powder_game_through_discord(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    options, lines = script(SCRIPT)
    played = Played()
    await table.alice.slash(table.channel, "game new", system="blackpowder", options=options)
    await table.bob.slash(table.channel, "game join")
    started = await table.alice.slash(table.channel, "game start")
    played.private["alice"] += [m.content for m in started.followups if m.ephemeral]
    actors = {"alice": table.alice, "bob": table.bob}
    boards = 0
    checked_activation = False
    for index, (name, notation) in enumerate(lines):
        actor = actors[name]
        if index == 0:
            await first_go_checks(simcord_env, service, table, actor)
        if name == "alice" and notation.startswith("move A") and not checked_activation:
            await activation_checks(simcord_env, service, table, actor)
            checked_activation = True
        posted = await play_line(table, played, name, actor, notation)
        boards += pngs(posted)
    assert checked_activation
    assert boards > 100  # the board after every action that changes it
    assert len(refusals(simcord_env)) == 3  # only the bad actions above
    # the questions out of turn come by DM, each answered from its menu
    assert played.answered_in_dm
    answers = ("fire ", "pass", "nearest", "fall back", "shaken")
    assert all(n.startswith(answers) for n in played.answered_in_dm)
    dealt = [dm_body(m) for m in dm_history(table.bob)]
    assert dealt[0].startswith("Your marker HB2 is B3.\n")
    assert "Your markers HB1, HB7 hide no unit: dummies, which only move." in dealt[0]
    # the first hand, and new cards drawn while it was not Bravo's go
    assert len([t for t in dealt if "Bravo drew: " in t]) == 2

    # the end: the board, the winner, and dice that verify
    messages = public_messages(table)
    texts = [visible_text(m) for m in messages]
    [end] = [m for m in messages if "🏆 Game over" in m.content]
    assert "🏆 Game over — Alpha won (The last of 5 turns is over: Alpha (Column) has held out" in (
        end.content
    )
    assert len(board_pictures(end)) == 1
    assert (await end.attachments[0].read()).startswith(b"\x89PNG")
    assert end.attachments[0].description.startswith("The forest road")
    game = await current(service, table)
    assert game.state.finished
    verified = (await table.carol.slash(table.channel, "game verify")).response
    assert verified is not None and verified.content.startswith("✅ All ")

    # the play went through cards, abilities, volleys, reactions, a rally and a melee
    shown = "\n".join(texts)
    for seen in ("plays ", "uses Command", "uses Enemy sighted!", "tests its reaction"):
        assert seen in shown, seen
    for seen in ("uses Hold back!", "uses Preparation", "to rally", "Melee of ", "The marker H"):
        assert seen in shown, seen
    for seen in ("a dummy, it hid no unit", "(after moving)", " forms ", "impossible shot"):
        assert seen in shown, seen

    # hands and the units under markers: only in their owner's DMs and private replies
    own = {n: private_texts(played, n, a) for n, a in actors.items()}
    for name, side in (("alice", "Alpha"), ("bob", "Bravo")):
        rival = "bob" if name == "alice" else "alice"
        assert any(f"{side} drew: " in t for t in own[name])
        assert not any(f"{side} drew: " in t for t in own[rival])
        assert not any(f"{side} drew: " in t for t in texts)
    told = [t for t in own["bob"] if t.startswith("Your marker HB")]
    assert told
    for line in told:
        assert not any(line in t for t in own["alice"]) and not any(line in t for t in texts)
    assert not any(line.startswith("Your marker") for line in texts)
