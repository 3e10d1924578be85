"""Snapshots are stored compressed, and older plain-JSON snapshots still load."""

from __future__ import annotations

from bot.service.snapshots import decode_state, encode_state
from rules.core import engine
from rules.tannhauser.state import TannhauserOptions, TannhauserState
from rules.tannhauser.system import TannhauserSystem


def test_a_tannhauser_snapshot_round_trips_and_shrinks() -> None:
    system = TannhauserSystem()
    state = system.initial_state(TannhauserOptions(map="harrowpeak"), ("alpha", "bravo"))
    state = engine.fold(system, state, engine.begin(system, state, b"seed"))
    stored = encode_state(state)
    assert decode_state(TannhauserState, stored) == state
    assert len(stored) * 3 < len(state.model_dump_json())


def test_plain_json_snapshots_still_load() -> None:
    state = TannhauserState(seats=("alpha", "bravo"), turn=3)
    assert decode_state(TannhauserState, state.model_dump_json()) == state
