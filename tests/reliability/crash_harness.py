"""Crash trials: kill the real bot process at a random moment and check what survived.

Every registered system has a scenario: a script generated from its own automatic player
(seeded, in this process; see :func:`generate_script`), so a newly installed system is
tried without any change here. A game run plays one with
``python -m bot local --demo --script … --seed … --db …``
and kills the process with SIGKILL at seeded random moments: either once the bot has
echoed a chosen script line (optionally after a short pause, so the kill lands anywhere
in that command: parsing, the rules engine, the commit, the replies, the board picture),
or a random delay after the process started (interpreter start-up, opening and migrating
the database, recovering the previous crash's write-ahead log, the first commands).

Each kill is one trial. After it the harness opens the database read-only and checks:

* ``PRAGMA integrity_check`` is ``ok``, and the schema is either fully there or absent;
* the log is exactly the uninterrupted game's log up to some script line: every command
  whose reply was printed is in it, none twice, and the command cut off mid-way is
  either wholly there or wholly absent;
* the stored snapshot equals the state rebuilt from the log, and the game row equals the
  uninterrupted game's after the same commands (its snapshot decoded: see
  :func:`stored_state`);
* every reply the killed process printed is the reply the uninterrupted game gave.

It then restarts the bot on the same database with the rest of the script, from the
first line the database does not hold (a line applied but not acknowledged is not sent
again), with a first line ``/game verify`` so the restarted bot checks its snapshot
against its log. The game goes on until it ends; its final log and state must equal the
uninterrupted game's and the bot must verify every roll against the revealed seed.

The uninterrupted game (the "reference") is played in this process through the same
session and service code, without drawing board pictures.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

from bot.local.lines import parse_line
from bot.local.runner import seeds_from
from bot.local.session import LOCAL_CHANNEL, LocalSession
from bot.service import GameService
from bot.service.loaded import LoadedGame, rebuild_state
from bot.service.snapshots import decode_state
from bot.store import Database, GameRow, LogRow, SeatRow
from bot.store.schema import available
from rules.core import engine
from rules.core.registry import get_system
from rules.core.state import GameState
from tests.setups import every_system, players

ROOT = Path(__file__).resolve().parents[2]
KILLS_PER_GAME = 5  # trials chained in one game: each restart recovers the previous crash
PROCESS_TIMEOUT = 300.0  # seconds one bot process may run before the harness gives up
LATEST_SCHEMA = available()[-1][0]


SCRIPT_ACTIONS = 200  # actions in a generated script before its game is ended


@dataclass(frozen=True, slots=True)
class Scenario:
    """A game of ``system`` at its defaults and fewest seats, played by its automatic
    player for at most ``actions`` actions, with ``seed`` for the dice and the picks."""

    name: str
    system: str
    seed: int
    actions: int = SCRIPT_ACTIONS


SCENARIOS = tuple(
    Scenario(system.id, system.id, 7 + 4 * number) for number, system in enumerate(every_system())
)

LogKey = tuple[int, int, str, str | None, int | None, str, str]


def log_key(row: LogRow) -> LogKey:
    """A log record without its timestamp."""
    return (row.seq, row.batch, row.kind, row.seat, row.user_id, row.scope, row.payload)


def stored_state(row: GameRow) -> GameState | None:
    """The game's state as its snapshot holds it. Compared as a state, not as the
    snapshot's text: the members of a set may be listed in another order by a process
    that decoded the state from a snapshot than by one that kept it in memory."""
    if row.state is None:
        return None
    return decode_state(get_system(row.system).state_model, row.state)


# -- reading a database the way a restarted bot would find it ---------------------------
@dataclass(frozen=True, slots=True)
class GameFacts:
    """What a command changes: the game row's play columns, its seats and its log length."""

    version: int
    status: str | None
    waiting_on: str | None
    state: GameState | None
    seats: tuple[SeatRow, ...]


NO_GAME = GameFacts(0, None, None, None, ())


@dataclass(frozen=True, slots=True)
class DatabaseView:
    integrity: str
    user_version: int
    tables: frozenset[str]
    games: tuple[GameRow, ...]  # every game of the local channel, oldest first
    seats: tuple[SeatRow, ...]  # of the latest game
    log: tuple[LogRow, ...]  # of the latest game

    @property
    def game(self) -> GameRow | None:
        return self.games[-1] if self.games else None

    def facts(self) -> GameFacts:
        game = self.game
        if game is None:
            return NO_GAME
        return GameFacts(game.version, game.status, game.waiting_on, stored_state(game), self.seats)


