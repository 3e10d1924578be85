"""The scripted order-tile skirmish, played through Discord (simcord) to the end.

Secret choices (keeping or redrawing the first tiles, search windows, duel offers and bids,
spy points, dropping carried cards) are answered in the DM's menu or buttons where one
offers the exact choice, everything else with `/act`. Along the way: `/act` autocomplete
offers only what the rules accept, bad actions are refused privately and change nothing,
markers, tiles, missions, CP and bids stay with their owners (the bids of a duel until
both are in and shown together), and the channel shows the board after each activation
round.
"""

from __future__ import annotations

import re
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
from rules.core.rejection import Rejection
from rules.core.roller import Roller

from ._scripted_games import (
    answer_in_dm,
    check_suggestions,
    current,
    refused_privately,
    script,
    suggested,
)
from ._support import (
    board_pictures,
    dm_history,
    public_messages,
    question_of,
    refusals,
    visible_text,
)
from .conftest import Table, build_bot

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "orders-skirmish.txt"
SECRET_VERBS = {"keep", "redraw", "let", "interrupt", "demand", "bid", "cycle", "flip"}
SECRET_VERBS |= {"shuffle", "take", "stop", "spy", "drop"}
"""What only a DM question asks: each is answered from the DM when it offers it."""


@pytest.fixture
def service(db: Database) -> GameService:
    """The seeds local mode uses with ``--seed 5``, so the script's dice come out the same."""
    return GameService(db, seed_source=seeds_from(5))


@pytest.fixture
def simcord_bot(tmp_path: Path, service: GameService) -> UmpireBot:
    return build_bot(tmp_path, service)


@dataclass
class Played:
    """What the play-through saw: each player's private replies, the DM questions answered."""

    private: dict[str, list[str]] = field(default_factory=lambda: {"alice": [], "bob": []})
    answered_in_dm: list[str] = field(default_factory=list)
    clicked: int = 0
    used: set[int] = field(default_factory=set)


def pngs(messages: list[discord.Message]) -> int:
    """Board pictures posted (a close-up comes with its board and is not counted)."""
    return sum(len(board_pictures(m)) for m in messages)


async def accepted_now(service: GameService, table: Table, actor: MemberActor, text: str) -> None:
    """``text`` is an action the rules accept from ``actor`` right now (tried, not played)."""
    game = await current(service, table)
    seat = game.seat_of(actor.id)
    action = game.system.parse_notation(text, game.state, seat)
    assert not isinstance(action, Rejection), (text, action)
    decided = game.system.decide(game.state, seat, action, Roller(b"trial", 0))
    assert not isinstance(decided, Rejection), (text, decided)


async def deployment_checks(
    simcord_env: Any, service: GameService, table: Table, bob: MemberActor
) -> None:
    """Bravo defends and places the first marker: indoor squares only, typed or suggested."""
    offered = await check_suggestions(service, table, bob, table.alice)
    assert offered and all(re.fullmatch(r"deploy (B[1-5]|decoy) at [A-Z]\d+", o) for o in offered)
    squares = await suggested(bob, table, "deploy B1 at ")
    assert len(squares) == 25 and all(s.startswith("deploy B1 at ") for s in squares)
    for notation in squares:
        await accepted_now(service, table, bob, notation)
    assert "deploy B1 at J1" not in squares
    outdoor = await refused_privately(simcord_env, service, table, bob, "deploy B1 at J1")
    assert outdoor == "J1 is outdoor: this marker goes on an indoor square. ([20.3])"
    misspelt = await refused_privately(simcord_env, service, table, bob, "deploi B1 at N13")
    assert misspelt.startswith("Unknown action 'deploi'. Now you can: `deploy ")


