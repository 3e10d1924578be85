"""One bot process's timers, for the exactly-once test across processes:
``python -m tests.store.timer_worker LOCATION OUT``.

It runs the service's own timer passes on the store at ``LOCATION``, as the bot's timer
cog does (``bot/discord_app/cogs/timers.py``): overdue prompts answered
(``GameService.expire_prompts``), the absent-player deadline (``absent_players``) and
reminders (``due_reminders``, then ``reminder_sent`` once "posted"), on the real clock,
with the claims' lease and heartbeat scaled down (two seconds, renewed every half
second) so that a killed process's claims run out within the test. The demo's turn
prompt has a deadline in races to ``timed_turns.TIMED_GOAL``. Every timer it fires is
written to ``OUT`` as a line ``KIND GAME_ID``, flushed before a reminder is marked sent,
as the bot posts before it marks. It runs passes until the file ``OUT.stop`` appears.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TextIO

from bot.service import GameService
from bot.store import open_store
from bot.systems import install_systems
from tests.store import timed_turns

LEASE_SECONDS = 2.0
RENEW_EVERY = 0.5
PASS_EVERY = 0.05


def note(out: TextIO, kind: str, game_id: int) -> None:
    out.write(f"{kind} {game_id}\n")
    out.flush()


async def work(location: str, out_path: Path) -> None:
    store = await open_store(location)
    service = GameService(store)
    service.timers.lease_seconds = LEASE_SECONDS
    service.timers.renew_every = RENEW_EVERY
    stop = out_path.with_suffix(".stop")
    try:
        with out_path.open("a", encoding="utf-8") as out:
            print("ready", flush=True)
            while not stop.exists():
                for outcome in await service.expire_prompts():
                    note(out, "deadline", outcome.game_id)
                warnings, passed = await service.absent_players()
                for warning in warnings:
                    note(out, "warning", warning.game_id)
                for outcome in passed:
                    note(out, "absent", outcome.game_id)
                for due in await service.due_reminders():
                    note(out, "reminder", due.game_id)  # posted: marked sent only now
                    await service.reminder_sent(due.game_id)
                await asyncio.sleep(PASS_EVERY)
    finally:
        await service.timers.stop_renewing()
        await store.close()


if __name__ == "__main__":
    install_systems(unlisted=True)
    timed_turns.install(every=False)
    asyncio.run(work(sys.argv[1], Path(sys.argv[2])))
