"""One process of a cluster firing timers, for the exactly-once tests:
``python -m tests.store.timer_worker URL KIND OUT [--hold]``.

It claims due ``KIND`` timers from the store at ``URL`` (leases of two seconds on the
real clock), writes each game id it fires as a line of ``OUT`` (flushed before the timer
is marked fired, as a bot posts before it marks), answers a deadline as the service does
(a batch that moves the game's version and stops its waiting) and marks the timer fired,
until no timer of that kind is due. With ``--hold`` it claims one batch, prints the ids
it holds and then hangs without firing them, as a process that dies mid-run would leave
them, until it is killed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time

from bot.store import open_store
from bot.store.contract import Store
from bot.store.records import GameRow, NewRecord

LEASE_SECONDS = 2.0
BATCH = 10


async def fire(store: Store, kind: str, game: GameRow) -> None:
    if kind == "deadline":
        answer = NewRecord("action", "a", 101, "public", json.dumps({"timeout": True}))
        await store.append(
            game.id, game.version, [answer], time.time(),
            updates={"waiting_on": "[]", "waiting_since": None},
        )  # fmt: skip
    await store.fire_timer(kind, game.id, OWNER, time.time())


async def work(url: str, kind: str, out: str, hold: bool) -> None:
    store = await open_store(url)
    try:
        if hold:
            held = await store.claim_timers(
                kind, time.time(), owner=OWNER, lease_seconds=LEASE_SECONDS, limit=BATCH * 3
            )
            print(" ".join(str(game.id) for game in held), flush=True)
            await asyncio.sleep(3600)
        with open(out, "a", encoding="utf-8") as fired:
            while True:
                now = time.time()
                games = await store.claim_timers(
                    kind, now, owner=OWNER, lease_seconds=LEASE_SECONDS, limit=BATCH
                )
                for game in games:
                    fired.write(f"{game.id}\n")
                    fired.flush()
                    await fire(store, kind, game)
                if games:
                    continue
                if kind == "reminder":
                    due = await store.waiting_games(now)
                else:
                    due = await store.waiting_games(now, minimum_seconds=0)
                if not due:
                    return  # every timer fired (or another process is firing the last)
                await asyncio.sleep(0.2)  # the rest are held by others: wait for their leases
    finally:
        await store.close()


OWNER = f"worker-{os.getpid()}"

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("kind")
    parser.add_argument("out")
    parser.add_argument("--hold", action="store_true")
    args = parser.parse_args()
    asyncio.run(work(args.url, args.kind, args.out, args.hold))
    sys.exit(0)
