"""Snapshots are stored as JSON, compressed once large, older plain-JSON snapshots still
load, and a game saved under older rules is rebuilt from its log."""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest
from pydantic import ValidationError

from bot.service import GameService
from bot.service.snapshots import (
    COMPRESSED_FROM,
    MARK,
    decode_state,
    encode_state,
    snapshot_json,
)
from bot.store import Database
from rules.core import engine
from rules.core.registry import get_system
from rules.core.rejection import Rejection
from rules.core.state import GameState
from rules.core.system import GameSystem
from rules.tannhauser.state import TannhauserState
from rules.wasteland import greedy as wasteland_greedy
from rules.wasteland.state import WastelandState
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
    assert stored.startswith(MARK) == (plain >= COMPRESSED_FROM)


def test_a_small_state_is_stored_as_its_json_and_a_large_one_compressed() -> None:
    small = TannhauserState(seats=("alpha", "bravo"), turn=3)
    assert encode_state(small) == small.model_dump_json().encode()
    large = small.model_copy(update={"entry_order": tuple(f"unit-{n}" for n in range(200))})
    assert encode_state(large).startswith(MARK)
    for state in (small, large):
        assert decode_state(TannhauserState, encode_state(state)) == state


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


def positions(system_id: str, seed: int, every: int = 7) -> list[GameState]:
    """States along a game of ``system_id``: random legal choices, the lists phase of a
    Wasteland game left to its greedy player."""
    system = get_system(system_id)
    rnd = random.Random(seed)
    dice = seed.to_bytes(8, "big")
    seats = tuple(spec.id for spec in system.seat_specs)[: system.min_seats]
    state = system.initial_state(system.options_model(), seats)
    state = engine.fold(system, state, engine.begin(system, state, dice))
    found = []
    for step in range(400):
        if state.finished:
            break
        seat = rnd.choice(system.status(state).waiting_on)
        # a suggestion still needing a point (no free spot was searched) is no action
        legal = [c.notation for c in system.legal_actions(state, seat) if c.complete]
        notation = rnd.choice(legal)
        if isinstance(state, WastelandState) and state.phase == "lists":
            pairs = [(n, "") for n in legal]
            notation = wasteland_greedy.choose(state, seat, pairs) or notation
        action = system.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection), (notation, action)
        events = engine.decide(system, state, dice, seat, action)
        assert not isinstance(events, Rejection), (notation, events)
        state = engine.fold(system, state, events)
        if step % every == 0:
            found.append(state)
    return [*found, state]


@pytest.mark.parametrize("system_id", ["demo", "tannhauser", "wasteland"])
def test_snapshots_load_as_validation_would_build_them(system_id: str) -> None:
    model = get_system(system_id).state_model
    every = 1 if system_id == "demo" else 7  # a demo game is short
    states = [s for seed in (1, 2) for s in positions(system_id, seed, every)]
    assert len(states) > 10
    for state in states:
        stored = encode_state(state)
        loaded = decode_state(model, stored)
        validated = model.model_validate_json(snapshot_json(stored))
        assert loaded == validated == state
        assert loaded.model_dump_json() == validated.model_dump_json()


def test_a_damaged_snapshot_fails_as_validation_does() -> None:
    state = TannhauserState(seats=("alpha", "bravo"), turn=3)
    cut = MARK + zlib.compress(state.model_dump_json()[:-9].encode())
    with pytest.raises(ValidationError):
        decode_state(TannhauserState, cut)
    with pytest.raises(ValidationError):
        decode_state(TannhauserState, '{"seats": 5}')
    with pytest.raises(zlib.error):
        decode_state(TannhauserState, MARK + b"not zlib")


def test_a_snapshot_of_another_state_loads_only_as_validation_would() -> None:
    wasteland = WastelandState(seats=("alpha", "bravo"), phase="battle", round=2)
    stored = encode_state(wasteland)
    assert decode_state(WastelandState, stored) == wasteland
    with pytest.raises(ValidationError):  # the options of one system are not the other's
        decode_state(TannhauserState, stored)
    with pytest.raises(ValidationError):
        TannhauserState.model_validate_json(wasteland.model_dump_json())