def read_database(path: Path, *, with_log: bool = True) -> DatabaseView | None:
    """The database at ``path`` as the next process to open it would find it, read from a
    copy so the original stays as the kill left it; None if the file was never created.

    A kill can leave a write-ahead log that must be recovered before anything is read, and
    recovery writes: a read-only connection to the original then fails now and then
    ("attempt to write a readonly database"), so the copy is the one recovered."""
    if not path.exists():
        return None
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / path.name
        shutil.copyfile(path, copy)
        wal = Path(f"{path}-wal")
        if wal.exists():
            shutil.copyfile(wal, Path(f"{copy}-wal"))
        return _read_copy(copy, with_log)


def _read_copy(path: Path, with_log: bool) -> DatabaseView:
    conn = sqlite3.connect(path)
    try:
        integrity = "; ".join(str(r[0]) for r in conn.execute("PRAGMA integrity_check"))
        user_version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = frozenset(
            str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        )
        if "games" not in tables:
            return DatabaseView(integrity, user_version, tables, (), (), ())
        columns = ", ".join(GameRow.__slots__)
        games = tuple(
            GameRow(*row)
            for row in conn.execute(
                f"SELECT {columns} FROM games WHERE channel_id = ? ORDER BY id", (LOCAL_CHANNEL,)
            )
        )
        seats: tuple[SeatRow, ...] = ()
        log: tuple[LogRow, ...] = ()
        if games:
            game_id = games[-1].id
            seats = tuple(
                SeatRow(*row)
                for row in conn.execute(
                    "SELECT seat, user_id, name, position FROM seats WHERE game_id = ? "
                    "ORDER BY position",
                    (game_id,),
                )
            )
            if with_log:
                log = tuple(
                    LogRow(*row)
                    for row in conn.execute(
                        "SELECT seq, batch, kind, seat, user_id, scope, payload, created_at "
                        "FROM events WHERE game_id = ? ORDER BY seq",
                        (game_id,),
                    )
                )
        return DatabaseView(integrity, user_version, tables, games, seats, log)
    finally:
        conn.close()


def snapshot_matches_log(view: DatabaseView) -> bool:
    """The service's own check: the state folded from the log equals the stored snapshot."""
    row = view.game
    if row is None or row.state is None:
        return True
    system = get_system(row.system)
    state = decode_state(system.state_model, row.state)
    game = LoadedGame(row=row, seats=list(view.seats), system=system, state=state)
    return rebuild_state(game, list(view.log)) == state


# -- the script and the uninterrupted game ----------------------------------------------
@dataclass(frozen=True, slots=True)
class Line:
    """One command line of a script."""

    number: int  # line number in the file
    text: str
    user: str | None  # the acting user once the line has been read (``@name`` sticks)


@cache
def script_text(scenario: Scenario) -> str:
    """The scenario's script, generated once per process (see :func:`generate_script`)."""
    return asyncio.run(generate_script(scenario))


async def generate_script(scenario: Scenario) -> str:
    """A script for ``python -m bot local``: the game created, joined and started, then the
    moves the system's automatic player picks (seeded) for an awaited seat each time, up to
    ``scenario.actions``; a game not over by then is ended; the script closes with a
    verify. The moves are found by playing in this process with the dice ``--seed`` gives
    the bot, so every one of them is legal when the bot replays the script."""
    system = get_system(scenario.system)
    seated = players(system.min_seats)
    creator = seated[0]
    rnd = random.Random(scenario.seed)
    lines = [f"@{creator.name} /game new system:{system.id}"]
    db = await Database.open(":memory:")
    try:
        service = GameService(db, seed_source=seeds_from(scenario.seed))
        await service.create(LOCAL_CHANNEL, 1, creator, system.id, None)
        for player in seated[1:]:
            lines.append(f"@{player.name} /game join")
            await service.join(LOCAL_CHANNEL, player)
        lines.append(f"@{creator.name} /game start")
        await service.start(LOCAL_CHANNEL, creator)
        names = {p.user_id: p for p in seated}
        for _ in range(scenario.actions):
            game = await service.game_in(LOCAL_CHANNEL)
            assert game is not None and game.state is not None
            if game.state.finished:
                break
            waiting = game.system.status(game.state).waiting_on
            assert waiting, f"{system.id}: nobody is awaited"
            seat = rnd.choice(waiting)
            user = game.user_of(seat)
            assert user is not None
            choices = game.system.legal_actions(game.state, seat)
            notation = game.system.automatic_action(game.state, seat, choices, rnd, 0.2)
            assert notation is not None and '"' not in notation, (seat, notation)
            player = names[user.user_id]
            lines.append(f'@{player.name} /act action:"{notation}"')
            await service.act(LOCAL_CHANNEL, player, notation)
        game = await service.game_in(LOCAL_CHANNEL)
        assert game is not None and game.state is not None
        if not game.state.finished:
            lines.append(f"@{creator.name} /game end")
    finally:
        await db.close()
    lines.append(f"@{creator.name} /game verify")
    return "".join(line + "\n" for line in lines)


