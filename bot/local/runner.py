"""The terminal front end: an interactive prompt or a script of command lines."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.local.lines import MalformedLine, parse_line
from bot.local.session import LocalSession
from bot.service import GameService
from bot.store import open_store
from rules.core.dice import new_seed
from rules.core.language import Language

BANNER = (
    "Umpire local mode. Type commands as a user, e.g.\n"
    "  @alice /game new system:demo\n"
    "  @bob /game join\n"
    "The @name prefix stays until you change it. /help lists commands; Ctrl-D quits.\n"
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


async def run_local(args: argparse.Namespace, database_path: str, reminder_hours: float) -> int:
    seeds = seeds_from(args.seed)
    db = await open_store(args.db or database_path)
    service = GameService(
        db, default_reminder_seconds=int(reminder_hours * 3600), seed_source=seeds
    )
    session = LocalSession(
        service, args.out, show_demo=args.demo, dice_seed=seeds, language=args.language
    )
    try:
        if args.script is not None:
            return await run_script(session, args.script)
        return await run_interactive(session)
    finally:
        await db.close()


async def run_script(session: LocalSession, path: Path) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"[error] cannot read script {path}: {exc.strerror}", file=sys.stderr)
        return 1
    status = 0
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            parsed = parse_line(line)
            if parsed is None:
                continue
            print(f"> {line.strip()}")
            await session.run(parsed)
        except MalformedLine as problem:
            print(f"[error] line {number}: {problem}")
            status = 1
    return status


def enable_line_editing(stdin: TextIO) -> bool:
    """Arrow keys and history for a person typing at a terminal (``readline`` hooks
    ``input``); piped input is read as it comes."""
    if not stdin.isatty():
        return False
    try:
        importlib.import_module("readline")
    except ImportError:  # Python built without it (some Windows builds)
        return False
    return True


async def run_interactive(session: LocalSession) -> int:
    enable_line_editing(sys.stdin)
    print(BANNER)
    loop = asyncio.get_running_loop()
    while True:
        prompt = f"{session.user or '?'}> "
        try:
            line = await loop.run_in_executor(None, input, prompt)
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        try:
            parsed = parse_line(line)
            if parsed is not None:
                await session.run(parsed)
        except MalformedLine as problem:
            print(f"[error] {problem}")
