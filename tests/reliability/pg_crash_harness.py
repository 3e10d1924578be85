"""Crash trials on PostgreSQL: two real bot processes play one game, one of them is
killed at random moments.

Each game is a scenario's script (:mod:`tests.reliability.crash_harness`: the same
scripts, the same uninterrupted reference game) played on a database of its own on the
throwaway PostgreSQL server, by two ``python -m bot local`` processes at once with
``UMPIRE_DATABASE_URL`` naming that database. They are driven as a person at a terminal
would drive them: a command line is typed into one of them and its answer read up to the
next prompt, then the next line is typed, into whichever process the game's seeded
random draw gives it (the lobby goes to the first). So each process acts on a game the
other has moved on since it last saw it, as two processes of a cluster do when a click
lands on one and the channel belongs to the other.

At seeded moments one process is killed with SIGKILL, in one of three ways, taken in turn:

* ``held``: the harness locks the game's row (``SELECT … FOR UPDATE`` in a transaction of
  its own), types a command that changes the game, waits until the server shows that
  process's write waiting on the lock (``pg_stat_activity``), kills the process and only
  then lets the lock go: the kill lands exactly while the write is under way on the
  server, which then either commits it (one statement, sent whole) or rolls it back
  (a transaction cut off half way);
* ``pause``: a command is typed and the process killed a seeded random 0-20 ms later
  (most commands take 3-40 ms), anywhere in it: the rules, the write, the replies, the
  board picture (a kill that comes after the answer counts as one between commands);
* ``idle``: either process is killed between commands, holding open connections.

Each kill is one trial. Once every connection of the killed process has left the server,
the harness reads the database (one consistent snapshot) and checks what the SQLite
trials check: the log is the uninterrupted game's up to some line, so every command
either process acknowledged is in it once and the command cut off is wholly there or
wholly absent; its records run 1, 2, … up to the game's version; the stored snapshot is
the state the log folds to, and the game row is the uninterrupted game's at that version;
every reply printed is the reply the uninterrupted game gave. The killed process is then
started again; its first line is ``/game verify`` (its own check of snapshot against log)
and the script goes on from the first line the database does not hold. At the end the
log equals the uninterrupted game's record for record, the last line's ``/game verify``
passes with every roll checked against the revealed seed, and both processes exit
cleanly without a traceback.
"""

from __future__ import annotations

import codecs
import contextlib
import math
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from psycopg.rows import TupleRow

from bot.local.session import LOCAL_CHANNEL
from bot.store import GameRow, LogRow, SeatRow
from bot.store.schema_pg import available
from tests.reliability.crash_harness import (
    KILLS_PER_GAME,
    ROOT,
    SCENARIOS,
    DatabaseView,
    Echo,
    Entry,
    GameRun,
    Process,
    Reference,
    Report,
    Scenario,
    Trial,
    check_database,
    check_final_database,
    cut_offs,
    examine_kill,
    reference,
    replies_problems,
    script_lines,
)

LATEST_PG_SCHEMA = available()[-1][0]
COMMAND_TIMEOUT = 120.0  # seconds one command (or a start-up) may take
GONE_TIMEOUT = 30.0  # seconds for the server to notice a killed process's connections
HOW = ("held", "pause", "idle")
LONGEST_PAUSE = 0.02


# -- reading the database --------------------------------------------------------------
def read_postgres(url: str) -> DatabaseView:
    """The database as the next process would find it, read in one snapshot. Its
    ``integrity`` is ``ok`` when every game's log runs 1, 2, … up to the game's version
    (the store's own check) and no record belongs to a game that does not exist."""
    with psycopg.connect(url) as conn:
        conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        with conn.transaction():
            tables = frozenset(
                str(r[0])
                for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
            )
            if "games" not in tables:
                return DatabaseView("ok", 0, tables, (), (), ())
            found = conn.execute("SELECT version FROM umpire_schema").fetchone()
            version = int(found[0]) if found else 0
            problems = [
                f"game {game} at version {at} has {count} records up to {last}"
                for game, at, count, last in conn.execute(
                    "SELECT g.id, g.version, count(e.seq), COALESCE(max(e.seq), 0) "
                    "FROM games g LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id "
                    "HAVING count(e.seq) <> g.version OR COALESCE(max(e.seq), 0) <> g.version"
                )
            ]
            orphans = conn.execute(
                "SELECT count(*) FROM events WHERE game_id NOT IN (SELECT id FROM games)"
            ).fetchone()
            if orphans and orphans[0]:
                problems.append(f"{orphans[0]} records of no game")
            columns = ", ".join(GameRow.__slots__)
            games = tuple(
                GameRow(*row)
                for row in conn.execute(
                    f"SELECT {columns} FROM games WHERE channel_id = %s ORDER BY id",
                    (LOCAL_CHANNEL,),
                )
            )
            seats: tuple[SeatRow, ...] = ()
            log: tuple[LogRow, ...] = ()
            if games:
                game_id = games[-1].id
                seats = tuple(
                    SeatRow(*row)
                    for row in conn.execute(
                        "SELECT seat, user_id, name, position FROM seats WHERE game_id = %s "
                        "ORDER BY position",
                        (game_id,),
                    )
                )
                log = tuple(
                    LogRow(*row)
                    for row in conn.execute(
                        "SELECT seq, batch, kind, seat, user_id, scope, payload, created_at "
                        "FROM events WHERE game_id = %s ORDER BY seq",
                        (game_id,),
                    )
                )
    return DatabaseView("; ".join(problems) or "ok", version, tables, games, seats, log)


