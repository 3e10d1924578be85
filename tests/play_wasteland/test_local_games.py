"""Whole Wasteland games in local mode, from secret army lists to a verified victory, driven
by the example scripts (a patrol and a platoon)."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.service.snapshots import decode_state
from rules.wasteland.state import WastelandState

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("patrol", "platoon")
PLAYERS = ("alice", "bob")


@dataclass(frozen=True)
class Run:
    process: subprocess.Popen[bytes]
    folder: Path


@dataclass(frozen=True)
class Played:
    script: str
    transcript: str
    db: Path


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Run]]:
    """Both example games, started side by side with seed 11."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    started = {}
    for name in GAMES:
        folder = tmp_path_factory.mktemp(name)
        with (folder / "stdout.txt").open("wb") as out, (folder / "stderr.txt").open("wb") as err:
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "bot",
                    "local",
                    "--script",
                    str(ROOT / "examples" / f"wasteland-{name}.txt"),
                    "--seed",
                    "11",
                    "--out",
                    str(folder / "out"),
                    "--db",
                    str(folder / "game.db"),
                ],
                cwd=ROOT,
                stdout=out,
                stderr=err,
                env=env,
            )
        started[name] = Run(process, folder)
    yield started
    for run in started.values():
        if run.process.poll() is None:
            run.process.kill()
            run.process.wait()


@pytest.fixture(scope="module", params=GAMES)
def played(request: pytest.FixtureRequest, runs: dict[str, Run]) -> Played:
    name: str = request.param
    run = runs[name]
    code = run.process.wait(timeout=120)
    assert code == 0, (run.folder / "stderr.txt").read_text()
    return Played(
        script=(ROOT / "examples" / f"wasteland-{name}.txt").read_text(),
        transcript=(run.folder / "stdout.txt").read_text(),
        db=run.folder / "game.db",
    )


def lines_of(text: str, where: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(f"[{where}]")]


def reveal_at(transcript: str) -> int:
    found = re.search(r"^\[channel\] \w+ reveals \d+ points: ", transcript, re.M)
    assert found, "the lists are never revealed"
    return found.start()


def final_state(db: Path) -> WastelandState:
    with closing(sqlite3.connect(db)) as connection:
        (stored,) = connection.execute("SELECT state FROM games").fetchone()
    state = decode_state(WastelandState, stored)
    assert isinstance(state, WastelandState)
    return state


def draft_lines(transcript: str, player: str) -> list[str]:
    """The private lines that show ``player`` a draft, as the profile ids they list."""
    found = []
    for where in (f"dm:{player}", f"ephemeral:{player}"):
        for line in lines_of(transcript, where):
            if "Your draft: " in line:
                found.append(line.split("Your draft: ", 1)[1].rstrip("."))
    return found


def test_the_game_is_played_to_a_verified_victory(played: Played) -> None:
    text = played.transcript
    assert re.search(r"^\[channel\] 🏆 Game over — \w+ won \(.+\)", text, re.M)
    assert re.search(r"Verified: all \d+ rolls match the revealed seed; state matches", text)
    assert "Round 2." in text


def test_no_action_is_refused_and_nothing_goes_wrong(played: Played) -> None:
    text = played.transcript
    assert "went wrong" not in text and "Traceback" not in text
    for player in PLAYERS:
        for line in lines_of(text, f"ephemeral:{player}"):
            # private answers are only drafts and the log excerpt the script asks for
            body = line.split("] ", 1)[1]
            assert body.startswith(("Your draft: ", "`")), line
    with closing(sqlite3.connect(played.db)) as db:
        (accepted,) = db.execute("SELECT count(*) FROM events WHERE kind = 'action'").fetchone()
    assert accepted == played.script.count("/act action:")


def test_a_board_is_posted_after_every_activation(played: Played) -> None:
    text = played.transcript
    over = text.index("🏆 Game over")
    parts = re.split(r"^\[channel\] \S+ .+ activates \(", text[:over], flags=re.M)
    activations = parts[1:]
    images = re.findall(r"^\[image\] (.+)$", text, re.M)
    assert len(activations) > 10
    assert len(images) >= len(activations)
    for i, part in enumerate(activations[:-1]):
        assert "\n[image] " in part, f"no board after activation {i + 1}: {part[:300]}"
    assert "\n[image] " in text[over:]
    for path in images[:: max(1, len(images) // 6)]:
        data = Path(path).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) < 500_000


def test_army_lists_stay_private_until_revealed(played: Played) -> None:
    text = played.transcript
    at = reveal_at(text)
    state = final_state(played.db)
    own = {
        player: {e.profile for e in state.lists[seat].entries}
        for seat, player in zip(state.seats, PLAYERS, strict=True)
    }
    names = {state.profiles[pid].name for pids in own.values() for pid in pids}
    secret = set().union(*own.values()) | names
    for line in lines_of(text[:at], "channel"):
        assert not any(word in line for word in secret), line
    assert "has submitted an army list." in text[:at]
    for player in PLAYERS:
        shown = draft_lines(text, player)
        assert shown, f"{player} never saw the draft"
        for listed in shown:
            assert {entry.split("×")[0] for entry in listed.split(", ")} <= own[player], listed
    for line in lines_of(text, "channel"):
        assert "Your draft" not in line, line
