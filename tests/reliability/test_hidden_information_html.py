"""The hidden-information suite extended to the HTML replay (`/game export format:html`).

A game of every registered system is played part-way by its automatic player through the
service. Its public replay must equal, byte for byte, the replay of the same game with
other hidden things: every replayed state disguised (``GameSystem.disguise``) and every
record the reader may not see rewritten. A seat's replay holds its own private lines and
no other seat's, and no replay spells a secret its reader may not know.
"""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from bot.service import GameService, history, html_export
from bot.service.history import log_lines_of
from bot.service.html_export import html_export_of
from bot.service.loaded import LoadedGame, visibility_of
from bot.service.replay_page import line_html
from bot.service.step_views import BatchState, states_after_batches
from bot.store import Database
from bot.store.records import LogRow
from rules.core.system import GameSystem
from rules.core.visibility import PUBLIC, Viewer
from tests.reliability.leaks import CHANNEL, LeakWatch, WatchedGame, seed_secret
from tests.setups import Setup, every_system, players

SYSTEMS = every_system()
ACTIONS = 14
MARKS = {"strong": "**", "code": "`", "s": "~~"}
TAG = re.compile(r"</?(strong|code|s)>")
OTHER = json.dumps({"type": "something else entirely", "secret": "OTHER-HIDDEN-RECORD"})


def as_markdown(page: str) -> str:
    """The page with its lines' markup turned back into the Discord markdown the secrets
    are spelled in, and its characters unescaped, for the watch to read."""
    return html.unescape(TAG.sub(lambda m: MARKS[m.group(1)], page))


def check(watch: LeakWatch, seat: str | None, page: str) -> None:
    watch.check("html replay", seat, page)
    watch.check("html replay (its text)", seat, as_markdown(page))


async def part_played(
    table: Setup, seed: int, actions: int = ACTIONS
) -> tuple[LoadedGame, list[LogRow], LeakWatch]:
    """A game ``actions`` actions in (or fewer, when it ends sooner), its log, and the
    watch holding what is hidden at that moment."""
    rnd = random.Random(seed)
    dice_seed = rnd.randbytes(32)
    watch = LeakWatch()
    db = await Database.open(":memory:")
    try:
        service = GameService(db, seed_source=lambda: dice_seed)
        watched = WatchedGame(service, table, dice_seed, watch, rnd)
        watch.update([seed_secret(dice_seed)])
        creator, *others = players(table.seats)
        await service.create(CHANNEL, 1, creator, table.system, table.options)
        for player in others:
            await service.join(CHANNEL, player)
        await service.start(CHANNEL, creator)
        game = await watched.game()
        for _ in range(actions):
            assert game.state is not None
            if game.state.finished:
                break
            await watched.step(game)
            game = await watched.game()
            await watched.refresh(game)
        return game, await db.log(game.id), watch
    finally:
        await db.close()


def other_hidden_things(system: GameSystem[Any], viewer: Viewer) -> Any:
    """The replay's steps of the same game with other hidden things: each state
    disguised, each record ``viewer`` may not read rewritten."""

    def replay(*args: Any) -> Iterator[BatchState]:
        for after in states_after_batches(*args):
            rows = tuple(
                row if visibility_of(row.scope).allows(viewer) else replace(row, payload=OTHER)
                for row in after.rows
            )
            # None: nothing hidden to change at this point
            other = None if after.state is None else system.disguise(after.state)
            yield BatchState(after.batch, rows, after.state if other is None else other)

    return replay


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_replays_show_nothing_hidden(
    system: GameSystem[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Setup(system.id, None, system.min_seats)
    game, rows, watch = asyncio.run(part_played(table, 3))
    assert game.state is not None and not game.state.finished

    public = html_export_of(game, rows, Viewer.spectator()).file.data.decode("utf-8")
    check(watch, None, public)
    seat_pages = {
        seat: html_export_of(game, rows, Viewer.of_seat(seat)).file.data.decode("utf-8")
        for seat in game.seat_ids()
    }
    for seat, page in seat_pages.items():
        check(watch, seat, page)
    assert not watch.leaks, [(k.where, k.audience, k.secret) for k in watch.leaks[:5]]

    # the same game with other hidden things gives the same public page
    with monkeypatch.context() as patched:
        patched.setattr(
            html_export,
            "states_after_batches",
            other_hidden_things(system, Viewer.spectator()),
        )
        disguised = html_export_of(game, rows, Viewer.spectator()).file.data.decode("utf-8")
    assert disguised == public

    # each seat reads its own private lines, and no other seat's
    everybody = set(log_lines_of(game, rows, Viewer.spectator()))
    private = {
        seat: [
            line for line in log_lines_of(game, rows, Viewer.of_seat(seat)) if line not in everybody
        ]
        for seat in game.seat_ids()
    }
    for seat, page in seat_pages.items():
        for line in private[seat]:
            assert f"<p>{line_html(line)}</p>" in page, (seat, line)
        others = {line for s, lines in private.items() if s != seat for line in lines}
        for line in others - set(private[seat]):
            assert f"<p>{line_html(line)}</p>" not in page, (seat, line)
    if system.id == "demo":  # its stance picks are private lines before the reveal
        assert all(private.values()), private


def test_a_replay_that_ignores_visibility_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teeth: log lines read regardless of their audience are caught by the watch."""
    [demo] = [s for s in SYSTEMS if s.id == "demo"]
    game, rows, watch = asyncio.run(part_played(Setup("demo", None, demo.min_seats), 3, 1))
    assert watch.secrets, "one stance picked in secret"
    honest = html_export_of(game, rows, Viewer.spectator()).file.data.decode("utf-8")
    check(watch, None, honest)
    assert not watch.leaks
    for module in (history, html_export):
        monkeypatch.setattr(module, "visibility_of", lambda scope: PUBLIC)
    page = html_export_of(game, rows, Viewer.spectator()).file.data.decode("utf-8")
    check(watch, None, page)
    assert watch.leaks
