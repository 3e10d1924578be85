"""Pacing time for tests: waiting for a free slot moves a clock instead of sleeping."""

from __future__ import annotations

import asyncio

from bot.discord_app.pacing import ChannelPacer


class InstantPace:
    """A clock for :class:`ChannelPacer` that only moves when the pacer waits.

    The pacer keeps its limits (``sends`` records when each send started, in this clock's
    seconds), but a test never waits in real time for a slot.
    """

    def __init__(self) -> None:
        self.now = 0.0
        self.waited = 0.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        seconds = max(seconds, 0.0)
        self.now += seconds
        self.waited += seconds
        await asyncio.sleep(0)

    def install(self, pacer: ChannelPacer) -> InstantPace:
        pacer.clock, pacer.sleep = self.clock, self.sleep
        return self
