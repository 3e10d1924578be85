"""The terminal front end: an interactive prompt or a script of command lines.

SIGTERM (or SIGHUP) stops it gracefully: a command under way finishes and is shown, then
the database is closed and the process exits with status 0.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from bot.local.completion import start_line_editing
from bot.local.lines import MalformedLine, actor_of, parse_line
from bot.local.session import LocalSession
from bot.local.suggestions import listed, suggest
from bot.service import GameService
from bot.store import open_store
from rules.core.dice import new_seed
from rules.core.language import Language

BANNER = (
    "Umpire local mode. Type commands as a user, e.g.\n"
    "  @alice /game new system:demo\n"
    "  @bob /game join\n"
    "The @name prefix stays until you change it. /help lists commands; Ctrl-D quits.\n"
    "Tab completes what Discord would suggest (Tab twice lists it); a line ending in ?\n"
    "lists the suggestions for what you are typing, e.g. `/act ?` or `/rules cov?`.\n"
    "Local only: /dms open:false closes the current user's direct messages (open:true reopens)."
)


def seeds_from(seed: int | None) -> Callable[[], bytes]:
    """Game and dice seeds: derived from ``--seed`` for reproducible runs, else random."""
    if seed is None:
        return new_seed
    counter = iter(range(1_000_000_000))
    return lambda: hashlib.sha256(f"umpire-local:{seed}:{next(counter)}".encode()).digest()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--demo", action="store_true", help="offer the demo game system")
    parser.add_argument("--script", type=Path, help="run the command lines of this file and exit")
    parser.add_argument("--seed", type=int, help="fixed seed for reproducible dice")
    parser.add_argument("--out", type=Path, default=Path("./umpire-out"), help="where images go")
    parser.add_argument(
        "--language",
        type=Language,
        choices=list(Language),
        default=Language.ENGLISH,
        help="the players' language, as their Discord locale would give it (en, de)",
    )
    parser.add_argument(
        "--db",
        default=None,
        help="SQLite file or postgresql:// address (default: the configured one)",
    )


def run_local_mode(args: argparse.Namespace, database_path: str, reminder_hours: float) -> int:
    """Run local mode to its end. Stopped while waiting for typing, the thread reading the
    terminal is still blocked in ``input``: the process then exits at once, the database
    already closed, since the interpreter cannot finish while that thread holds stdin."""
    status = asyncio.run(run_local(args, database_path, reminder_hours))
    if any(t.name == READER and t.is_alive() for t in threading.enumerate()):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    return status


READER = "umpire-input"


async def run_local(args: argparse.Namespace, database_path: str, reminder_hours: float) -> int:
    seeds = seeds_from(args.seed)
    db = await open_store(args.db or database_path)
    service = GameService(
        db, default_reminder_seconds=int(reminder_hours * 3600), seed_source=seeds
    )
    session = LocalSession(
        service, args.out, show_demo=args.demo, dice_seed=seeds, language=args.language
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in STOP_SIGNALS:  # only between commands: one under way finishes
        loop.add_signal_handler(signum, stop.set)
    try:
        if args.script is not None:
            return await run_script(session, args.script, stop)
        return await run_interactive(session, stop)
    finally:
        for signum in STOP_SIGNALS:
            loop.remove_signal_handler(signum)
        await db.close()


STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


async def run_script(session: LocalSession, path: Path, stop: asyncio.Event | None = None) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"[error] cannot read script {path}: {exc.strerror}", file=sys.stderr)
        return 1
    status = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if stop is not None and stop.is_set():
            print("[stopped] the rest of the script was not run")
            return status
        if asks_for_suggestions(line):
            print(f"> {line.strip()}")
            await show_suggestions(session, line)
            continue
        try:
            parsed = parse_line(line)
            if parsed is None:
                continue
            print(f"> {line.strip()}")
            await session.run(parsed)
        except MalformedLine as problem:
            session.act_as(problem.user)
            print(f"[error] line {number}: {problem}")
            status = 1
    return status


def asks_for_suggestions(line: str) -> bool:
    """A command line ending in ``?`` asks what could be typed there, and runs nothing."""
    stripped = line.strip()
    return stripped.endswith("?") and not stripped.startswith("#")


async def show_suggestions(session: LocalSession, line: str) -> None:
    """The suggestions for the line before its ``?``, as Discord would show them."""
    typed = line.strip()[:-1]
    session.act_as(actor_of(typed))
    offer = await suggest(session, typed)
    for said in listed(offer):
        session.emit(f"[suggest] {said}")


async def read_line(prompt: str) -> str:
    """One line typed at ``prompt``, read in a daemon thread so that a process told to stop
    while it waits for typing can exit."""
    loop = asyncio.get_running_loop()
    line: asyncio.Future[str] = loop.create_future()

    def settle(value: str | None, error: BaseException | None) -> None:
        if line.done():
            return
        if error is not None:
            line.set_exception(error)
        else:
            line.set_result(value or "")

    def read() -> None:
        try:
            value = input(prompt)
        except BaseException as error:  # EOF or Ctrl-C, handed to the loop
            loop.call_soon_threadsafe(settle, None, error)
        else:
            loop.call_soon_threadsafe(settle, value, None)

    threading.Thread(target=read, name=READER, daemon=True).start()
    return await line


async def run_interactive(session: LocalSession, stop: asyncio.Event | None = None) -> int:
    editing = start_line_editing(sys.stdin, session, asyncio.get_running_loop())
    print(BANNER)
    stopping = stop or asyncio.Event()
    while True:
        prompt = f"{session.user or '?'}> "
        if editing is not None:
            editing.prompt = prompt
        reading = asyncio.ensure_future(read_line(prompt))
        asked = asyncio.ensure_future(stopping.wait())
        await asyncio.wait({reading, asked}, return_when=asyncio.FIRST_COMPLETED)
        asked.cancel()
        if not reading.done():
            reading.cancel()
            print()
            return 0
        try:
            line = reading.result()
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        if editing is not None:
            editing.remember(line)
        if asks_for_suggestions(line):
            await show_suggestions(session, line)
            continue
        try:
            parsed = parse_line(line)
            if parsed is not None:
                await session.run(parsed)
        except MalformedLine as problem:
            session.act_as(problem.user)
            print(f"[error] {problem}")