async def round_checks(
    simcord_env: Any, service: GameService, table: Table, alice: MemberActor
) -> None:
    """A4 (Movement 3, `volley` tile) has just been activated on B6."""
    offered = await check_suggestions(service, table, alice, table.bob)
    assert "move to E6" in offered and "done" in offered
    moves = await suggested(alice, table, "move to ")
    assert moves and all(re.fullmatch(r"move to [A-Z]\d+", m) for m in moves)
    assert "move to E6" in moves and "move to B6" not in moves  # where A4 stands
    for notation in moves:
        await accepted_now(service, table, alice, notation)
    short = await refused_privately(simcord_env, service, table, alice, "move to F5 cp 1")
    assert short == "A4 needs 5 Movement points to reach F5: 2 CP at 3 per CP, not 1. ([04])"
    over = await refused_privately(simcord_env, service, table, alice, "move to E6 cp 9")
    assert over == (
        "A4 Felix Tarn has 4 CP left of its Maximum CP per turn (4); the order needs 9. ([02.2])"
    )
    misspelt = await refused_privately(simcord_env, service, table, alice, "mvoe to E6")
    assert misspelt.startswith("Unknown action 'mvoe'. Now you can: ")
    listed = misspelt.removeprefix("Unknown action 'mvoe'. Now you can: ").split("; ")
    assert (
        listed[1] == "`move to <square> [face <side>] [cp <n>] [with A2 to <square>]`"
        and listed[-1] == "`done`."
    )
    assert not any(verb.startswith(("`deploy", "`activate", "`pass")) for verb in listed)


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
        row = menus[-1].components[0]
        assert isinstance(row, discord.ActionRow)
        played.clicked += isinstance(row.children[0], discord.Button)
        replies = [result.response, *result.followups]
    else:
        assert notation.split()[0] not in SECRET_VERBS, (name, notation)
        result = await actor.slash(table.channel, "act", action=notation)
        replies = [result.response, *result.followups]
        replies = [m for m in replies if m is not None and m.ephemeral]
    played.private[name] += [m.content for m in replies if m is not None]
    return public_messages(table)[seen:]


def private_texts(played: Played, name: str, actor: MemberActor) -> list[str]:
    """All a player was told alone: ephemeral replies and DMs."""
    return [*played.private[name], *(visible_text(m) for m in dm_history(actor))]