def backends(watch: psycopg.Connection[TupleRow], name: str, *, waiting: bool = False) -> list[str]:
    """The statements of the server's connections of the process called ``name`` (its
    ``application_name``); with ``waiting``, only of those waiting on a lock. ``watch``
    is in autocommit, so each look sees the server as it is now."""
    condition = " AND wait_event_type = 'Lock'" if waiting else ""
    rows = watch.execute(
        f"SELECT query FROM pg_stat_activity WHERE application_name = %s{condition}", (name,)
    ).fetchall()
    return [str(r[0]) for r in rows]


def wait_gone(watch: psycopg.Connection[TupleRow], name: str) -> bool:
    """Wait until the server has closed every connection of the killed process ``name``
    (a statement it was running has then committed or rolled back)."""
    deadline = time.monotonic() + GONE_TIMEOUT
    while backends(watch, name):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


@contextlib.contextmanager
def row_held(url: str) -> Iterator[None]:
    """The channel's latest game's row locked (``FOR UPDATE``) until the block ends."""
    with psycopg.connect(url) as conn:
        conn.execute(
            "SELECT id FROM games WHERE channel_id = %s ORDER BY id DESC LIMIT 1 FOR UPDATE",
            (LOCAL_CHANNEL,),
        )
        try:
            yield
        finally:
            conn.rollback()


# -- one bot process at a terminal -------------------------------------------------------
class Terminal:
    """``python -m bot local`` on the PostgreSQL database ``url``, typed into line by line
    through a pipe. Without a terminal the bot still prints its prompt (``alice> ``) once a
    command has been answered and it waits for the next: that prompt, at the start of a
    line, is where the answer ends."""

    def __init__(self, scenario: Scenario, url: str, folder: Path, name: str) -> None:
        self.name = name
        self.errors = folder / f"{name}.err"
        env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
        env["PYTHONUNBUFFERED"] = "1"  # each reply reaches the pipe as soon as it is printed
        env["UMPIRE_DATABASE_URL"] = url
        env["PGAPPNAME"] = name  # how the server names this process's connections
        command = [sys.executable, "-m", "bot", "local", "--demo", "--seed", str(scenario.seed)]
        command += ["--out", str(folder / "out")]
        self._text = ""
        self._changed = threading.Condition()
        self._ended = False
        with self.errors.open("w", encoding="utf-8") as errors:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=errors, bufsize=0,
            )  # fmt: skip
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")  # a kill may cut
        fd = self.process.stdout.fileno()
        while chunk := os.read(fd, 65536):
            with self._changed:
                self._text += decoder.decode(chunk)
                self._changed.notify_all()
        with self._changed:
            self._text += decoder.decode(b"", final=True)
            self._ended = True
            self._changed.notify_all()

    def _prompted(self, user: str | None) -> bool:
        prompt = f"{user or '?'}> "
        return self._text.endswith(prompt) and self._text[: -len(prompt)][-1:] in ("", "\n")

    def answer(self, user: str | None, timeout: float = COMMAND_TIMEOUT) -> list[str] | None:
        """The lines printed up to the prompt for ``user`` (``?`` before anyone acted);
        None if the process ended first (what it printed stays for :meth:`taken`)."""
        with self._changed:
            self._changed.wait_for(lambda: self._prompted(user) or self._ended, timeout)
            if not self._prompted(user):
                return None
            text, self._text = self._text[: -len(f"{user or '?'}> ")], ""
        return text.splitlines()

    def taken(self, user: str | None) -> tuple[list[str], bool]:
        """What was printed since the last answer, and whether it ended in the prompt
        for ``user`` (the command had been answered whole)."""
        with self._changed:
            whole = self._prompted(user)
            text = self._text[: -len(f"{user or '?'}> ")] if whole else self._text
            self._text = ""
        return text.splitlines(), whole

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.write(line.encode() + b"\n")

    def run(self, line: str, user: str | None) -> list[str] | None:
        self.type(line)
        return self.answer(user)

    def waits(self, user: str | None) -> bool:
        """Whether the last command has been answered (or the process has ended)."""
        with self._changed:
            return self._prompted(user) or self._ended

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._reader.join(10)

    def finish(self, timeout: float = COMMAND_TIMEOUT) -> int:
        """End of input: the bot closes its database and exits; its exit status."""
        assert self.process.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.close()
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return -signal.SIGKILL
        self._reader.join(10)
        return status

    def stderr(self) -> str:
        return self.errors.read_text(encoding="utf-8", errors="replace")


