"""A process starts an action from the game as it last left it (one round trip: the write),
on each backend; whatever another process, a timer or a setting changed meanwhile, the
action is decided on the game as it really stands, never on the remembered copy."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.service import GameService
from bot.service.errors import ActionRefused
from bot.service.recent_games import RecentGames, Remembered
from bot.service.settings import SettingsChange
from bot.store import Store, open_store
from bot.store.records import GameRow, OpenGame
from tests.conftest import ALICE, BACKENDS, BOB, CHANNEL, FakeClock, fixed_seeds


@pytest.fixture(params=BACKENDS)
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "postgres":
        yield str(request.getfixturevalue("postgres_url"))
    else:
        yield str(tmp_path / "umpire.db")


@pytest.fixture
async def stores(location: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database: two processes of a cluster."""
    first, second = await open_store(location), await open_store(location)
    yield first, second
    await first.close()
    await second.close()


def counted(store: Store) -> dict[str, int]:
    """How often the store is asked for a channel's game and to write a batch from now on."""
    calls = {"read": 0, "advance": 0, "exact": 0}
    read, advance = store.open_game_seated, store.advance

    async def reading(channel_id: int) -> OpenGame | None:
        calls["read"] += 1
        return await read(channel_id)

    async def advancing(*args: Any, **kw: Any) -> OpenGame:
        calls["advance"] += 1
        calls["exact"] += bool(kw.get("exact"))
        return await advance(*args, **kw)

    store.open_game_seated, store.advance = reading, advancing  # type: ignore[method-assign]
    return calls


async def under_way(service: GameService) -> None:
    """A demo race with both seats defending."""
    await service.create(CHANNEL, 1, ALICE, "demo", "goal=30")
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    await service.act(CHANNEL, ALICE, "pick defend")
    await service.act(CHANNEL, BOB, "pick defend")


async def active_player(service: GameService) -> Any:
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    return ALICE if game.state.active == "red" else BOB  # type: ignore[attr-defined]


async def test_an_action_on_a_game_this_process_left_is_one_write(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    store, _ = stores
    service = GameService(store, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    await under_way(service)
    calls = counted(store)
    for move in ("step", "step", "end", "step", "step", "end"):
        await service.act(CHANNEL, await active_player(service), move)
    assert calls == {"read": 0, "advance": 6, "exact": 6}
    game = await service.game_in(CHANNEL)
    assert game is not None and (await service.verify(CHANNEL)).consistent


async def test_a_move_made_by_another_process_is_seen_before_deciding(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    """The first process remembers the first mover to move; the second process plays
    that turn to its end. The other player's action then reaches the first process:
    refused on the stale copy (not their turn there), it is decided again on a fresh
    read and accepted."""
    one = GameService(stores[0], clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    two = GameService(stores[1], clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    await under_way(one)
    first = await active_player(one)
    second = BOB if first is ALICE else ALICE
    await one.act(CHANNEL, first, "step")  # the first process remembers the game now
    await two.act(CHANNEL, first, "end")
    calls = counted(stores[0])
    outcome = await one.act(CHANNEL, second, "step")
    assert calls == {"read": 1, "advance": 1, "exact": 0}  # one fresh read, one write
    game = await one.game_in(CHANNEL)
    assert game is not None and outcome.version == game.version
    assert [r.seq for r in await stores[0].log(game.id)] == list(range(1, game.version + 1))
    assert (await one.verify(CHANNEL)).consistent


async def test_a_stale_copy_that_would_accept_is_written_nowhere(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    """The stale copy would accept the action (the first mover still to move there) but
    that turn already ended in the other process: the write onto the stale row is
    refused, and the action, decided again on the fresh read, is refused for what the
    game really is: the other player's turn."""
    one = GameService(stores[0], clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    two = GameService(stores[1], clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    await under_way(one)
    first = await active_player(one)
    await one.act(CHANNEL, first, "step")
    await two.act(CHANNEL, first, "end")
    before = await stores[0].open_game(CHANNEL)
    calls = counted(stores[0])
    with pytest.raises(ActionRefused, match="turn"):
        await one.act(CHANNEL, first, "step")
    assert calls == {"read": 1, "advance": 1, "exact": 1}  # tried once on the copy, refused
    assert await stores[0].open_game(CHANNEL) == before  # nothing written


async def test_a_setting_changed_elsewhere_applies_to_the_next_action(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    """``posts: quiet`` set through the other process (no new version of the game): the
    next action here is told quietly, as the setting now says, not as remembered."""
    one = GameService(stores[0], clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    two = GameService(stores[1], clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    await under_way(one)
    first = await active_player(one)
    loud = await one.act(CHANNEL, first, "step")
    assert loud.public
    await two.settings(CHANNEL, ALICE, None, SettingsChange(posts="quiet"))
    quiet = await one.act(CHANNEL, first, "step")
    assert not quiet.public and quiet.withheld


async def edit_by_hand(location: str, sql: str) -> None:
    """``sql`` run on the database over a connection of its own, as an operator would."""
    if location.startswith("postgresql"):
        async with await psycopg.AsyncConnection.connect(location, autocommit=True) as conn:
            await conn.execute(sql)
    else:
        with closing(sqlite3.connect(location)) as conn, conn:
            conn.execute(sql)


async def test_a_row_edited_by_hand_is_read_again_before_deciding(
    stores: tuple[Store, Store], location: str, clock: FakeClock
) -> None:
    """A change to the game's row made outside Umpire (here its reminder mark) is seen as
    any other: the action remembered on the old row is written nowhere, decided again
    on a fresh read, and written there."""
    store, _ = stores
    service = GameService(store, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    await under_way(service)
    first = await active_player(service)
    await service.act(CHANNEL, first, "step")
    await edit_by_hand(location, "UPDATE games SET reminded_at = 12345")
    calls = counted(store)
    await service.act(CHANNEL, first, "step")
    assert calls == {"read": 1, "advance": 2, "exact": 1}  # refused on the copy, then read
    row = await store.open_game(CHANNEL)
    assert row is not None and row.reminded_at == 12345
    assert (await service.verify(CHANNEL)).consistent


def test_what_a_process_remembers_is_bounded() -> None:
    """By a number of games and by the bytes of their snapshots, oldest first; a game
    no longer open is not remembered."""
    recent = RecentGames(games=3, snapshot_bytes=1000)

    def game(channel: int, size: int, status: str = "active") -> Remembered:
        row = GameRow(
            channel, channel, 1, "demo", "1", status, "{}", 1, b"", "", 1, b"x" * size,
            3600, "[]", None, None, None, 0.0, 0.0, None,
        )  # fmt: skip
        return Remembered(OpenGame(row, [], 0))

    for channel in range(1, 5):
        recent.keep(game(channel, 100))
    assert recent.get(1) is None and len(recent) == 3  # the oldest went
    assert recent.get(2) is not None  # used now: kept over 3 and 4
    recent.keep(game(5, 800))  # 1,100 bytes: the oldest (3) goes
    assert recent.get(3) is None
    assert all(recent.get(c) is not None for c in (2, 4, 5))
    recent.keep(game(5, 10, status="finished"))
    assert recent.get(5) is None and len(recent) == 2
