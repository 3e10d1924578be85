"""/game catchup: what happened since the caller's last action, built through the kit
for every system, and never anything the caller may not know."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.service import GameService, UserError
from bot.service.loaded import live_events
from rules.core.tallies import Tally
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, secretly_drafted, started_demo


async def read_all(service: GameService, user_id: int) -> list[str]:
    first = await service.catchup(CHANNEL, user_id)
    lines = list(first.lines)
    for number in range(2, first.pages + 1):
        page = await service.catchup(
            CHANNEL, user_id, number, game_id=first.game_id, upto=first.upto
        )
        lines += page.lines
    return lines


async def hidden_from(service: GameService, seat: str) -> list[Any]:
    """The secrets the game keeps from ``seat`` right now, as the system lists them."""
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    rows = await service.db.log(game.id)
    events = [event for _, event in live_events(game.system, rows)]
    return [s for s in game.system.secrets(game.state, events) if seat not in s.holders]


def given_away(text: str, secrets: list[Any]) -> list[str]:
    return [s.what for s in secrets if any(sp.search(text) for sp in s.spellings)]


async def test_demo_catchup_names_moves_changes_and_what_waits(service: GameService) -> None:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    bob_first = "\n".join(await read_all(service, BOB.user_id))
    assert bob_first.startswith("**Since the game began** (you have not acted yet):")
    assert "Red has picked a stance in secret." in bob_first
    assert "**feint**" not in bob_first  # Red's pick; his own menu offers `pick feint`
    assert "**Waiting on you:**\n• Pick your stance in secret." in bob_first
    assert given_away(bob_first, await hidden_from(service, "blue")) == []

    await service.act(CHANNEL, BOB, "pick attack")
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    [first] = game.system.status(game.state).waiting_on
    mover, other = (ALICE, BOB) if first == "red" else (BOB, ALICE)
    await service.act(CHANNEL, mover, "step")
    await service.act(CHANNEL, mover, "end")
    caught = "\n".join(await read_all(service, other.user_id))
    label = "Red" if first == "red" else "Blue"
    assert caught.startswith("**Since your last action**, `pick ")
    assert f"**Moves:**\n• {label}: `step`, `end`" in caught
    assert f"**Changes:**\n• Distance run: {label} 0 → " in caught
    assert "**Waiting on you:**\n• Your turn. (`step`, `dash`, `end`)" in caught
    assert "Stances revealed" in caught and "🎲" not in caught  # dice: in the log only
    mine = "\n".join(await read_all(service, mover.user_id))
    assert "No move you may see since." in mine and "**Waiting on you" not in mine


async def test_undone_moves_are_left_out_and_the_undo_is_noted(service: GameService) -> None:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    await service.act(CHANNEL, BOB, "pick attack")
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    [first] = game.system.status(game.state).waiting_on
    mover, other = (ALICE, BOB) if first == "red" else (BOB, ALICE)
    await service.act(CHANNEL, mover, "step")
    await service.undo(CHANNEL, mover)
    await service.act(CHANNEL, mover, "end")
    caught = "\n".join(await read_all(service, other.user_id))
    moves = caught.split("**Moves:**\n")[1].split("\n")[0]
    assert moves.endswith(": `end`"), caught
    assert "took back 1 action" in caught
    assert "Distance run" not in caught  # the step was taken back: nothing changed


async def test_spectators_and_games_not_started_are_refused(service: GameService) -> None:
    await service.create(CHANNEL, 1, ALICE, "demo")
    with pytest.raises(UserError, match="has not started yet"):
        await service.catchup(CHANNEL, ALICE.user_id)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    with pytest.raises(UserError, match="Only a seated player can catch up"):
        await service.catchup(CHANNEL, CAROL.user_id)
    with pytest.raises(UserError, match="ask for a page from 1 to 1"):
        await service.catchup(CHANNEL, ALICE.user_id, 2)


async def test_wasteland_catchup_keeps_every_secret_and_counts_losses(
    service: GameService,
) -> None:
    await secretly_drafted(service, 2)
    alice = "\n".join(await read_all(service, ALICE.user_id))
    assert "No move you may see since." in alice
    assert given_away(alice, await hidden_from(service, "alpha")) == []
    bob = "\n".join(await read_all(service, BOB.user_id))
    assert given_away(bob, await hidden_from(service, "bravo")) == []

    await service.act(CHANNEL, BOB, "submit")
    players = {"alpha": ALICE, "bravo": BOB}
    rnd = random.Random(4)
    losses = False
    for _action in range(400):
        game = await service.game_in(CHANNEL)
        assert game is not None and game.state is not None
        if game.state.finished:
            break
        waiting = game.system.status(game.state).waiting_on
        seat = rnd.choice(waiting)
        choices = game.system.legal_actions(game.state, seat)
        notation = game.system.automatic_action(game.state, seat, choices, rnd, 0.2)
        assert notation is not None
        await service.act(CHANNEL, players[seat], notation)
        for reader, player in players.items():
            lines = await read_all(service, player.user_id)
            text = "\n".join(lines)
            assert given_away(text, await hidden_from(service, reader)) == [], text
            losses = losses or "• Models lost: " in text
        if losses:
            break
    assert losses, "no model was lost in 400 actions"


def test_tallies_are_json_ready() -> None:
    tally = Tally(label="Models lost", counts=(("alpha", 1), ("bravo", 0)))
    assert tally.of("alpha") == 1 and tally.of("charlie") is None
    assert json.loads(tally.model_dump_json())["label"] == "Models lost"