@cache
def script_lines(scenario: Scenario) -> tuple[Line, ...]:
    lines = []
    user = None
    text = script_text(scenario)
    for number, raw in enumerate(text.splitlines(), start=1):
        parsed = parse_line(raw)
        if parsed is None:
            continue
        user = parsed.user or user
        lines.append(Line(number, raw.strip(), user))
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class Step:
    """A command line and what the uninterrupted game made of it."""

    number: int
    text: str
    user: str | None
    after: GameFacts
    replies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Reference:
    scenario: Scenario
    steps: tuple[Step, ...]
    log: tuple[LogKey, ...]
    seed: bytes

    def before(self, index: int) -> GameFacts:
        return self.steps[index - 1].after if index > 0 else NO_GAME

    def changes(self, index: int) -> bool:
        """Whether the line appends to the log (else it only reads, or was refused)."""
        return self.steps[index].after.version != self.before(index).version

    def facts_at(self, version: int) -> GameFacts | None:
        """The game as it was when the log reached ``version``, if it ever did."""
        if version == 0:
            return NO_GAME
        for step in self.steps:
            if step.after.version == version:
                return step.after
        return None


class _NoPictures(LocalSession):
    async def board(self) -> None:
        return None


_references: dict[Scenario, Reference] = {}
_reference_locks: dict[Scenario, threading.Lock] = {s: threading.Lock() for s in SCENARIOS}


def reference(scenario: Scenario) -> Reference:
    """Play the whole script once without interruption, noting the game after each line
    (once per scenario and process; callers in other threads wait for it)."""
    with _reference_locks.setdefault(scenario, threading.Lock()):
        if scenario not in _references:
            _references[scenario] = _play_reference(scenario)
        return _references[scenario]


def _play_reference(scenario: Scenario) -> Reference:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "reference.db"
        steps = asyncio.run(play_in_process(scenario, path))
        view = read_database(path)
    assert view is not None and view.game is not None, f"{scenario.name} creates no game"
    assert view.game.status == "finished", f"{scenario.name} does not play to the end"
    assert "Verified: all" in " ".join(steps[-1].replies), "the script must end with a verify"
    refused = [s.text for i, s in enumerate(steps) if "/act " in s.text and not _changed(steps, i)]
    assert not refused, f"{scenario.name}: script moves the bot refused: {refused[:3]}"
    log = tuple(log_key(r) for r in view.log)
    return Reference(scenario, tuple(steps), log, view.game.seed)


def _changed(steps: Sequence[Step], index: int) -> bool:
    before = steps[index - 1].after.version if index > 0 else 0
    return steps[index].after.version != before


async def play_in_process(scenario: Scenario, path: Path, count: int | None = None) -> list[Step]:
    """Play the first ``count`` command lines (all by default) on the database at
    ``path`` with the local session and service, as ``--seed`` would, without pictures."""
    seeds = seeds_from(scenario.seed)
    db = await Database.open(str(path))
    try:
        service = GameService(db, seed_source=seeds)
        said: list[str] = []
        session = _NoPictures(
            service, path.parent, emit=said.append, dice_seed=seeds, show_demo=True
        )
        steps = []
        for line in script_lines(scenario)[:count]:
            parsed = parse_line(line.text)
            assert parsed is not None
            said.clear()
            await session.run(parsed)
            view = read_database(path, with_log=False)
            facts = view.facts() if view else NO_GAME
            steps.append(Step(line.number, line.text, line.user, facts, tuple(said)))
        return steps
    finally:
        await db.close()