# -- the plan of a game -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PairKill:
    """Kill ``victim`` at script line ``at`` (an index), as ``how`` says (see the module)."""

    at: int
    how: str
    victim: int
    pause: float = 0.0

    def describe(self, lines: Sequence[object]) -> str:
        number = getattr(lines[self.at], "number", self.at)
        if self.how == "held":
            return f"process {self.victim} while its write of line {number} was held"
        if self.how == "pause":
            return f"process {self.victim} {self.pause * 1000:.0f}ms into line {number}"
        return f"process {self.victim}, idle, after line {number}"


def start_line(ref: Reference) -> int:
    """The index of the line that starts the game: the lobby before it is the first
    process's, so each process knows every seated player's name from its first command."""
    return next(i for i, step in enumerate(ref.steps) if step.text.endswith("/game start"))


def owners_of(ref: Reference, rng: random.Random) -> list[int]:
    """Which process each line is typed into: the lobby the first's, then a seeded draw."""
    start = start_line(ref)
    return [0 if i <= start else rng.randrange(2) for i in range(len(ref.steps))]


def plan_pair_kills(
    ref: Reference, owners: Sequence[int], rng: random.Random, hows: Sequence[str]
) -> dict[int, PairKill]:
    """A kill of each of ``hows`` at seeded lines after the start and before the last
    two; a held write only where the uninterrupted game changed (the write to hold)."""
    candidates = list(range(start_line(ref) + 1, len(ref.steps) - 2))
    changing = [i for i in candidates if ref.changes(i)]
    plan: dict[int, PairKill] = {}
    for how in hows:
        pool = [i for i in (changing if how == "held" else candidates) if i not in plan]
        at = rng.choice(pool)
        victim = rng.randrange(2) if how == "idle" else owners[at]
        pause = rng.uniform(0.0, LONGEST_PAUSE) if how == "pause" else 0.0
        plan[at] = PairKill(at, how, victim, pause)
    return plan


# -- playing a game ---------------------------------------------------------------------
@dataclass(slots=True)
class PairRun(GameRun):
    kills: list[PairKill] = field(default_factory=list)  # as they came
    held: list[str] = field(default_factory=list)  # the statements a kill caught waiting


def examine_idle(ref: Reference, echoes: Sequence[Echo], view: DatabaseView, trial: Trial) -> int:
    """A process killed between commands: the game is exactly where the last answered
    line left it. Returns the line to go on from."""
    facts, matched, problems = check_database(ref, view, LATEST_PG_SCHEMA)
    trial.problems += problems
    done = [e.entry.line for e in echoes if e.entry.line is not None]
    assert done, "an idle kill comes after an answered line"
    changing = [i for i in done if ref.changes(i)]
    trial.acknowledged = len(changing)
    trial.recovered = sum(1 for i in changing if ref.steps[i].after.version <= matched)
    if trial.recovered < trial.acknowledged:
        trial.problems.append(
            f"{trial.acknowledged - trial.recovered} acknowledged command(s) "
            f"not in the log (version {facts.version})"
        )
    expected = ref.steps[done[-1]].after.version
    if facts.version != expected:
        trial.problems.append(f"version {facts.version} after an idle kill, not {expected}")
    trial.cut_off = "idle"
    trial.problems += replies_problems(ref, echoes, cut_last=False)
    return done[-1] + 1


