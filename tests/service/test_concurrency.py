"""Simultaneous commands in every registered system: each applies exactly once or is
refused, and the log stays one unbroken sequence that folds to the game."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.service import GameService, Outcome, Player, UserError
from bot.store import Store
from rules.core.system import GameSystem
from tests.conftest import ALICE, BOB, CAROL, CHANNEL
from tests.setups import every_system

from ._concurrency import (
    Command,
    Table,
    applied_of,
    automatic_move,
    check_channel,
    set_up,
    tables_for,
)


@pytest.fixture
def db(store: Store) -> Store:
    """Every test here runs on both backends, SQLite and PostgreSQL (see ``store``)."""
    return store


@pytest.mark.parametrize("system", every_system(), ids=lambda s: s.id)
async def test_simultaneous_actions_apply_exactly_once(
    service: GameService, system: GameSystem[Any]
) -> None:
    extra = tuple(Player(950 + n, f"p{n}") for n in range(max(0, system.min_seats - 2)))
    table = Table(CHANNEL, system.id, None, ALICE, BOB, CAROL, 3, extra)
    await set_up(service, table)
    rng = random.Random(7)
    commands = []
    for player in table.seated:  # every seat's move, and the first seat's twice
        notation = await automatic_move(service, CHANNEL, player, rng, 0.0)
        if notation is not None:
            commands += [Command(CHANNEL, player, notation)] * (2 if player == ALICE else 1)
    results = await asyncio.gather(
        *(service.act(c.channel, c.player, c.notation) for c in commands), return_exceptions=True
    )
    assert all(isinstance(r, Outcome | UserError) for r in results), results
    assert any(isinstance(r, Outcome) for r in results), results
    await check_channel(service, CHANNEL, applied_of(commands, results), table.version_before)


async def test_many_channels_at_once(service: GameService) -> None:
    """Fifty channels of every system set up, then each seat's automatic move sent twice
    at the same instant in every channel (a game the warm-up finished gets nothing)."""
    tables = tables_for(50, first_channel=9000)
    await asyncio.gather(*(set_up(service, t) for t in tables))
    rng = random.Random(3)
    commands = []
    for table in tables:
        for player in table.seated:
            notation = await automatic_move(service, table.channel, player, rng, 0.0)
            if notation is not None:
                commands += [Command(table.channel, player, notation)] * 2
    results = await asyncio.wait_for(
        asyncio.gather(
            *(service.act(c.channel, c.player, c.notation) for c in commands),
            return_exceptions=True,
        ),
        60,
    )
    assert all(isinstance(r, Outcome | UserError) for r in results), results
    applied = applied_of(commands, results)
    for table in tables:
        mine = [(c, o) for c, o in applied if c.channel == table.channel]
        sent = any(c.channel == table.channel for c in commands)
        assert mine or not sent, f"nothing applied in {table.system} at {table.channel}"
        await check_channel(service, table.channel, mine, table.version_before)
