"""`/game replay` in local mode: the GIF written under ``--out`` and printed as an
``[image]`` line after the reply, refusals on the asker's private line, German too."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.local.lines import MalformedLine, parse_line
from bot.local.session import LocalSession
from bot.service import GameService
from rules.core.language import Language
from tests.local.test_local_mode import ROOT, run

RACE = ["@alice /game new system:demo", "@bob /game join", "@alice /game start"]
RACE += ["@alice /act pick feint", "@bob /act pick attack"]
RACE += ["@alice /act end", "@bob /act end"] * 3


async def said_after(session: LocalSession, said: list[str], line: str) -> list[str]:
    said.clear()
    parsed = parse_line(line)
    assert parsed is not None
    await session.run(parsed)
    return list(said)


def gif_frames(path: Path) -> int:
    with Image.open(io.BytesIO(path.read_bytes())) as gif:
        assert gif.format == "GIF"
        return int(gif.n_frames)


async def test_the_replay_is_written_and_printed(service: GameService, tmp_path: Path) -> None:
    said: list[str] = []
    out = tmp_path / "out"
    session = LocalSession(service, out, show_demo=True, emit=said.append)
    assert await said_after(session, said, "@carol /game replay") == [
        "[ephemeral:carol] No game has been played in this channel yet."
    ]
    for line in RACE:
        await said_after(session, said, line)

    reply, image = await said_after(session, said, "@carol /game replay")
    assert reply.startswith("[channel] Replay of game #1 (Demo race): ")
    assert image == f"[image] {out / 'umpire-replay-1.gif'}"
    whole = gif_frames(out / "umpire-replay-1.gif")

    [refused] = await said_after(session, said, "@carol /game replay from:2 to:#999")
    assert refused.startswith("[ephemeral:carol] The log ends at #")
    reply, _ = await said_after(session, said, "@carol /game replay from:2 to:2")
    assert "round 2," in reply
    assert 0 < gif_frames(out / "umpire-replay-1.gif") < whole

    [refused] = await said_after(session, said, "@carol /game replay to:later")
    assert refused.startswith("[ephemeral:carol] `to:` takes a round (`3`)")
    with pytest.raises(MalformedLine, match="unknown option `round`; options: from, to"):
        await said_after(session, said, "@carol /game replay round:2")


async def test_a_german_reader_gets_german_words(service: GameService, tmp_path: Path) -> None:
    said: list[str] = []
    session = LocalSession(
        service, tmp_path, show_demo=True, emit=said.append, language=Language.GERMAN
    )
    for line in RACE:
        await said_after(session, said, line)
    reply, image = await said_after(session, said, "@carol /game replay from:1")
    assert reply.startswith("[channel] Wiederholung von Spiel #1 (Demo race): ")
    assert image.startswith("[image] ")
    [refused] = await said_after(session, said, "@carol /game replay from:9")
    assert "eine Runde 9 gibt es nicht" in refused


def test_a_script_replays_its_game(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    lines = (ROOT / "examples" / "demo.txt").read_text(encoding="utf-8")
    script.write_text(lines + "\n@carol /game replay\n", encoding="utf-8")
    out = tmp_path / "out"
    done = run(
        "local", "--demo", "--script", str(script), "--seed", "7", "--out", str(out),
        "--db", str(tmp_path / "game.db"), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    *_, reply, image = done.stdout.strip().splitlines()
    assert reply.startswith("[channel] Replay of game #1 (Demo race):") and "to round" in reply
    path = Path(image.removeprefix("[image] "))
    assert path.parent == out and gif_frames(path) > 5
