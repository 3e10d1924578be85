"""The per-channel pace of channel messages, on a clock that only moves when the pacer waits."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot.discord_app.pacing import ChannelMessage, ChannelPacer, Picture, merge

from ._pace import InstantPace

pytestmark = pytest.mark.fault_scenario

A, B = 1001, 1002
OLD, NEW = Picture("board-v1.png", b"\x89PNG old"), Picture("board-v2.png", b"\x89PNG new")


class Channels:
    """A transport that records each send: (clock, channel, message)."""

    def __init__(self, pace: InstantPace, failing: tuple[str, ...] = ()) -> None:
        self.pace = pace
        self.failing = failing
        self.sent: list[tuple[float, int, ChannelMessage]] = []

    async def __call__(self, channel_id: int, message: ChannelMessage) -> None:
        self.sent.append((self.pace.now, channel_id, message))
        await asyncio.sleep(0)  # the request is on its way
        if any(word in message.text for word in self.failing):
            raise ConnectionError("Discord did not take it")

    def times(self, channel_id: int = A) -> list[float]:
        return [t for t, c, _ in self.sent if c == channel_id]

    def lines(self, channel_id: int = A) -> list[str]:
        return [line for _, c, m in self.sent if c == channel_id for line in m.text.splitlines()]


def paced(failing: tuple[str, ...] = ()) -> tuple[ChannelPacer, Channels, InstantPace]:
    pace = InstantPace()
    channels = Channels(pace, failing)
    pacer = ChannelPacer(channels)
    pace.install(pacer)
    return pacer, channels, pace


def busiest(times: list[float], window: float = 5.0) -> int:
    return max((sum(t <= s < t + window for s in times) for t in times), default=0)


def with_buttons(text: str) -> ChannelMessage:
    """A message that is never extended (its buttons belong under its text)."""
    return ChannelMessage(text, view=discord.ui.View(timeout=None))


async def test_twenty_messages_at_once_go_five_per_five_seconds() -> None:
    pacer, channels, pace = paced()
    await asyncio.gather(*(pacer.send(A, with_buttons(f"result {i}")) for i in range(20)))

    assert channels.times() == [0.0] * 5 + [5.0] * 5 + [10.0] * 5 + [15.0] * 5
    assert busiest(channels.times()) == 5
    assert channels.lines() == [f"result {i}" for i in range(20)]
    assert pace.waited == 15.0
    assert pacer.waiting(A) == 0


async def test_messages_one_after_another_keep_the_pace_too() -> None:
    pacer, channels, _ = paced()
    for i in range(12):
        await pacer.send(A, ChannelMessage(f"result {i}"))

    assert channels.times() == [0.0] * 5 + [5.0] * 5 + [10.0] * 2
    assert channels.lines() == [f"result {i}" for i in range(12)]


async def test_messages_that_wait_for_a_slot_are_merged_in_order() -> None:
    pacer, channels, _ = paced()
    for i in range(5):
        await pacer.send(A, ChannelMessage(f"result {i}"))
    burst = [ChannelMessage(f"result {i}", mentions=[i % 3]) for i in range(5, 20)]

    await asyncio.gather(*(pacer.send(A, m) for m in burst))

    assert channels.times() == [0.0] * 5 + [5.0]
    merged = channels.sent[-1][2]
    assert merged.text.splitlines() == [f"result {i}" for i in range(5, 20)]
    assert merged.mentions == [2, 0, 1]


async def test_twenty_mergeable_results_at_once_make_two_messages() -> None:
    pacer, channels, _ = paced()
    await asyncio.gather(
        *(pacer.send(A, ChannelMessage(f"result {i}", board=True)) for i in range(20))
    )

    assert len(channels.sent) == 2  # the first goes at once, the rest waited behind it
    assert channels.lines() == [f"result {i}" for i in range(20)]
    assert all(m.board for _, _, m in channels.sent)  # one board drawn per message


async def test_long_texts_are_not_merged_past_the_message_limit() -> None:
    pacer, channels, _ = paced()
    texts = [f"{i:02d}" + "x" * 900 for i in range(6)]
    await asyncio.gather(*(pacer.send(A, ChannelMessage(t)) for t in texts))

    assert [len(m.text) for _, _, m in channels.sent] == [902, 1805, 1805, 902]
    assert channels.lines() == texts


async def test_channels_have_separate_paces() -> None:
    pacer, channels, _ = paced()
    sends = [pacer.send(channel, with_buttons("x")) for channel in (A, B) for _ in range(6)]
    await asyncio.gather(*sends)

    assert channels.times(A) == [0.0] * 5 + [5.0]
    assert channels.times(B)[:5] == [0.0] * 5
    assert busiest(channels.times(B)) <= 5


async def test_a_failed_send_raises_for_its_messages_and_the_rest_go_out() -> None:
    pacer, channels, _ = paced(failing=("doomed",))
    results = await asyncio.gather(
        pacer.send(A, with_buttons("first")),
        pacer.send(A, with_buttons("doomed")),
        pacer.send(A, with_buttons("third")),
        return_exceptions=True,
    )

    assert results[0] is None and results[2] is None
    assert isinstance(results[1], ConnectionError)
    assert channels.lines() == ["first", "doomed", "third"]
    with pytest.raises(ConnectionError):
        await pacer.send(A, ChannelMessage("doomed again"))
    await pacer.send(A, ChannelMessage("still fine"))
    assert channels.lines()[-1] == "still fine"


async def test_a_merged_failure_reaches_every_sender_of_the_batch() -> None:
    pacer, channels, _ = paced(failing=("doomed",))
    for i in range(5):
        await pacer.send(A, ChannelMessage(f"result {i}"))
    results = await asyncio.gather(
        pacer.send(A, ChannelMessage("doomed")),
        pacer.send(A, ChannelMessage("innocent")),
        return_exceptions=True,
    )

    assert [type(r) for r in results] == [ConnectionError, ConnectionError]
    assert channels.sent[-1][2].text == "doomed\ninnocent"


async def test_a_sender_cancelled_while_waiting_leaves_nothing_behind() -> None:
    gate = asyncio.Event()
    pace = InstantPace()

    async def sleep(seconds: float) -> None:
        await gate.wait()
        await pace.sleep(seconds)

    channels = Channels(pace)
    pacer = ChannelPacer(channels, clock=pace.clock, sleep=sleep)
    for i in range(5):
        await pacer.send(A, ChannelMessage(f"result {i}"))
    waiting = asyncio.create_task(pacer.send(A, with_buttons("never")))
    behind = asyncio.create_task(pacer.send(A, ChannelMessage("later")))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert pacer.waiting(A) == 2

    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    gate.set()
    await behind

    assert "never" not in channels.lines()
    assert channels.lines()[-1] == "later"
    assert pacer.waiting(A) == 0


async def test_only_recently_active_channels_are_remembered() -> None:
    pacer, channels, pace = paced()
    for channel in range(100):
        await pacer.send(channel, ChannelMessage("hello"))
    assert len(pacer._channels) == 100  # each window is still open
    pace.now += 5.0
    await pacer.send(A, ChannelMessage("later"))
    assert set(pacer._channels) == {A}
    for _ in range(5):
        await pacer.send(A, ChannelMessage("again"))
    assert channels.times()[-1] == 10.0  # the pace survived the clean-up


def test_merge_keeps_order_pings_and_the_newest_board() -> None:
    first = ChannelMessage("one", [1, 2], OLD)
    assert merge(first, ChannelMessage("two", [2, 3])) == ChannelMessage("one\ntwo", [1, 2, 3], OLD)
    assert merge(first, ChannelMessage("two", picture=NEW)) == ChannelMessage(
        "one\ntwo", [1, 2], NEW
    )
    # a board drawn when sending shows a newer position than one drawn before
    drawn_later = merge(first, ChannelMessage("two", board=True))
    assert drawn_later == ChannelMessage("one\ntwo", [1, 2], None, board=True)
    assert merge(ChannelMessage("one", board=True), ChannelMessage("two", picture=NEW)) == (
        ChannelMessage("one\ntwo", [], NEW)
    )


def test_merge_never_extends_a_message_with_buttons() -> None:
    buttons = with_buttons("approve?")
    assert merge(buttons, ChannelMessage("next")) is None
    merged = merge(ChannelMessage("before"), buttons)
    assert merged is not None and merged.view is buttons.view
    assert merged.text == "before\napprove?"


def test_merge_respects_the_message_limit() -> None:
    assert merge(ChannelMessage("x" * 1000), ChannelMessage("y" * 999)) is not None
    assert merge(ChannelMessage("x" * 1000), ChannelMessage("y" * 1000)) is None


def test_a_pace_needs_a_slot_and_a_window() -> None:
    async def nowhere(channel_id: int, message: ChannelMessage) -> None:
        return None

    with pytest.raises(ValueError):
        ChannelPacer(nowhere, limit=0)
    with pytest.raises(ValueError):
        ChannelPacer(nowhere, window=0)