# -- kills ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Kill:
    """SIGKILL once the echo of script line ``at`` is read, ``pause`` seconds later; or,
    with ``after_start``, that long after the process started (``at`` is then a backstop)."""

    at: int
    pause: float = 0.0
    after_start: float | None = None

    def describe(self, lines: Sequence[Line]) -> str:
        if self.after_start is not None:
            return f"{self.after_start:.2f}s after start"
        return f"at line {lines[self.at].number} +{self.pause * 1000:.0f}ms"


def plan_kills(rng: random.Random, line_count: int, kills: int) -> list[Kill]:
    """``kills`` kill points spread over a script of ``line_count`` command lines."""
    # Never aim at the last lines: the process could finish before the signal arrives.
    targets = sorted(rng.sample(range(line_count - 2), kills))
    plan = []
    for target in targets:
        roll = rng.random()
        if roll < 0.2:
            plan.append(Kill(target, after_start=rng.uniform(0.0, 2.5)))
        elif roll < 0.6 and target < line_count - 20:
            plan.append(Kill(target, pause=rng.uniform(0.0, 0.12)))
        else:
            plan.append(Kill(target))
    return plan


# -- one bot process --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Entry:
    """A line given to one process: a script line, or the harness's own check line."""

    text: str
    line: int | None  # index into the script's command lines


@dataclass(slots=True)
class Echo:
    """A line the bot echoed, and what it printed before the next echo."""

    entry: Entry
    replies: list[str] = field(default_factory=list)

    def said(self) -> list[str]:
        """The replies without board pictures (the reference draws none)."""
        return [line for line in self.replies if not line.startswith("[image] ")]


@dataclass(slots=True)
class Process:
    echoes: list[Echo]
    returncode: int
    problems: list[str]

    @property
    def killed(self) -> bool:
        return self.returncode == -signal.SIGKILL


def entries_from(lines: Sequence[Line], resume: int, has_game: bool) -> list[Entry]:
    """The rest of the script from line index ``resume``. A restarted bot first hears
    ``@user /game verify`` (or just ``@user`` before there is a game): the ``@name`` in
    effect at that point of the script, and its own check of snapshot against log."""
    entries = []
    if resume > 0:
        user = lines[resume - 1].user
        if user is not None:
            entries.append(Entry(f"@{user} /game verify" if has_game else f"@{user}", None))
    entries.extend(Entry(lines[i].text, i) for i in range(resume, len(lines)))
    return entries


def run_bot(
    scenario: Scenario, entries: list[Entry], folder: Path, kill: Kill | None, name: str
) -> Process:
    """Run ``python -m bot local`` on ``entries`` against ``folder``'s database, reading
    its output as it comes, and kill it as ``kill`` says."""
    script = folder / f"{name}.txt"
    script.write_text("".join(e.text + "\n" for e in entries), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONUNBUFFERED"] = "1"  # each reply reaches the pipe as soon as it is printed
    # --demo offers the unlisted systems too
    command = [sys.executable, "-m", "bot", "local", "--demo", "--script", str(script)]
    command += ["--seed", str(scenario.seed), "--db", str(folder / "game.db")]
    command += ["--out", str(folder / "out")]
    problems: list[str] = []
    echoes: list[Echo] = []
    with (folder / f"{name}.err").open("w+", encoding="utf-8") as errors:
        proc = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            encoding="utf-8",
            errors="replace",  # a kill may cut a character in half
        )

        def signal_kill() -> None:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)

        timed_out = threading.Event()

        def give_up() -> None:
            timed_out.set()
            signal_kill()

        timers = [threading.Timer(PROCESS_TIMEOUT, give_up)]
        if kill is not None and kill.after_start is not None:
            timers.append(threading.Timer(kill.after_start, signal_kill))
        for timer in timers:
            timer.start()
        try:
            assert proc.stdout is not None
            for raw in proc.stdout:
                line = raw.rstrip("\n")
                if not line.startswith("> "):
                    if echoes:
                        echoes[-1].replies.append(line)
                    else:
                        problems.append(f"{name}: output before any command: {line!r}")
                    continue
                if len(echoes) == len(entries) or line != "> " + entries[len(echoes)].text:
                    problems.append(f"{name}: unexpected echo {line!r}")
                    signal_kill()
                    break
                entry = entries[len(echoes)]
                echoes.append(Echo(entry))
                if kill is not None and entry.line is not None and entry.line >= kill.at:
                    time.sleep(kill.pause)
                    signal_kill()
            proc.communicate()
        finally:
            for timer in timers:
                timer.cancel()
            if proc.poll() is None:
                proc.kill()
            proc.wait()
        errors.seek(0)
        stderr = errors.read()
    if proc.returncode not in (0, -signal.SIGKILL):
        problems.append(f"{name}: exit status {proc.returncode}: {stderr[-800:]}")
    elif timed_out.is_set():
        problems.append(f"{name}: still running after {PROCESS_TIMEOUT:.0f}s")
    return Process(echoes, proc.returncode, problems)