class PairGame:
    """One scenario's game played by two processes on the database ``url``."""

    def __init__(
        self,
        scenario: Scenario,
        number: int,
        url: str,
        folder: Path,
        hows: Sequence[str],
        seed: int,
    ) -> None:
        self.scenario = scenario
        self.url = url
        self.folder = folder
        self.lines = script_lines(scenario)
        self.ref = reference(scenario)
        rng = random.Random(f"{seed}:{scenario.name}:{number}:pair")
        self.owners = owners_of(self.ref, rng)
        self.plan = plan_pair_kills(self.ref, self.owners, rng, hows)
        self.record = PairRun(scenario.name, number)
        self.started: list[Terminal] = []
        folder.mkdir(parents=True, exist_ok=True)

    def start(self, index: int) -> Terminal:
        """Start process ``index`` (again) and wait for its first prompt."""
        self.record.processes += 1
        name = f"crash-{self.scenario.name}-{self.record.game}-p{index}-{len(self.started)}"
        terminal = Terminal(self.scenario, self.url, self.folder, name)
        self.started.append(terminal)
        if terminal.answer(None) is None:
            self.record.problems.append(f"{name} did not start: {terminal.stderr()[-800:]}")
        return terminal

    def play(self) -> PairRun:
        run = self.record
        with psycopg.connect(self.url, autocommit=True) as watch:
            terminals = [self.start(0), self.start(1)]
            try:
                self._play(terminals, watch)
            finally:
                for terminal in terminals:
                    status = terminal.finish()
                    if status != 0 and run.ok:
                        run.problems.append(f"{terminal.name}: exit status {status}")
                for terminal in self.started:
                    terminal.kill()
                    if "Traceback" in terminal.stderr():
                        run.problems.append(f"{terminal.name}: {terminal.stderr()[-1500:]}")
        run.missed = len(self.plan)
        run.finished = run.ok
        return run

    def _play(self, terminals: list[Terminal], watch: psycopg.Connection[TupleRow]) -> None:
        run = self.record
        echoes: list[Echo] = []  # answered since the last kill, by either process
        index = 0
        while index < len(self.lines):
            if run.problems:
                return
            line = self.lines[index]
            kill = self.plan.pop(index, None)
            if kill is None or kill.how == "idle":
                said = terminals[self.owners[index]].run(line.text, line.user)
                if said is None:
                    run.problems.append(f"a process died at line {line.number}")
                    return
                echoes.append(Echo(Entry(line.text, index), said))
                index += 1
                if kill is None:
                    continue
            trial = Trial(run.scenario, run.game, len(run.trials) + 1, kill.describe(self.lines))
            run.trials.append(trial)
            run.kills.append(kill)
            victim = terminals[kill.victim]
            cut = self.kill(kill, victim, watch, trial)
            if cut is not None and cut[1]:  # answered whole before the kill came
                trial.kill += " (after its answer)"
                echoes.append(cut[0])
                index, cut = index + 1, None
            if not wait_gone(watch, victim.name):
                trial.problems.append(f"{victim.name}'s connections outlived it")
            view = read_postgres(self.url)
            if cut is None:
                index = examine_idle(self.ref, echoes, view, trial)
            else:
                killed = Process([*echoes, cut[0]], -signal.SIGKILL, [])
                index = examine_kill(self.ref, killed, view, index, trial, LATEST_PG_SCHEMA)
            if trial.problems:
                return  # the game is not one the rest of the script can be played on
            terminals[kill.victim] = self.start(kill.victim)
            user = self.lines[index - 1].user
            verify = f"@{user} /game verify"
            echoes = [Echo(Entry(verify, None), terminals[kill.victim].run(verify, user) or [])]
        run.problems += self.check_end(echoes)

    def kill(
        self,
        kill: PairKill,
        victim: Terminal,
        watch: psycopg.Connection[TupleRow],
        trial: Trial,
    ) -> tuple[Echo, bool] | None:
        """Kill ``victim`` as ``kill`` says; the echo of the command the kill cut off, and
        whether it had been answered whole all the same; None for a kill between commands."""
        line = self.lines[kill.at]
        if kill.how == "idle":
            victim.kill()
            return None
        if kill.how == "pause":
            victim.type(line.text)
            time.sleep(kill.pause)
            victim.kill()
        else:
            with row_held(self.url):
                victim.type(line.text)
                deadline = time.monotonic() + COMMAND_TIMEOUT
                waiting = backends(watch, victim.name, waiting=True)
                while not (waiting or victim.waits(line.user) or time.monotonic() > deadline):
                    time.sleep(0.002)
                    waiting = backends(watch, victim.name, waiting=True)
                victim.kill()  # the server holds the write until the lock goes
            if waiting:
                self.record.held.append(" ".join(waiting[0].split()[:4]))
            else:
                trial.problems.append(f"line {line.number} wrote nothing the lock held")
        said, whole = victim.taken(line.user)
        return Echo(Entry(line.text, kill.at), said), whole

    def check_end(self, echoes: Sequence[Echo]) -> list[str]:
        """The last line was the script's, its verify passed, and the game is the
        uninterrupted one's."""
        problems = replies_problems(self.ref, echoes, cut_last=False)
        last = echoes[-1] if echoes else None
        if last is None or last.entry.line != len(self.lines) - 1:
            problems.append("the script was not played to its end")
        elif not any("Verified: all" in s and "state matches the log" in s for s in last.said()):
            problems.append(f"the final verify said {last.said()}")
        view = read_postgres(self.url)
        return problems + check_final_database(self.ref, view, LATEST_PG_SCHEMA)


