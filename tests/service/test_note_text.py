"""Stored notes read in today's words, whatever release wrote them."""

from __future__ import annotations

from bot.service.history import note_text


def test_an_undo_note_of_an_earlier_release_reads_with_a_proper_plural() -> None:
    old = {"batches": [4], "text": "↩️ Red (alice) took back 1 action(s)."}
    assert note_text("undo", old) == "↩️ Red (alice) took back 1 action."
    two = {"batches": [4, 5], "text": "↩️ Red (alice) took back 2 action(s) with approval."}
    assert note_text("undo", two) == "↩️ Red (alice) took back 2 actions with approval."
    assert note_text("meta", {"text": "⏸️ paused (1 action(s))"}) == "⏸️ paused (1 action(s))"
