"""Local mode at parity with Discord: lines read as a player means them, the suggestions
Discord's autocomplete would give (listed with ``?``, completed with Tab), empty /roll and
/table answered as on Discord, and saved rolls of the player and of the server."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.local.completion import HISTORY_LENGTH, LineEditing, candidates, history_path
from bot.local.lines import MalformedLine, parse_line
from bot.local.runner import run_script
from bot.local.session import LocalSession
from bot.local.suggestions import Offer, Suggestion, listed, suggest
from bot.service import GameService

from .test_local_mode import run


def session_of(service: GameService, tmp_path: Path, said: list[str]) -> LocalSession:
    return LocalSession(
        service, tmp_path, show_demo=True, emit=said.append, dice_seed=lambda: bytes(32)
    )


async def play(session: LocalSession, *lines: str) -> None:
    for line in lines:
        parsed = parse_line(line)
        assert parsed is not None
        await session.run(parsed)


def test_apostrophes_are_text_and_quotes_group_option_values() -> None:
    rules = parse_line("@alice /rules leader's orders")
    assert rules is not None and rules.user == "alice"
    assert rules.command == ["rules", "leader's", "orders"]
    comment = parse_line("/roll 2d6 # it's fire")
    assert comment is not None and " ".join(comment.command[1:]) == "2d6 # it's fire"
    note = parse_line("/roll 2d6 [alice's]")
    assert note is not None and note.command == ["roll", "2d6", "[alice's]"]
    quoted = parse_line('/rules topic:"leader\'s orders" system:tannhauser')
    assert quoted is not None
    assert quoted.options == {"topic": "leader's orders", "system": "tannhauser"}
    single = parse_line("@bob /game pause reason:'out for tea'")
    assert single is not None and single.options == {"reason": "out for tea"}
    macro = parse_line("/macro save name:stats dice:6 4d6 k3")
    assert macro is not None and macro.options == {"name": "stats", "dice": "6 4d6 k3"}
    spaced = parse_line('/game new system:demo options:"goal=12"')
    assert spaced is not None and spaced.options == {"system": "demo", "options": "goal=12"}
    with pytest.raises(MalformedLine, match="never closed") as caught:
        parse_line('@carol /game pause reason:"tea')
    assert caught.value.user == "carol"


async def test_the_player_named_stays_after_a_line_not_understood(
    service: GameService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.txt"
    script.write_text(
        "@alice /rules leader's orders\n"
        "@alice /roll 2d6 # it's fire\n"
        '@bob /game pause reason:"tea\n'
        "/roll 1d6 [bob's]\n"
    )
    said: list[str] = []
    session = session_of(service, tmp_path, said)
    assert await run_script(session, script) == 1
    out = capsys.readouterr().out
    assert "unbalanced" not in out and "say who is acting first" not in out
    assert '[error] line 3: the quote opened at `reason:"tea` is never closed' in out
    assert any(line.startswith("[ephemeral:alice] ") for line in said)
    assert any("*it's fire*" in line for line in said)
    assert said[-1].startswith("[channel] `1d6 [bob's]` → [")
    assert session.user == "bob"


async def test_question_mark_lists_what_discord_would_suggest(
    service: GameService, tmp_path: Path
) -> None:
    said: list[str] = []
    session = session_of(service, tmp_path, said)
    await play(session, "@alice /game new system:demo", "@bob /game join", "@alice /game start")
    script = tmp_path / "s.txt"
    script.write_text(
        "@bob /act ?\n/game ?\n/game new system:?\n/rules cov?\n/roll ?\n/game settings posts:?\n"
    )
    said.clear()
    assert await run_script(session, script) == 0
    text = "\n".join(said)
    assert "[suggest] /act action: — suggestions:" in text
    assert "[suggest] • pick attack — Pick attack" in text
    assert "[suggest] • new — Set up a new game in this channel" in text
    assert "[suggest] • Demo race → demo" in text
    assert "[suggest] • Cover — Wasteland Tactics → wasteland:cover" in text
    assert "[suggest] /roll dice: takes text: Dice notation (see /help roll)" in text
    assert "[suggest] • private: — Only you see the result" in text
    assert "[suggest] • full" in text and "[suggest] • quiet" in text
    assert session.user == "bob"  # the ? line's player acts on
    assert not any(line.startswith(("[channel]", "[ephemeral")) for line in said)  # ran nothing


async def test_suggestions_follow_the_game_and_the_player(
    service: GameService, tmp_path: Path
) -> None:
    said: list[str] = []
    session = session_of(service, tmp_path, said)
    offer = await suggest(session, "@alice /game new system:demo side:")
    assert [s.text for s in offer.suggestions] == ["red", "blue"]
    await play(session, "@alice /game new system:demo")
    free = await suggest(session, "@bob /game join side:")
    assert [s.text for s in free.suggestions] == ["blue"]
    assert (await suggest(session, "@bob /act ")).suggestions == []  # not under way yet
    await play(session, "@bob /game join", "@alice /game start", "@alice /act pick feint")
    said.clear()
    await play(session, "@bob /act")  # Discord would not send it: say what it suggests
    assert said[:2] == [
        '[ephemeral:bob] Say what to do: `/act action:"…"`.',
        "[ephemeral:bob] • pick attack — Pick attack",
    ]
    picks = await suggest(session, "@bob /act pick a")
    assert [s.text for s in picks.suggestions] == ["pick attack"]
    assert (await suggest(session, "@carol /act ")).suggestions == []  # a spectator
    hints = await suggest(session, "@bob /act frobnicate")
    assert (
        listed(hints)[0]
        == "/act action: takes text: What to do (suggestions list what is legal now)"
    )


def test_tab_puts_in_what_continues_the_line() -> None:
    values = Offer(
        "/act action:", 5, "pick a", [Suggestion("pick attack", "pick attack — Pick attack")]
    )
    assert candidates(values, "/act pick a", 10) == [("attack ", "pick attack — Pick attack")]
    named = Offer("/game pause reason:", 19, "out", [Suggestion("out for tea", "")], quote=True)
    assert candidates(named, "/game pause reason:out", 12) == [
        ('reason:"out for tea" ', "out for tea")
    ]
    several = Offer(
        "/table name:",
        7,
        "mor",
        [Suggestion("squad:morale", "Morale"), Suggestion("x:rally", "Rally")],
    )
    assert candidates(several, "/table mor", 7) == []  # listed only: neither continues "mor"
    one = Offer("/table name:", 7, "mor", [Suggestion("squad:morale", "Morale")])
    assert candidates(one, "/table mor", 7) == [("squad:morale ", "Morale → squad:morale")]
    commands = Offer("command", 0, "/ga", [Suggestion("/game new ", "Set up a new game")])
    assert candidates(commands, "/ga", 0) == [("/game new ", "/game new — Set up a new game")]


class FakeReadline:
    """The parts of ``readline`` line editing uses, with the line typed so far."""

    def __init__(self) -> None:
        self.buffer = ""
        self.history: list[str] = []
        self.length = -1
        self.completer: Any = None

    def set_completer_delims(self, delims: str) -> None: ...
    def set_completer(self, completer: Any) -> None:
        self.completer = completer

    def set_completion_display_matches_hook(self, hook: Any) -> None: ...
    def parse_and_bind(self, text: str) -> None: ...
    def set_history_length(self, length: int) -> None:
        self.length = length

    def read_history_file(self, path: str) -> None:
        self.history = Path(path).read_text().splitlines()

    def write_history_file(self, path: str) -> None:
        Path(path).write_text("".join(f"{line}\n" for line in self.history[-self.length :]))

    def append_history_file(self, count: int, path: str) -> None:
        with open(path, "a") as file:
            file.write("".join(f"{line}\n" for line in self.history[-count:]))

    def get_line_buffer(self) -> str:
        return self.buffer

    def get_endidx(self) -> int:
        return len(self.buffer)

    def get_begidx(self) -> int:
        return self.buffer.rfind(" ") + 1


async def test_tab_completes_from_the_session_and_history_is_kept(
    service: GameService, tmp_path: Path
) -> None:
    said: list[str] = []
    session = session_of(service, tmp_path, said)
    await play(session, "@alice /game new system:demo", "@bob /game join", "@alice /game start")
    history = tmp_path / "state" / "umpire" / "history"
    history.parent.mkdir(parents=True)
    history.write_text("".join(f"/roll {n}d6\n" for n in range(HISTORY_LENGTH + 5)))
    readline = FakeReadline()
    editing = LineEditing(readline, session, asyncio.get_running_loop(), history)  # type: ignore[arg-type]
    assert len(history.read_text().splitlines()) == HISTORY_LENGTH  # cut to its length
    readline.buffer = "@bob /act pick fe"
    completed = await asyncio.to_thread(lambda: [editing.complete("fe", n) for n in range(2)])
    assert completed == ["feint ", None]
    readline.history.append("@bob /act pick feint")
    editing.remember("@bob /act pick feint")
    assert history.read_text().splitlines()[-1] == "@bob /act pick feint"


def test_history_lives_in_the_users_state_folder(tmp_path: Path) -> None:
    assert history_path({"XDG_STATE_HOME": str(tmp_path)}) == tmp_path / "umpire" / "history"
    default = history_path({"XDG_STATE_HOME": "relative/ignored"})
    assert default == Path.home() / ".local" / "state" / "umpire" / "history"


async def test_empty_roll_and_table_answer_as_discord_would(
    service: GameService, tmp_path: Path
) -> None:
    said: list[str] = []
    session = session_of(service, tmp_path, said)
    await play(session, "@alice /roll", "@alice /table", "@alice /game new system:wasteland")
    text = "\n".join(said)
    assert "[ephemeral:alice] Give the dice to roll, such as `dice:4d6k3`, or the `name:`" in text
    assert "^" not in text
    assert "Read one with `/table name:`" in text  # the list of tables, as /table shows it
    said.clear()
    await play(session, "@alice /table")
    listed = "\n".join(said)
    assert "Tables of Wasteland Tactics:" in listed  # this channel's game first
    assert listed.index("Wasteland Tactics") < listed.index("Other systems:")


def test_saved_rolls_of_the_player_and_the_server_survive_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    first = "\n".join(
        [
            "@alice /macro save name:stats dice:6 4d6 k3",
            "@alice /macro save name:volley dice:p 6d6t5 server:true",
            "@bob /roll name:volley",
            "",
        ]
    )
    result = run("local", "--db", db, cwd=tmp_path, stdin=first)
    assert result.returncode == 0, result.stderr
    assert "Saved `volley` for everyone in this server: `p 6d6t5`." in result.stdout
    assert "[ephemeral:bob] 🎲 `volley` (server)" in result.stdout  # p: rolled privately
    second = "@bob /macro list\n@alice /roll name:st?\n@alice /roll name:stats\n"
    result = run("local", "--db", db, cwd=tmp_path, stdin=second)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "[ephemeral:bob] This server's saved rolls (1), for every member:" in out
    assert "[ephemeral:bob] • `volley` — `p 6d6t5`" in out
    assert "[suggest] • stats — 6 4d6 k3" in out
    assert out.count("`4d6 k3` → [") == 6
