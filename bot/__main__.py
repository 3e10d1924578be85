"""``python -m bot``: run on Discord when a token is configured, else the local mode.

* ``DISCORD_TOKEN`` set (environment or ``.env``): connect to Discord.
* No token, interactive terminal: say so in one line and start the local terminal mode.
* No token, no terminal: exit with status 2 naming the missing variable.
* ``python -m bot local [--demo] [--script FILE] [--seed N] [--out DIR] [--db PATH]``.
* ``python -m bot check-db [--db PATH]``: the full integrity check of the database file.
* ``python -m bot migrate-store --from sqlite:///path --to postgresql://…``: copy every game
  from an SQLite file to a PostgreSQL database and check the copy (safe to re-run).
* ``python -m bot backup --to FILE [--db PATH]``: a checked copy of the SQLite database,
  taken while the bot runs (:mod:`bot.backup`).
* ``python -m bot cluster --processes N [--shards M]``: N bot processes sharing the gateway
  shards and the database (see :mod:`bot.cluster`).

On Discord the bot stops gracefully on SIGTERM or SIGINT: it finishes the replies under
way and sends what waits in the channel pacer before closing.

For tests, ``UMPIRE_DISCORD_API`` and ``UMPIRE_DISCORD_GATEWAY`` point the bot (and a
cluster's every process) at a stand-in for Discord on this machine
(:mod:`bot.discord_endpoints`).

Games are kept in the SQLite file ``UMPIRE_DATABASE``, or on the PostgreSQL server named by
``UMPIRE_DATABASE_URL=postgresql://…`` when that is set. A database that cannot be used
(not SQLite, damaged, read-only, in a folder that cannot be made; a malformed address, a
server that cannot be reached) stops start-up with one line naming the file or address
and the problem, and status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

import discord
from pydantic import ValidationError

from bot.backup import main_backup
from bot.cluster import main_cluster
from bot.config import Settings
from bot.database_check import check_database
from bot.discord_endpoints import use_discord_at
from bot.local.runner import add_arguments, run_local_mode
from bot.log_format import log_handler
from bot.runtime import settle_heap
from bot.store import DatabaseUnusable, open_store
from bot.store_copy import main_copy
from bot.systems import install_systems
from rules.core.packs import PackError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Umpire wargame referee")
    sub = parser.add_subparsers(dest="mode")
    add_arguments(sub.add_parser("local", help="play in this terminal without Discord"))
    check = sub.add_parser("check-db", help="run the full integrity check of the database")
    check.add_argument(
        "--db",
        default=None,
        help="SQLite file or postgresql:// address (default: the configured one)",
    )
    move = sub.add_parser(
        "migrate-store", help="copy every game from an SQLite file to a PostgreSQL database"
    )
    move.add_argument("--from", dest="source", required=True, help="sqlite:///path or a path")
    move.add_argument("--to", dest="target", required=True, help="postgresql://… address")
    backup = sub.add_parser(
        "backup", help="copy the SQLite database while the bot runs, and check the copy"
    )
    backup.add_argument("--to", dest="target", required=True, help="the new backup file")
    backup.add_argument("--db", default=None, help="SQLite file (default: the configured one)")
    cluster = sub.add_parser(
        "cluster", help="run the bot on Discord as several processes sharing the shards"
    )
    cluster.add_argument("--processes", type=int, default=2, help="how many (default 2)")
    cluster.add_argument(
        "--shards",
        type=int,
        default=None,
        help="the shard count (default: UMPIRE_SHARD_COUNT, else Discord's recommendation)",
    )
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        print(f"error: a setting is not valid: {settings_problem(error)}", file=sys.stderr)
        return 2
    if args.mode == "check-db":
        return check_database(args.db or settings.database_location)
    if args.mode == "backup":
        return main_backup(args.db or settings.database_location, args.target)
    if args.mode == "migrate-store":
        try:  # every system a saved game may use, to replay its log
            install_systems(unlisted=True)
        except PackError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        return main_copy(args.source, args.target)
    logging.basicConfig(
        level=settings.log_level.upper(), handlers=[log_handler(settings.log_format)]
    )
    try:
        install_systems(unlisted=args.mode == "local" and args.demo)
    except PackError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    settle_heap()
    try:
        return run(parser, args, settings)
    except DatabaseUnusable as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, settings: Settings) -> int:
    if args.mode == "local":
        return run_local_mode(args, settings.database_location, settings.reminder_hours)
    use_discord_at(settings)  # Discord's servers, unless a test names a stand-in
    if args.mode == "cluster" and settings.token is not None:
        asyncio.run(usable(settings.database_location))  # migrated once, before any process
        shards = args.shards if args.shards is not None else settings.shard_count
        return main_cluster(args.processes, shards, settings.token, settings.metrics_port)
    if args.mode == "cluster":
        return main_cluster(args.processes, args.shards, None, None)  # says what is missing
    token = settings.token
    if token is None:
        if sys.stdin.isatty() and sys.stdout.isatty():
            print("DISCORD_TOKEN is not set, so Umpire starts in local terminal mode.")
            local = parser.parse_args(["local"])
            return run_local_mode(local, settings.database_location, settings.reminder_hours)
        print(
            "error: DISCORD_TOKEN is not set (environment or .env) and there is no terminal "
            "for local mode.",
            file=sys.stderr,
        )
        return 2
    from bot.discord_app import PortUnusable, create_bot, serve

    asyncio.run(usable(settings.database_location))  # before connecting: a bad file stops here
    bot = create_bot(settings)
    try:
        asyncio.run(serve(bot, token))
    except (PortUnusable, discord.LoginFailure) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def settings_problem(error: ValidationError) -> str:
    """The first invalid setting, named as it is set (``UMPIRE_SHARD_COUNT: …``)."""
    first = error.errors()[0]
    name = ".".join(str(part) for part in first["loc"]) or "settings"
    return f"{name}: {first['msg']}"


async def usable(path: str) -> None:
    """Open, check and migrate the database once, then close it (DatabaseUnusable if not)."""
    db = await open_store(path)
    await db.close()


if __name__ == "__main__":
    sys.exit(main())
