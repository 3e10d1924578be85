"""The long rush: 2,000 commands across 200 channels at the same instant (``make
reliability``); plain ``pytest`` runs the 200-command version in tests/service."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService
from tests.service._concurrency import load_run


@pytest.mark.reliability
async def test_2000_commands_across_200_channels(service: GameService, tmp_path: Path) -> None:
    figures = await load_run(
        service, tmp_path / "replay.db", channels=200, per_channel=10, seed=7, timeout=600
    )
    print(f"\n{figures.line()}")
    assert figures.sent == 2000, figures.line()
    assert figures.applied + figures.refused == 2000 and not figures.failed, figures.line()
    assert figures.applied >= 400 and figures.refused >= 400, figures.line()
    assert figures.cpu_seconds < 300, figures.line()  # generous: a few seconds on a laptop
    figures.record(channels=200)
