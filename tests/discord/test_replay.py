"""`/game replay` on Discord: a private progress message while the frames are made, then
the animated GIF posted in the channel for everybody; refusals stay private and post
nothing; `from:` and `to:` suggest the rounds reached."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.service import GameService

from ._support import mover, pick_both, public_messages, refusals, start_demo
from .conftest import Table


async def raced(service: GameService, table: Table, moves: int) -> None:
    """A demo race ``moves`` actions in: a step where one is left, else the turn's end."""
    await start_demo(table)
    await pick_both(table)
    for _ in range(moves):
        actor, _ = await mover(service, table)
        game = await service.game_in(table.channel.id)
        assert game is not None and game.state is not None
        seat = game.state.active  # type: ignore[attr-defined]
        legal = [c.notation for c in game.system.legal_actions(game.state, seat)]
        await actor.slash(table.channel, "act", action="step" if "step" in legal else "end")


async def test_the_replay_is_posted_for_everybody_and_the_progress_goes(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    await raced(service, table, moves=4)
    before = len(public_messages(table))

    result = await table.carol.slash(table.channel, "game replay")

    assert result.ephemeral  # the progress, and any refusal, private
    assert result.response is None  # the progress message is gone once the file is posted
    [posted] = result.followups
    assert not posted.ephemeral
    assert posted.content.startswith("Replay of game #")
    assert "Only what everybody may see is shown." in posted.content
    [attachment] = posted.attachments
    assert attachment.filename.endswith(".gif") and attachment.description
    with Image.open(io.BytesIO(await attachment.read())) as gif:
        assert gif.format == "GIF" and gif.n_frames >= 6  # the start, both picks, four steps
    # it is in the channel, where a spectator sees it
    assert len(public_messages(table)) == before + 1
    assert refusals(simcord_env) == []


async def test_a_range_narrows_the_replay(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    await raced(service, table, moves=6)
    whole = await table.carol.slash(table.channel, "game replay")
    part = await table.carol.slash(table.channel, "game replay", **{"from": "2", "to": "2"})

    async def frames(result: Any) -> int:
        [posted] = result.followups
        [attachment] = posted.attachments
        with Image.open(io.BytesIO(await attachment.read())) as gif:
            return int(gif.n_frames)

    assert 0 < await frames(part) < await frames(whole)
    assert "round 2" in part.followups[0].content


def refusal_in(result: Any) -> str:
    """The one message a refused replay leaves: private, and no file with it."""
    [message] = [m for m in (result.response, *result.followups) if m is not None]
    assert message.ephemeral and not message.attachments
    return str(message.content)


async def test_refusals_are_private_and_post_nothing(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    never = await table.carol.slash(table.channel, "game replay")
    assert "No game has been played" in refusal_in(never)

    await table.alice.slash(table.channel, "game new", system="demo")
    lobby = await table.carol.slash(table.channel, "game replay")
    assert "has not started yet: there is no board to replay" in refusal_in(lobby)

    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    unreadable = await table.carol.slash(table.channel, "game replay", **{"from": "soon"})
    assert "takes a round (`3`) or a log number (`#120`" in refusal_in(unreadable)
    await pick_both(table)
    beyond = await table.carol.slash(table.channel, "game replay", to="#9999")
    assert "The log ends at #" in refusal_in(beyond)
    no_round = await table.carol.slash(table.channel, "game replay", **{"from": "3"})
    assert "has reached round 1: there is no round 3" in refusal_in(no_round)

    gifs = [m for m in public_messages(table) for a in m.attachments if a.filename.endswith(".gif")]
    assert gifs == []
    assert len(refusals(simcord_env)) == 5


async def test_the_bounds_suggest_the_rounds_reached(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    await raced(service, table, moves=6)
    game = await service.game_in(table.channel.id)
    assert game is not None and game.state is not None
    reached = game.system.round_number(game.state)
    assert reached is not None and reached >= 2

    offered = await table.carol.autocomplete(table.channel, "game replay", "from", "")
    assert [c["value"] for c in offered] == [str(n) for n in range(1, reached + 1)]
    assert offered[0]["name"] == "Round 1"
    typed = await table.carol.autocomplete(table.channel, "game replay", "to", "#12")
    assert [c["value"] for c in typed] == ["#12"]


async def test_a_channel_that_refuses_the_file_leaves_it_with_the_asker(
    simcord_env: Any, table: Table, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await raced(service, table, moves=2)
    made = service.replay

    async def refused_in_the_channel(*args: Any, **kwargs: Any) -> Any:
        replay = await made(*args, **kwargs)
        # the progress message went out; the post in the channel will be refused (as
        # inject_error would, which the bot's own work may not call)
        fault = {"method": "POST", "path": "/webhooks/*", "status": 403, "code": 50013}
        simcord_env.backend.faults.append({**fault, "message": "Missing Access", "times": 1})
        return replay

    monkeypatch.setattr(service, "replay", refused_in_the_channel)
    result = await table.bob.slash(table.channel, "game replay")

    [message] = [m for m in (result.response, *result.followups) if m is not None]
    assert message.ephemeral and "I could not post it in the channel" in message.content
    [attachment] = message.attachments
    assert attachment.filename.endswith(".gif")
    # carol, in the channel, sees no replay
    gifs = [m for m in public_messages(table) for a in m.attachments if a.filename.endswith(".gif")]
    assert gifs == []
    assert refusals(simcord_env) == []
