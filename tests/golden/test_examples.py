"""The example games print, draw and verify exactly what they did when they were recorded,
and a game saved half-way by an earlier release plays on to the same end."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from tests.golden.examples import (
    EXAMPLES,
    Example,
    play,
    recorded_boards,
    recorded_database,
    recorded_transcript,
    tail_script,
    transcript_after,
)

LOG_NUMBER = re.compile(r"`\d+`|-v\d+\.png")
PICTURE = re.compile(r"board-\S*?-v\d+\.png")


def _unnumbered(transcript: str) -> str:
    """The transcript without log numbers: a game saved by an earlier release counts its
    log from its own past (whose bookkeeping events may differ), so its numbers and picture
    versions may differ while everything said and drawn is the same."""
    return LOG_NUMBER.sub(lambda m: "`#`" if m.group().startswith("`") else "-v#.png", transcript)


def _pictures(boards: dict[str, str], transcript: str) -> list[str | None]:
    """The pictures' contents in the order the transcript shows them."""
    return [boards.get(name) for name in PICTURE.findall(transcript)]


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
    assert "Verified: all" in played.transcript
    assert played.boards == recorded_boards(example)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_game_saved_by_an_earlier_release_plays_on(example: Example, tmp_path: Path) -> None:
    database = recorded_database(example, tmp_path)
    played = play(example, tail_script(example, tmp_path), tmp_path, database)
    assert played.code == 0, played.errors
    expected = _unnumbered(transcript_after(recorded_transcript(example), example))
    assert _unnumbered(played.transcript) == expected, _diff(
        expected, _unnumbered(played.transcript)
    )
    shown = _pictures(played.boards, played.transcript)
    assert shown == _pictures(
        recorded_boards(example), transcript_after(recorded_transcript(example), example)
    )
    assert played.boards and None not in shown