# -- checks -----------------------------------------------------------------------------
@dataclass(slots=True)
class Trial:
    scenario: str
    game: int
    number: int
    kill: str
    acknowledged: int = 0  # commands of the killed process that changed the game and replied
    recovered: int = 0  # of those, found in the log after the kill
    # the command running when the kill came: "committed, no reply", "committed, reply
    # cut short", "rolled back", "read-only", or "none" (start-up, recovery)
    cut_off: str = "none"
    problems: list[str] = field(default_factory=list)


def check_replies(ref: Reference, process: Process) -> list[str]:
    """The bot said what the uninterrupted game said, line for line; the command cut off
    by a kill said a beginning of it."""
    return replies_problems(ref, process.echoes, cut_last=process.killed)


def replies_problems(ref: Reference, echoes: Sequence[Echo], *, cut_last: bool) -> list[str]:
    """What :func:`check_replies` checks, of ``echoes`` in the order they were said, the
    last of them cut off by a kill when ``cut_last``."""
    problems = []
    for position, echo in enumerate(echoes):
        cut = cut_last and position == len(echoes) - 1
        said = echo.said()
        if echo.entry.line is None:
            verify = echo.entry.text.endswith("/game verify")
            if verify and not cut and not any("state matches the log" in s for s in said):
                problems.append(f"the restarted bot's own verify said {said}")
            continue
        step = ref.steps[echo.entry.line]
        expected = list(step.replies)
        if cut and said:
            # the last line may be cut short, even a picture's line
            whole, part = said[:-1], said[-1].rstrip("\ufffd")
            following = expected[len(whole) : len(whole) + 1]
            ok = whole == expected[: len(whole)] and (
                "[image] ".startswith(part) or any(line.startswith(part) for line in following)
            )
        else:
            ok = said == expected or (cut and not said)
        if not ok:
            problems.append(f"line {step.number} `{step.text}` replied {said} not {expected}")
    return problems


def check_database(
    ref: Reference, view: DatabaseView | None, latest: int = LATEST_SCHEMA
) -> tuple[GameFacts, int, list[str]]:
    """The database is sound and holds the uninterrupted game as it was at some line;
    its schema is absent or at ``latest``.

    Returns the game, how many leading log records equal the uninterrupted game's, and
    the problems found."""
    problems: list[str] = []
    if view is None:
        return NO_GAME, 0, problems
    if view.integrity != "ok":
        problems.append(f"integrity check: {view.integrity}")
    if view.user_version not in (0, latest) or bool(view.tables) != bool(view.user_version):
        problems.append(f"schema version {view.user_version} with tables {sorted(view.tables)}")
    if len(view.games) > 1:
        problems.append(f"{len(view.games)} games in the channel")
    facts = view.facts()
    log = [log_key(r) for r in view.log]
    matched = 0
    while matched < min(len(log), len(ref.log)) and log[matched] == ref.log[matched]:
        matched += 1
    if len(log) != facts.version or matched != facts.version:
        problems.append(
            f"a log of {len(log)} records at version {facts.version}, "
            f"of which the first {matched} are the uninterrupted game's"
        )
    expected = ref.facts_at(facts.version)
    if expected is None:
        problems.append(f"version {facts.version} is no point the uninterrupted game reached")
    elif facts != expected:
        problems.append(f"the game at version {facts.version} is not the uninterrupted game's")
    if not snapshot_matches_log(view):
        problems.append("the stored snapshot differs from the state rebuilt from the log")
    return facts, matched, problems


