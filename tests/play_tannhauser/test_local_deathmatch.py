"""A whole Tannhäuser deathmatch in local mode, from setup to victory, driven by a script."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "tannhauser-deathmatch.txt"


@pytest.fixture(scope="module")
def transcript(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("deathmatch")
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "local",
            "--script",
            str(SCRIPT),
            "--seed",
            "7",
            "--out",
            str(folder / "out"),
            "--db",
            str(folder / "game.db"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def channel_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("[channel]")]


def test_the_game_is_played_to_a_verified_victory(transcript: str) -> None:
    assert "Teams revealed" in transcript and "Packs revealed" in transcript
    assert "— Turn 2 —" in transcript
    assert "🏆 Game over" in transcript and "no enemy character is left" in transcript
    assert re.search(r"Verified: all \d+ rolls match the revealed seed; state matches", transcript)
    assert "went wrong" not in transcript


def test_every_activation_posts_a_board(transcript: str) -> None:
    images = re.findall(r"^\[image\] (.+)$", transcript, re.M)
    ended = transcript.count("activation ends")
    assert len(images) >= ended > 5
    for path in images[:: max(1, len(images) // 8)]:
        data = Path(path).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) < 500_000


def test_secret_choices_stay_private_until_revealed(transcript: str) -> None:
    teams_at = transcript.index("Teams revealed")
    revealed = re.search(r"Teams revealed — (.+)", transcript)
    assert revealed
    chosen = {
        name.strip()
        for part in revealed.group(1).split(";")
        for name in part.split(":")[1].split(",")
    }
    for line in channel_lines(transcript[:teams_at]):
        assert not any(name in line for name in chosen), line
    packs_at = transcript.index("Packs revealed")
    for line in channel_lines(transcript[:packs_at]):
        assert "**combat**" not in line and "**stamina**" not in line and "**command**" not in line
    assert "[ephemeral:alice] You chose the **" in transcript or "[dm:alice]" in transcript


def test_crate_contents_never_reach_the_channel(transcript: str) -> None:
    for line in channel_lines(transcript):
        assert " holds **" not in line
