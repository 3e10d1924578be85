"""Snapshots are stored compressed, older plain-JSON snapshots still load, and a game
saved under older rules is rebuilt from its log."""

from __future__ import annotations

from bot.service import GameService
from bot.service.snapshots import decode_state, encode_state
from bot.store import Database
from rules.core import engine
from rules.tannhauser.state import TannhauserOptions, TannhauserState
from rules.tannhauser.system import TannhauserSystem
from tests.conftest import ALICE, BOB, CHANNEL, started_demo


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
