"""The demo actions every per-command figure times, whichever store it runs on:
``action_p50_ms`` (SQLite, ``bench/__main__.py``) and ``action_to_write_ratio`` and
``pg_action_p50_ms`` (``bench/store_load.py``) do the very same work.

GAMES demo races are set under way (both seats defend), then ACTIONS actions are taken one
game after the next, each a ``step`` when the seat to move has one left and the end of
its turn otherwise, with the game read (untimed) before each to find out which.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence

from bot.service import GameService, Player

GAMES = 1000
ACTIONS = 600


def players_of(channel: int) -> tuple[Player, Player]:
    return Player(channel * 10 + 1, "a"), Player(channel * 10 + 2, "b")


async def demo_games(service: GameService, channels: Sequence[int]) -> None:
    """A demo race under way in each channel, both seats defending."""
    for channel in channels:
        alice, bob = players_of(channel)
        await service.create(channel, 1, alice, "demo", "goal=30")
        await service.join(channel, bob)
        await service.start(channel, alice)
        await service.act(channel, alice, "pick defend")
        await service.act(channel, bob, "pick defend")


async def next_move(service: GameService, channel: int) -> tuple[Player, str]:
    """Who moves in the channel's game, and the move: a step if they have one left."""
    game = await service.game_in(channel)
    assert game is not None and game.state is not None
    seat = game.state.active  # type: ignore[attr-defined]
    alice, bob = players_of(channel)
    legal = [c.notation for c in game.system.legal_actions(game.state, seat)]
    return (alice if seat == "red" else bob), "step" if "step" in legal else "end"


async def timed_actions(
    service: GameService,
    after_each: Callable[[], Awaitable[None]] | None = None,
    *,
    games: int = GAMES,
    actions: int = ACTIONS,
) -> list[float]:
    """Milliseconds of each of ``actions`` ``act`` calls, going round the ``games``
    channels; ``after_each`` (untimed here) runs right after each action."""
    samples = []
    channel = 1
    for _ in range(actions):
        player, move = await next_move(service, channel)
        start = time.perf_counter()
        await service.act(channel, player, move)
        samples.append((time.perf_counter() - start) * 1000)
        if after_each is not None:
            await after_each()
        channel = channel % games + 1
    return samples
