"""Reading a long game's whole log (/game log, /game export, /game verify) takes seconds,
longer than the three seconds Discord gives a reply: each command defers first, so
Discord shows "thinking…", and only then reads the log."""

from __future__ import annotations

import pytest

from bot.service import GameService

from ._callbacks import Callbacks
from ._support import end_game, pick_both, refusals, start_demo
from .conftest import Table


@pytest.mark.parametrize(
    ("command", "ephemeral"),
    [("game log", True), ("game export", True), ("game verify", False)],
)
async def test_long_readings_defer_before_reading_the_log(
    simcord_env,
    table: Table,
    service: GameService,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    ephemeral: bool,
) -> None:
    await start_demo(table)
    await pick_both(table)
    await end_game(table)
    callbacks = Callbacks(monkeypatch)

    result = await table.carol.slash(table.channel, command)

    deferred = {"type": 5, **({"data": {"flags": 64}} if ephemeral else {})}
    assert callbacks.when_read == [[deferred]]  # the one answer Discord got, before reading
    assert callbacks.sent == [deferred]
    message = result.response
    assert message is not None and message.ephemeral == ephemeral
    assert message.content or message.attachments


@pytest.mark.parametrize("command", ["game log", "game export", "game verify"])
async def test_a_channel_without_games_is_refused_privately(
    simcord_env, table: Table, command: str
) -> None:
    result = await table.carol.slash(table.channel, command)
    replies = [result.response, *result.followups]
    assert [(m.content, m.ephemeral) for m in replies if m is not None] == [
        ("No game has been played in this channel yet.", True)
    ]
    [refused] = refusals(simcord_env)
    assert refused.message == "No game has been played in this channel yet."