async def test_scripted_skirmish_through_discord(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    options, lines = script(SCRIPT)
    played = Played()
    await table.alice.slash(table.channel, "game new", system="orders", options=options)
    await table.bob.slash(table.channel, "game join")
    started = await table.alice.slash(table.channel, "game start")
    played.private["alice"] += [m.content for m in started.followups if m.ephemeral]
    actors = {"alice": table.alice, "bob": table.bob}
    markers: dict[str, tuple[str, str]] = {}  # square: (player, what the marker is)
    done = passes = 0
    for index, (name, notation) in enumerate(lines):
        actor = actors[name]
        if index == 0:
            await deployment_checks(simcord_env, service, table, actor)
        if notation == "activate B1 volley":  # the first round: tiles from Bravo's hand
            offered = await check_suggestions(service, table, actor, table.alice)
            tiles = ("", " ambush", " assault", " overwatch", " relay", " volley")  # kept
            activations = [f"activate B{n}{t}" for n in range(1, 6) for t in tiles]
            game = await current(service, table)
            legal = game.system.legal_actions(game.state, game.seat_of(actor.id))
            assert [c.notation for c in legal] == [*activations, "buy", "pass"]
            assert offered == activations[:25]  # the first 25 of them
        if notation == "activate A5 tinker":  # Alpha's first round of turn 1
            early = await refused_privately(simcord_env, service, table, actor, "move to E6")
            assert early == "Activate a character first: `activate <character> [tile]`. ([02.1])"
        if notation == "move to E6":
            await round_checks(simcord_env, service, table, actor)
        posted = await play_line(table, played, name, actor, notation)
        text = "\n".join(visible_text(m) for m in posted)
        verb, *words = notation.split()
        if notation == "interrupt B2 bid 1":  # Bravo's bid is asked for, its amount kept
            assert text.startswith("Bravo asks for a duel: B2 would interrupt A1.\n"), text
            assert "CP" not in text and "(Bravo's secret bid: 1 CP.)" in played.private["bob"]
            assert not any(
                "Bravo's secret bid" in t for t in private_texts(played, "alice", table.alice)
            )
            [asked] = [m for m in dm_history(table.alice) if "A duel to interrupt" in m.content]
            assert question_of(asked).startswith(
                "A duel to interrupt A1 is asked. Your secret bid (0 to 10 CP): `bid <n>`; "
                "`bid <n> face <side>` turns A1 first."
            )
        if notation == "bid 1":  # both bids are revealed together, once both are in
            assert text.startswith(
                "Interruption duel: Bravo 1 CP, Alpha 1 CP — nobody wins. "
                "The bids go back to the bank.\n"
            ), text
            assert "(Alpha's secret bid: 1 CP.)" in played.private["alice"]
        if verb == "deploy":
            markers[words[-1]] = (name, "a decoy" if words[0] == "decoy" else words[0])
            assert pngs(posted) == ("Markers revealed" in text)  # the board at the reveal
        elif verb == "done":  # an activation round ends: the next begins with the board
            done += 1
            assert "'s activation round." in text and pngs(posted) == 1, text
        elif verb == "pass":  # no board, unless the turn ends
            passes += 1
            assert pngs(posted) == ("Final phase of turn" in text), text
    assert (done, passes) == (56, 16)
    expected_in_dm = [n for _, n in lines if n.split()[0] in SECRET_VERBS]
    assert played.answered_in_dm == expected_in_dm
    assert {"interrupt B2 bid 1", "bid 1", "spy mp", "drop hydraulic-gauntlet"} <= set(
        played.answered_in_dm
    )
    assert len(expected_in_dm) == 23 and played.clicked == 19  # duel offers and bids: menus
    assert len(refusals(simcord_env)) == 6  # only the bad actions above

    # the end: the board, the winners, and dice that verify
    messages = public_messages(table)
    texts = [visible_text(m) for m in messages]
    [end] = [m for m in messages if "🏆 Game over" in m.content]
    assert "🏆 Game over — Bravo won (after turn 6, most MP (34))." in end.content
    assert len(board_pictures(end)) == 1
    assert (await end.attachments[0].read()).startswith(b"\x89PNG")
    # the picture's words for screen readers: the title, then each side's characters
    described = end.attachments[0].description
    assert described.startswith("Order Tiles — turn 6 of 6") and "Alpha: A" in described
    game = await current(service, table)
    assert game.state.finished
    verified = (await table.carol.slash(table.channel, "game verify")).response
    assert verified is not None and verified.content.startswith("✅ All ")
    assert "The saved state equals a fresh replay of the log." in verified.content

    # face-down markers: each owner alone learns what a marker is, until the reveal
    reveal = next(i for i, t in enumerate(texts) if "Markers revealed" in t)
    assert pngs([messages[reveal]]) == 1
    before = [*texts[:reveal], texts[reveal].split("Markers revealed")[0]]
    assert not any("decoy" in t for t in before)
    listed = ", ".join(f"{what.removeprefix('a ')} on {sq}" for sq, (_, what) in markers.items())
    assert f"Markers revealed: {listed}. Decoys leave the map." in texts[reveal]
    own = {name: private_texts(played, name, actor) for name, actor in actors.items()}
    for square, (name, what) in markers.items():
        told = f"(Your marker on {square} is {what}.)"
        assert told in own[name]
        assert not any(told in t for t in own["bob" if name == "alice" else "alice"])
        assert not any(told in t for t in texts)

    # tiles drawn, missions, CP and bids: only in the owner's DMs and ephemeral replies
    for phrase in ("You drew", "Your first 5 order tiles", "draws an order tile", "You receive"):
        assert not any(phrase in t for t in texts), phrase
        assert all(any(phrase in t for t in own[name]) for name in actors), phrase
    for phrase in ("a mission card", "Your missions", "secret bid", "you have", " bid "):
        assert not any(phrase in t for t in texts), phrase
    offers = {"alice": ["(you have 16)"], "bob": ["(you have 14)", "(you have 12)"]}
    for name, rival in (("alice", "bob"), ("bob", "alice")):
        for have in offers[name]:
            assert any(f"secret bid of at least 1 CP {have}" in t for t in own[name]), have
        side = "Alpha" if name == "alice" else "Bravo"
        assert any(f"({side}'s secret bid: 1 CP.)" in t for t in own[name])
        assert not any(f"{side}'s secret bid" in t for t in own[rival])
    # the spy points and the card to drop are asked about in their owner's DM alone
    spying = "You have 1 spy points to use now: `spy mp [n]`"
    dropping = "A2 Kit Sorrel carries weight 3, over its allowance of 2: "
    assert any(spying in t for t in own["bob"]) and any(dropping in t for t in own["alice"])
    assert not any(spying in t or dropping in t for t in texts)
    assert not any(spying in t for t in own["alice"]) and not any(dropping in t for t in own["bob"])
    assert any("Bravo +1 MP (spy points)." in t for t in texts)
    assert any("A2 drops `hydraulic-gauntlet` under the search deck." in t for t in texts)
    assert any("B2 dies (a shot); its dead marker stays on the square." in t for t in texts)
    seats = {name: game.seat_of(actor.id) for name, actor in actors.items()}
    for name, seat in seats.items():
        player = game.state.player(seat)
        held = [*player.missions, *player.fulfilled]
        assert len(held) == 3
        [told] = [t for t in own[name] if "(Your missions: " in t]
        assert all(f"`{mission}`" in told for mission in held)
        rival = "bob" if name == "alice" else "alice"
        for mission in held:
            assert not any(f"`{mission}`" in t for t in own[rival]), mission
            shown = [line for t in texts for line in t.splitlines() if f"`{mission}`" in line]
            if mission in player.fulfilled:
                side = "Alpha" if name == "alice" else "Bravo"
                assert shown[0] == f"{side} fulfils the mission `{mission}`!"
            else:
                assert shown == [], (mission, shown)
