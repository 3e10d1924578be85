"""The example games print, draw and verify exactly what they did when they were recorded,
and a game saved half-way by an earlier release plays on to the same end."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from tests.golden.examples import (
    EARLIER,
    EXAMPLES,
    Example,
    deliberate,
    differences,
    pictures,
    play,
    recorded_boards,
    recorded_database,
    recorded_transcript,
    tail_script,
    transcript_after,
    unnumbered,
)
from tests.golden.fair_dice_doc import run_verifier


def _diff(expected: str, actual: str) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), "recorded", "now", lineterm="", n=1
    )
    return "\n".join(list(lines)[:60])


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_example_plays_as_recorded(example: Example, tmp_path: Path) -> None:
    played = play(example, example.script, tmp_path, tmp_path / "game.db")
    assert played.code == 0, played.errors
    expected = recorded_transcript(example)
    assert played.transcript == expected, _diff(expected, played.transcript)
    verified = "Geprüft: Alle" if example.language == "de" else "Verified: all"
    assert verified in played.transcript
    # the standalone verifier of docs/fair-dice.md agrees, on the game's compressed export
    script = tmp_path / "export.txt"
    script.write_text("@alice /game export\n", encoding="utf-8")
    exported = play(example, script, tmp_path / "export", tmp_path / "game.db")
    assert exported.code == 0, exported.errors
    [export] = (tmp_path / "export" / "out").glob("umpire-game-*.json.gz")
    checked = run_verifier(tmp_path, export)
    assert checked.returncode == 0, checked.stderr
    fair = r"All \d+ rolls match the seed and use its dice in order\.\n"
    assert re.fullmatch(fair, checked.stdout), checked.stdout
    assert played.boards == recorded_boards(example)
    # what the release before the system kit printed and drew: the same words, dice and
    # pictures in the same order; only log numbers and picture versions (which count the
    # pending steps now kept in the log) and the listed deliberate differences may differ
    different = differences(example, played.transcript, played.boards)
    assert different == deliberate(example), different[:4000]
    if different:
        listed = (EARLIER / "DIFFERENCES.md").read_text(encoding="utf-8")
        assert f"## {example.name}" in listed, "explain the deliberate differences"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_game_saved_by_an_earlier_release_plays_on(example: Example, tmp_path: Path) -> None:
    database = recorded_database(example, tmp_path)
    played = play(example, tail_script(example, tmp_path), tmp_path, database)
    assert played.code == 0, played.errors
    # the saved game counts its log from its own past, so numbers aside
    expected = unnumbered(transcript_after(recorded_transcript(example), example))
    assert unnumbered(played.transcript) == expected, _diff(expected, unnumbered(played.transcript))
    shown = pictures(played.boards, played.transcript)
    assert shown == pictures(
        recorded_boards(example), transcript_after(recorded_transcript(example), example)
    )
    assert played.boards and None not in shown