def examine_kill(
    ref: Reference,
    process: Process,
    view: DatabaseView | None,
    first: int,
    trial: Trial,
    latest: int = LATEST_SCHEMA,
) -> int:
    """Check what a killed process left behind (a database whose schema is absent or at
    ``latest``); returns the script line to resume from."""
    facts, matched, problems = check_database(ref, view, latest)
    trial.problems += problems
    version = facts.version
    ran = [e for e in process.echoes if e.entry.line is not None]
    if not ran:
        if version != ref.before(first).version:
            trial.problems.append(f"no script line ran, yet the game is at version {version}")
        trial.problems += check_replies(ref, process)
        return first
    cut = ran[-1]
    index = cut.entry.line
    assert index is not None
    acknowledged = [e.entry.line for e in ran[:-1] if e.entry.line is not None]
    if cut.replies:
        acknowledged.append(index)
    changing = [i for i in acknowledged if ref.changes(i)]
    trial.acknowledged = len(changing)
    trial.recovered = sum(1 for i in changing if ref.steps[i].after.version <= matched)
    if trial.recovered < trial.acknowledged:
        trial.problems.append(
            f"{trial.acknowledged - trial.recovered} acknowledged command(s) "
            f"not in the log (version {version})"
        )
    before, after = ref.before(index).version, ref.steps[index].after.version
    step = ref.steps[index]
    resume = index
    if not ref.changes(index):
        trial.cut_off = "read-only"
        if cut.said() == list(step.replies):
            resume = index + 1
        if version != before:
            trial.problems.append(f"read-only line {step.number} left version {version}")
    elif version == after:
        trial.cut_off = "committed, reply cut short" if cut.replies else "committed, no reply"
        resume = index + 1
    elif version == before:
        trial.cut_off = "rolled back"
    else:
        trial.problems.append(
            f"line {step.number} cut off at version {version}: "
            f"neither {before} (not applied) nor {after} (applied)"
        )
    trial.problems += check_replies(ref, process)
    return resume


def check_end(ref: Reference, process: Process, view: DatabaseView | None) -> list[str]:
    """The last process played to the end; the game equals the uninterrupted one."""
    problems = list(process.problems) + check_replies(ref, process)
    last = process.echoes[-1] if process.echoes else None
    if last is None or last.entry.line != len(ref.steps) - 1:
        problems.append("the last process did not reach the end of the script")
    elif not any("Verified: all" in s and "state matches the log" in s for s in last.said()):
        problems.append(f"the final verify said {last.said()}")
    return problems + check_final_database(ref, view)


def check_final_database(
    ref: Reference, view: DatabaseView | None, latest: int = LATEST_SCHEMA
) -> list[str]:
    """The game played to its end equals the uninterrupted one, log, seed and rolls."""
    if view is None or view.game is None:
        return ["no game in the database at the end"]
    problems = check_database(ref, view, latest)[2]
    if tuple(log_key(r) for r in view.log) != ref.log:
        problems.append("the final log is not the uninterrupted game's")
    if view.game.seed != ref.seed:
        problems.append("the game's dice seed changed across restarts")
    system = get_system(view.game.system)
    events = [
        engine.parse_event(system, json.loads(r.payload)) for r in view.log if r.kind == "event"
    ]
    if not engine.verify_rolls(view.game.seed, view.game.commitment, events).ok:
        problems.append("a roll does not match the revealed seed")
    return problems


# -- games ------------------------------------------------------------------------------
@dataclass(slots=True)
class GameRun:
    scenario: str
    game: int
    trials: list[Trial] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # found at the end of the game
    processes: int = 0
    missed: int = 0  # planned kills that never came: the game was over first
    finished: bool = False  # played to the end and verified, with nothing wrong

    @property
    def ok(self) -> bool:
        return not self.problems and all(not t.problems for t in self.trials)


