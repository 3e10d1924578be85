"""Snapshots are stored compressed, older plain-JSON snapshots still load, and a game
saved under older rules is rebuilt from its log."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService
from bot.service.snapshots import decode_state, encode_state
from bot.store import Database
from rules.core import engine
from rules.core.system import GameSystem
from tests.conftest import ALICE, BOB, CHANNEL, started_demo
from tests.setups import every_system


@pytest.mark.parametrize("system", every_system(), ids=lambda s: s.id)
def test_a_snapshot_round_trips_and_a_large_one_shrinks(system: GameSystem[Any]) -> None:
    seats = tuple(spec.id for spec in system.seat_specs[: system.min_seats])
    state = system.initial_state(system.options_model(), seats)
    state = engine.fold(system, state, engine.begin(system, state, b"seed"))
    stored = encode_state(state)
    assert decode_state(system.state_model, stored) == state
    plain = len(state.model_dump_json())
    if plain > 4000:  # a map, a battlefield: compression pays
        assert len(stored) * 2 < plain


@pytest.mark.parametrize("system", every_system(), ids=lambda s: s.id)
def test_plain_json_snapshots_still_load(system: GameSystem[Any]) -> None:
    seats = tuple(spec.id for spec in system.seat_specs[: system.min_seats])
    state = system.initial_state(system.options_model(), seats)
    assert decode_state(system.state_model, state.model_dump_json()) == state


async def test_a_game_saved_under_older_rules_is_rebuilt_from_its_log(
    service: GameService, db: Database
) -> None:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    await service.act(CHANNEL, BOB, "pick attack")
    before = await service.game_in(CHANNEL)
    assert before is not None and before.state is not None
    # an older release: another rules version, and a snapshot these rules cannot read
    await db._conn.execute(
        "UPDATE games SET rules_version = '0', state = ? WHERE id = ?", (b"z1:garbage", before.id)
    )
    await db._conn.commit()
    again = await service.game_in(CHANNEL)
    assert again is not None and again.state == before.state
    waiting = (await service.status(CHANNEL, None)).progress
    assert waiting is not None
    mover = ALICE if waiting.waiting_on[0].user_id == ALICE.user_id else BOB
    await service.act(CHANNEL, mover, "end")
    row = await db.game(before.id)
    assert row is not None and row.rules_version == again.system.rules_version
    assert decode_state(type(again.state), row.state or b"") is not None
