"""Stored notes read in today's words, whatever release wrote them."""

from __future__ import annotations

import json
from typing import Any

from bot.service import GameService
from bot.service.undo_notes import note_text, record_note
from bot.store.records import LogRow
from tests.conftest import ALICE, BOB, CHANNEL, started_demo


def test_an_undo_note_of_an_earlier_release_reads_with_a_proper_plural() -> None:
    old = {"batches": [4], "text": "↩️ Red (alice) took back 1 action(s)."}
    assert note_text("undo", old) == "↩️ Red (alice) took back 1 action."
    two = {"batches": [4, 5], "text": "↩️ Red (alice) took back 2 action(s) with approval."}
    assert note_text("undo", two) == "↩️ Red (alice) took back 2 actions with approval."
    assert note_text("meta", {"text": "⏸️ paused (1 action(s))"}) == "⏸️ paused (1 action(s))"


def row(seq: int, kind: str, payload: dict[str, object], **fields: Any) -> LogRow:
    base: dict[str, Any] = {"batch": seq, "seat": "red", "user_id": ALICE.user_id}
    base |= {"scope": "public", "created_at": 0.0, **fields}
    return LogRow(seq=seq, kind=kind, payload=json.dumps(payload), **base)


async def test_an_earlier_undo_record_reads_in_todays_words_from_its_actions(
    service: GameService,
) -> None:
    await started_demo(service)
    game = await service.game_in(CHANNEL)
    assert game is not None
    actions = {
        7: row(7, "action", {"notation": "step"}),
        9: row(9, "action", {"notation": "pick attack"}, seat="blue", scope="seats:blue"),
    }
    free = row(10, "undo", {"batches": [7], "text": "↩️ Red (alice) took back 1 action(s)."})
    assert record_note(game, free, actions) == "↩️ alice took back 1 action: Red's `step`."
    approved = row(
        11,
        "undo",
        {
            "batches": [7, 9],
            "text": "↩️ Red (alice) took back 2 actions with the other players' approval.",
        },
        user_id=BOB.user_id,
    )
    assert record_note(game, approved, actions) == (
        "↩️ alice took back 2 actions: Red's `step` and a secret choice by Blue "
        "(asked by alice, approved by bob)."
    )
    # without the action records it names, a record reads as it was written
    assert record_note(game, free, {}) == "↩️ Red (alice) took back 1 action."
    today = row(12, "undo", {"batches": [7], "text": "↩️ x", "asked_by": "alice"})
    assert record_note(game, today, actions) == "↩️ x"
