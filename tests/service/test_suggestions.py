"""Suggestions are worked out once per game version and seat, and afresh when the game
moves on."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService
from bot.service.suggestions import Suggestions
from tests.conftest import ALICE, BOB, CHANNEL, started_demo


async def test_suggestions_are_worked_out_once_per_version(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started_demo(service)
    game = await service.game_in(CHANNEL)
    assert game is not None
    calls: list[tuple[int, str]] = []
    listing = game.system.legal_actions

    def counted(state: Any, seat: str) -> Any:
        calls.append((game.version, seat))
        return listing(state, seat)

    monkeypatch.setattr(game.system, "legal_actions", counted)
    memo = Suggestions(limit=2)
    first = memo.of(game, "red")
    assert memo.of(game, "red") == first and len(calls) == 1
    assert [c.notation for c in first] == ["pick attack", "pick defend", "pick feint"]
    memo.of(game, "blue")
    await service.act(CHANNEL, ALICE, "pick feint")
    moved = await service.game_in(CHANNEL)
    assert moved is not None and moved.version > game.version
    assert memo.of(moved, "red") == ()  # red has picked: nothing more until the reveal
    assert len(calls) == 3
    memo.of(game, "red")  # the oldest entry gave way to the newest
    assert len(calls) == 4
    await service.act(CHANNEL, BOB, "pick attack")