# -- a batch of games -------------------------------------------------------------------
@dataclass(slots=True)
class PairReport(Report[PairRun]):
    @property
    def ok(self) -> bool:
        return all(r.finished for r in self.runs)

    def summary(self) -> str:
        trials = self.trials
        survived = sum(1 for t in trials if not t.problems)

        def killed(how: str) -> int:
            return sum(1 for t in trials if how in t.kill)

        held = sum(len(r.held) for r in self.runs)
        return (
            f"crash trials on PostgreSQL, two processes a game: {survived}/{len(trials)} "
            f"survived ({len(self.runs)} games, {sum(r.processes for r in self.runs)} bot "
            f"processes, seed {self.seed}, {self.seconds:.0f}s); acknowledged actions "
            f"{sum(t.acknowledged for t in trials)}, recovered {sum(t.recovered for t in trials)}; "
            f"killed with a write held on the server {held}, in a command after a pause "
            f"{killed('ms into')}, between commands {killed('idle')}; the command cut off: "
            f"{cut_offs(trials)}; games ended and "
            f"verified {sum(r.finished for r in self.runs)}/{len(self.runs)}"
        )


def pair_plan(
    trials: int, scenarios: Sequence[Scenario] = SCENARIOS
) -> list[tuple[Scenario, int, list[str]]]:
    """Share ``trials`` kills between ``scenarios`` as the SQLite trials do (the shorter
    scripts take the odd ones), at most KILLS_PER_GAME a game; the ways of killing are
    taken in turn over all of them, so any three kills include one of each."""
    by_length = sorted(scenarios, key=lambda s: len(script_lines(s)))
    counts = {s: trials // len(scenarios) for s in scenarios}
    for scenario in by_length[: trials % len(scenarios)]:
        counts[scenario] += 1
    plan = []
    taken = 0
    for scenario in by_length:
        games = math.ceil(counts[scenario] / KILLS_PER_GAME)
        for game in range(games):
            kills = counts[scenario] // games + (1 if game < counts[scenario] % games else 0)
            plan.append((scenario, game + 1, [HOW[(taken + k) % len(HOW)] for k in range(kills)]))
            taken += kills
    return plan


def play_game(
    scenario: Scenario,
    number: int,
    hows: Sequence[str],
    seed: int,
    folder: Path,
    new_database: Callable[[], str],
) -> PairRun:
    url = new_database()
    return PairGame(scenario, number, url, folder / f"{scenario.name}-{number}", hows, seed).play()


def run_pair_trials(
    trials: int,
    seed: int,
    folder: Path,
    new_database: Callable[[], str],
    scenarios: Sequence[Scenario] = SCENARIOS,
) -> PairReport:
    """Play games of ``scenarios`` until ``trials`` kills have been survived (or not), two
    games at a time, each on a database ``new_database`` makes."""
    started = time.monotonic()
    plan = pair_plan(trials, scenarios)
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [
            pool.submit(play_game, scenario, game, hows, seed, folder, new_database)
            for scenario, game, hows in plan
        ]
        for scenario in {s for s, _, _ in plan}:
            reference(scenario)
        runs = [f.result() for f in futures]
    return PairReport(seed, runs, time.monotonic() - started)