def play_game(scenario: Scenario, number: int, kills: list[Kill], folder: Path) -> GameRun:
    """Play the script from its first line to the end, killing the bot at each of
    ``kills`` in turn and restarting it where the database says the game stands."""
    lines = script_lines(scenario)
    run = GameRun(scenario.name, number)
    folder.mkdir(parents=True, exist_ok=True)
    resume, has_game, pending = 0, False, list(kills)
    while True:
        kill = pending[0] if pending else None
        entries = entries_from(lines, resume, has_game)
        run.processes += 1
        process = run_bot(scenario, entries, folder, kill, f"process-{run.processes}")
        view = read_database(folder / "game.db")
        ref = reference(scenario)  # played meanwhile, in another thread
        if not process.killed or kill is None:
            run.missed = len(pending)
            run.problems += check_end(ref, process, view)
            run.finished = not run.problems
            break
        pending.pop(0)
        trial = Trial(scenario.name, number, len(run.trials) + 1, kill.describe(lines))
        trial.problems += process.problems
        resume = examine_kill(ref, process, view, resume, trial)
        has_game = view is not None and view.game is not None
        run.trials.append(trial)
        if trial.problems:
            break  # the database is not one the rest of the script can be played on
    if run.ok:
        shutil.rmtree(folder / "out", ignore_errors=True)  # board pictures, megabytes
    return run


# -- a batch of trials ------------------------------------------------------------------
Run = TypeVar("Run", bound=GameRun)


@dataclass(slots=True)
class Report(Generic[Run]):
    """A batch of games with their kills: what survived, said in one line, and every
    problem found."""

    seed: int
    runs: list[Run]
    seconds: float

    @property
    def trials(self) -> list[Trial]:
        return [t for r in self.runs for t in r.trials]

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.runs)

    def summary(self) -> str:
        trials = self.trials
        survived = sum(1 for t in trials if not t.problems)

        text = (
            f"crash trials: {survived}/{len(trials)} survived "
            f"({len(self.runs)} games, {sum(r.processes for r in self.runs)} bot processes, "
            f"seed {self.seed}, {self.seconds:.0f}s); "
            f"acknowledged actions {sum(t.acknowledged for t in trials)}, "
            f"recovered {sum(t.recovered for t in trials)}; "
            f"killed mid-command: {cut_offs(trials)}; "
            f"games ended and verified {sum(r.finished for r in self.runs)}/{len(self.runs)}"
        )
        missed = sum(r.missed for r in self.runs)
        return text + (f"; {missed} kill(s) came after the game was over" if missed else "")

    def failures(self) -> str:
        """Every problem found, by game and by trial, one a line."""
        lines = [f"{r.scenario} game {r.game}: {p}" for r in self.runs for p in r.problems]
        for t in self.trials:
            where = f"{t.scenario} game {t.game} trial {t.number} (kill {t.kill})"
            lines += [f"{where}: {p}" for p in t.problems]
        return "\n".join(lines)


def cut_offs(trials: Sequence[Trial]) -> str:
    """What became of the commands the kills cut off, for a report's summary."""

    def cut(kind: str) -> int:
        return sum(1 for t in trials if t.cut_off.startswith(kind))

    return (
        f"{cut('committed')} committed ({cut('committed, no reply')} before any reply), "
        f"{cut('rolled back')} rolled back, {cut('read-only')} read-only"
    )


def game_plan(trials: int, seed: int) -> list[tuple[Scenario, int, list[Kill]]]:
    """Share ``trials`` kills between the scenarios (the shorter script takes the odd
    one), at most KILLS_PER_GAME per game, each game with its own seeded kill points."""
    by_length = sorted(SCENARIOS, key=lambda s: len(script_lines(s)))
    counts = {s: trials // len(SCENARIOS) for s in SCENARIOS}
    for scenario in by_length[: trials % len(SCENARIOS)]:
        counts[scenario] += 1
    plan = []
    for scenario in SCENARIOS:
        count = counts[scenario]
        games = math.ceil(count / KILLS_PER_GAME)
        for game in range(games):
            kills = count // games + (1 if game < count % games else 0)
            rng = random.Random(f"{seed}:{scenario.name}:{game}")
            plan.append((scenario, game + 1, plan_kills(rng, len(script_lines(scenario)), kills)))
    return plan


def run_trials(trials: int, seed: int, folder: Path) -> Report[GameRun]:
    """Play games until ``trials`` kills have been survived (or not), two or more games
    at a time, while this thread plays the uninterrupted games to compare them with."""
    started = time.monotonic()
    plan = game_plan(trials, seed)
    workers = max(2, min(len(plan), os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(play_game, scenario, game, kills, folder / f"{scenario.name}-{game}")
            for scenario, game, kills in plan
        ]
        for scenario in {s for s, _, _ in plan}:
            reference(scenario)
        runs = [f.result() for f in futures]
    return Report(seed, runs, time.monotonic() - started)
