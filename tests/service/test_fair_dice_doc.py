"""The standalone verifier of ``docs/fair-dice.md`` checks an exported game without our
code: it passes a fair game (whole or in parts) and names the roll of a doctored one."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from bot.service import GameService
from bot.service.export_files import export_files
from rules.core.dice import DiceStream
from tests.conftest import CHANNEL
from tests.golden.fair_dice_doc import run_verifier
from tests.service.test_verification import raced_and_ended

FAIR = "All 4 rolls match the seed and use its dice in order.\n"


async def exported(service: GameService) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((await service.export(CHANNEL, None)).to_json())
    return data


def written(folder: Path, data: dict[str, Any]) -> Path:
    path = folder / "game.json.gz"
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    return path


def rolls(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        record
        for record in data["log"]
        if record["kind"] == "event" and record["payload"]["type"] == "dice"
    ]


async def test_a_fair_game_passes_whole_or_in_parts(service: GameService, tmp_path: Path) -> None:
    await raced_and_ended(service)
    export = await service.export(CHANNEL, None)
    [whole] = export_files(export)
    (tmp_path / whole.name).write_bytes(whole.data)
    checked = run_verifier(tmp_path, tmp_path / whole.name)
    assert (checked.returncode, checked.stdout) == (0, FAIR), checked.stderr
    parts = export_files(export, part_bytes=len(whole.data) // 3 + 1)
    assert len(parts) == 3
    for part in parts:
        (tmp_path / part.name).write_bytes(part.data)
    checked = run_verifier(tmp_path, *(tmp_path / part.name for part in parts))
    assert (checked.returncode, checked.stdout) == (0, FAIR), checked.stderr


async def test_a_roll_moved_to_a_better_counter_is_named(
    service: GameService, tmp_path: Path
) -> None:
    await raced_and_ended(service)
    data = await exported(service)
    roll = rolls(data)[1]
    stream = DiceStream(bytes.fromhex(data["seed"]), 1_000_004)
    roll["payload"] |= {"values": stream.draw_many(1, 10), "counter_start": 1_000_004}
    roll["payload"]["counter_end"] = stream.counter
    checked = run_verifier(tmp_path, written(tmp_path, data))
    assert checked.returncode != 0
    number = roll["number"]
    assert f"roll #{number} (initiative) starts at counter 1000004, not [1]" in checked.stderr


async def test_changed_dice_and_a_swapped_seed_are_caught(
    service: GameService, tmp_path: Path
) -> None:
    await raced_and_ended(service)
    data = await exported(service)
    roll = rolls(data)[0]
    roll["payload"]["values"] = [11 - roll["payload"]["values"][0]]
    checked = run_verifier(tmp_path, written(tmp_path, data))
    assert f"roll #{roll['number']} (initiative) does not match the seed" in checked.stderr
    data = await exported(service)
    data["seed"] = "00" * 32
    checked = run_verifier(tmp_path, written(tmp_path, data))
    assert "the seed is not the committed one" in checked.stderr
