"""Local terminal mode: scripts run end to end and tag every line with its audience."""

from __future__ import annotations

import asyncio
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.local.completion import start_line_editing
from bot.local.lines import MalformedLine, parse_line
from bot.local.session import LocalSession, listed_choice
from bot.service import GameService
from rules.core.choices import ActionChoice

ROOT = Path(__file__).resolve().parents[2]


def run(
    *args: str, cwd: Path, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` run in ``cwd``, a temporary folder: defaults such as the picture
    folder ``./umpire-out`` land there and never in the checkout."""
    full_env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        input=stdin,
        env=full_env,
    )


def play_demo(tmp_path: Path, seed: int = 7) -> subprocess.CompletedProcess[str]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    return run(
        "local",
        "--demo",
        "--script",
        str(ROOT / "examples" / "demo.txt"),
        "--seed",
        str(seed),
        "--out",
        str(tmp_path / "out"),
        "--db",
        str(tmp_path / "game.db"),
        cwd=tmp_path,
    )


def test_demo_script_plays_to_the_end(tmp_path: Path) -> None:
    result = play_demo(tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Dice commitment" in out and "Game over" in out
    assert "Verified: all" in out and "state matches the log" in out
    assert "↩️ alice took back 1 action: Red's `dash` (asked by alice, approved by bob)." in out
    images = re.findall(r"^\[image\] (.+)$", out, re.M)
    assert images and all(Path(p).read_bytes().startswith(b"\x89PNG") for p in images)
    # the dash taken back with consent stays in the log; dashing again draws a fresh die
    assert "The rolls taken back are not rolled again" in out
    assert "the next roll draws fresh dice" in out
    assert len(re.findall(r"🎲 Red dash: d10 \[(\d+)\]", out)) >= 2


def test_secrets_only_on_private_lines(tmp_path: Path) -> None:
    out = play_demo(tmp_path).stdout
    reveal = out.index("Stances revealed")
    for line in out[:reveal].splitlines():
        if line.startswith("[channel]") or line.startswith("[image]"):
            assert "feint" not in line and "attack" not in line.replace("attack:", "")
    assert "[ephemeral:alice] You picked **feint**." in out
    assert "[dm:alice] Pick your stance in secret." in out


def test_same_seed_same_transcript(tmp_path: Path) -> None:
    first = play_demo(tmp_path / "a").stdout
    second = play_demo(tmp_path / "b").stdout
    strip = lambda text: re.sub(r"/\S+/out/", "OUT/", text)  # noqa: E731
    assert strip(first) == strip(second)


def test_malformed_script_exits_1_but_refusals_do_not(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("@alice /game status\nthis is not a command\n@alice /game frobnicate\n")
    result = run("local", "--script", str(script), "--db", str(tmp_path / "x.db"), cwd=tmp_path)
    assert result.returncode == 1
    assert "[ephemeral:alice] No game has been played in this channel yet." in result.stdout
    assert "[error] line 2" in result.stdout and "[error] line 3" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_demo_hidden_without_flag(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("@alice /game new system:demo\n")
    result = run("local", "--script", str(script), "--db", str(tmp_path / "x.db"), cwd=tmp_path)
    assert "There is no game system 'demo'" in result.stdout


def test_no_token_no_terminal_exits_2(tmp_path: Path) -> None:
    result = run(cwd=tmp_path, stdin="", env={"UMPIRE_DATABASE": str(tmp_path / "x.db")})
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr


def test_pause_resume_and_handing_a_seat_over(tmp_path: Path) -> None:
    script = "\n".join(
        [
            "@alice /game new system:demo",
            "@bob /game join",
            "@alice /game start",
            "@bob /game pause reason:tea",
            "@alice /game pause reason:tea",
            "@bob /act pick attack",
            "@alice /game resume",
            "@alice /game kick player:@bob replacement:@carol",
            "@bob /act pick attack",
            "@carol /act pick attack",
            "@alice /act pick feint",
            "",
        ]
    )
    result = run("local", "--demo", "--db", str(tmp_path / "g.db"), cwd=tmp_path, stdin=script)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "[ephemeral:bob] Only the game's creator or a member with Manage Server" in out
    assert "[channel] ⏸️ alice paused the game: tea." in out
    assert "[ephemeral:bob] The game is paused by alice: tea." in out
    assert "[channel] ▶️ alice resumed the game" in out
    assert "[channel] alice handed Blue from bob to carol." in out
    assert "[dm:carol] You now hold Blue" in out
    assert "[ephemeral:bob] You are not seated in this game" in out
    assert "[ephemeral:carol] You picked **attack**." in out
    assert "Stances revealed" in out


def test_free_text_commands_need_no_option_name() -> None:
    rolled = parse_line("@alice /roll attack: 4d10t6; defense: 3d10t6")
    assert rolled is not None and rolled.options == {}
    assert " ".join(rolled.command[1:]) == "attack: 4d10t6; defense: 3d10t6"
    table = parse_line("/table close combat row:5 column:3")
    assert table is not None and table.command == ["table", "close", "combat"]
    assert table.options == {"row": "5", "column": "3"}
    rules = parse_line("/rules topic:road raiders system:wasteland")
    assert rules is not None and rules.options == {"topic": "road raiders", "system": "wasteland"}
    with pytest.raises(MalformedLine):
        parse_line("/game status now:please extra")  # other commands still take options only


async def test_table_roll_and_rules_read_their_text_and_the_channels_game(
    service: GameService, tmp_path: Path
) -> None:
    said: list[str] = []
    session = LocalSession(service, tmp_path, emit=said.append, dice_seed=lambda: bytes(32))
    for line in (
        "@alice /table close combat row:5 column:3",
        "@alice /roll attack: 4d10t6; defense: 3d10t6",
        "@alice /game new system:wasteland",
        "@alice /rules morale",
    ):
        parsed = parse_line(line)
        assert parsed is not None
        await session.run(parsed)
    text = "\n".join(said)
    assert "Attacker AS 5 vs defender AS 3: **4+**" in text
    assert "attack:" in text and "defense:" in text and "refused" not in text.lower()
    assert "Wasteland Tactics" in next(line for line in said if "Morale" in line)


def test_prompt_choices_keep_what_they_do() -> None:
    choice = ActionChoice(notation="dash", label="Dash (roll a D5) and end the turn")
    assert listed_choice(choice) == "dash — Dash (roll a D5) and end the turn"
    same = ActionChoice(notation="pick attack", label="Pick attack", description="+1 to dash")
    assert listed_choice(same) == "pick attack — +1 to dash"


async def test_line_editing_only_at_a_terminal(service: GameService, tmp_path: Path) -> None:
    session = LocalSession(service, tmp_path)
    loop = asyncio.get_running_loop()
    assert start_line_editing(io.StringIO(""), session, loop) is None


async def test_saved_rolls_in_local_mode(service: GameService, tmp_path: Path) -> None:
    said: list[str] = []
    session = LocalSession(service, tmp_path, emit=said.append, dice_seed=lambda: bytes(32))
    for line in (
        '@alice /macro save name:stats dice:"6 4d6 k3"',
        "@alice /roll name:stats",
        "@alice /macro list",
        "@bob /roll name:stats",
        "@alice /macro delete name:stats",
        "@alice /macro list",
    ):
        parsed = parse_line(line)
        assert parsed is not None
        await session.run(parsed)
    text = "\n".join(said)
    assert "Saved `stats`: `6 4d6 k3`" in text
    assert "🎲 `stats`" in text and text.count("`4d6 k3` → [") == 6
    assert "• `stats` — `6 4d6 k3`" in text
    assert "You have no saved rolls here yet" in text  # bob's are his own
    assert "Deleted `stats`." in text
    assert said[-1].endswith(
        "You have no saved rolls here yet; save one with `/macro save name:stats dice:6 4d6k3`."
    )


async def test_log_pages_in_local_mode(service: GameService, tmp_path: Path) -> None:
    said: list[str] = []
    session = LocalSession(
        service, tmp_path, show_demo=True, emit=said.append, dice_seed=lambda: bytes(32)
    )
    script = ["@alice /game new system:demo", "@bob /game join", "@alice /game start"]
    script += ["@alice /act pick feint", "@bob /act pick attack"]
    script += ["@alice /act end", "@bob /act end"] * 10
    for line in script:
        parsed = parse_line(line)
        assert parsed is not None
        await session.run(parsed)
    for line in ("@bob /game log page:1", "@bob /game log", "@bob /game log page:99"):
        said.clear()
        parsed = parse_line(line)
        assert parsed is not None
        await session.run(parsed)
        text = "\n".join(said)
        if line.endswith("page:1"):
            assert "alice set up a game of Demo race." in text
            assert "You picked **attack**." in text and "feint**." not in text
            assert re.search(r"Page 1 of [2-9]\.$", text), text
            pages = int(text.rsplit(" of ", 1)[1].rstrip("."))
        elif line.endswith("log"):
            assert text.endswith(f"Page {pages} of {pages}.")
        else:
            assert f"The log has {pages} pages: ask for a page from 1 to {pages}." in text


def test_a_script_can_speak_german(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("@alice /help\n@alice /help topic:fairness\n")
    db = str(tmp_path / "x.db")
    german = run("local", "--language", "de", "--script", str(script), "--db", db, cwd=tmp_path)
    assert german.returncode == 0, german.stderr
    assert "[ephemeral:alice] **Umpire leitet Tabletop-Spiele" in german.stdout
    assert "**Nachweisbar faire Würfel.**" in german.stdout
    english = run("local", "--script", str(script), "--db", db, cwd=tmp_path)
    assert "[ephemeral:alice] **Umpire referees wargames" in english.stdout
    unknown = run("local", "--language", "fr", "--script", str(script), "--db", db, cwd=tmp_path)
    assert unknown.returncode == 2 and "invalid Language value" in unknown.stderr


def test_settings_and_the_dashboard_in_local_mode(tmp_path: Path) -> None:
    """Settings are kept in the database (a second run reads them) and the quiet posts
    leave the channel silent while the dashboard, printed by `/game status`, tells all."""
    first = "\n".join(
        [
            "@alice /game new system:demo",
            "@bob /game join",
            "@alice /game start",
            "@alice /game settings posts:quiet board:round",
            '@bob /game settings reminders:both quiet_hours:"22-07 UTC+2"',
            "@bob /game settings absent_after:48h",
            "",
        ]
    )
    result = run("local", "--demo", "--db", str(tmp_path / "g.db"), cwd=tmp_path, stdin=first)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "[channel] Channel posts: quiet; board pictures: every round." in out
    assert "[ephemeral:bob] Your reminders in the channel and by DM, quiet hours" in out
    assert "[ephemeral:bob] Only the game's creator or a server manager can set the" in out
    second = "\n".join(["@alice /act pick feint", "@bob /act pick attack", "@bob /game status", ""])
    result = run("local", "--demo", "--db", str(tmp_path / "g.db"), cwd=tmp_path, stdin=second)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "[channel]" not in out  # quiet: nothing but the dashboard and the result
    assert "[ephemeral:bob] 📋 **Demo race** — game #1 · under way · round 1" in out
    assert "[ephemeral:bob] • Stances revealed — Red: **feint**, Blue: **attack**." in out
    assert "Posts: quiet · board pictures: every round" in out


async def test_cards_and_the_table_list_in_local_mode(service: GameService, tmp_path: Path) -> None:
    said: list[str] = []
    session = LocalSession(service, tmp_path, emit=said.append, dice_seed=lambda: bytes(32))

    async def run(line: str) -> str:
        said.clear()
        parsed = parse_line(line)
        assert parsed is not None
        await session.run(parsed)
        return "\n".join(said)

    card = await run('@alice /game sheet name:"light company" system:blackpowder')
    assert card.startswith("[ephemeral:alice] **Light company** — Skirmisher · Garrison")
    assert "[ephemeral:alice] __Characteristics__: Shooting 4+ · Melee 5+ · Defence 5+" in card
    await run("@alice /game new system:squad")
    squad = await run("@alice /game sheet name:contract")
    assert squad.startswith("[ephemeral:alice] **Contract team** — Squad · Meridian")
    missed = await run('@alice /game sheet name:"contrct tem"')
    assert "Did you mean Contract team?" in missed
    listed = await run("@alice /table")
    assert listed.startswith("[ephemeral:alice] Tables of Squad orders (D10): Shooting table")
