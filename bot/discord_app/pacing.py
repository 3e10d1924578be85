"""Pacing of channel messages: a few sends per channel per window, merging what waits.

Discord allows about five messages per five seconds in one channel. Every message the bot
posts in a game channel outside an interaction reply (results of choices made in DMs or by
a timeout, notices about closed DMs, replies that could not go through an expired
interaction) goes through a :class:`ChannelPacer`. At most ``limit`` sends start in any
``window`` seconds in one channel; messages that queue up meanwhile are merged into one
message when they fit: the texts in order, up to 2,000 characters, the pings of both, and
one board picture. A picture asked for with ``board`` is drawn when the message is sent, so
it shows the newest position, is drawn once for a merged message, and messages queue in the
order their results were handed over. A message carrying buttons is never extended, so its
buttons stay under the text they belong to.

Interaction replies are not channel messages, so they are not paced.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.messages import said
from bot.present.posts import MESSAGE_LIMIT
from rules.core.language import Language

WHOLE_BOARD = said("The whole board: open the small picture.")
LIMIT = 5  # messages ...
WINDOW = 5.0  # ... per this many seconds, in one channel


@dataclass(frozen=True, slots=True)
class Closeup:
    """The close-up picture of the latest action."""

    filename: str
    data: bytes
    description: str | None = None

    def file(self) -> discord.File:
        described = self.description or discord.utils.MISSING
        return discord.File(io.BytesIO(self.data), filename=self.filename, description=described)


@dataclass(frozen=True, slots=True)
class Picture:
    """A rendered board, and the close-up of what just happened when there is one: a
    fresh :class:`discord.File` is made for every attempt."""

    filename: str
    data: bytes
    description: str | None = None  # what it shows, for screen readers
    closeup: Closeup | None = None

    def file(self) -> discord.File:
        """The whole board alone."""
        described = self.description or discord.utils.MISSING
        return discord.File(io.BytesIO(self.data), filename=self.filename, description=described)

    def files(self) -> list[discord.File]:
        """What a post carries: the close-up, large enough to read on a phone, and the
        whole board, which :meth:`embed` shows as a thumbnail that opens it."""
        if self.closeup is None:
            return [self.file()]
        return [self.closeup.file(), self.file()]

    def embed(self, language: Language = Language.ENGLISH) -> discord.Embed | None:
        """The whole board as a thumbnail beside the close-up (None without a close-up:
        the board is then the picture itself), its line in ``language``."""
        if self.closeup is None:
            return None
        embed = discord.Embed(description=WHOLE_BOARD.in_(language))
        return embed.set_thumbnail(url=f"attachment://{self.filename}")


@dataclass(slots=True)
class ChannelMessage:
    text: str
    mentions: list[int] = field(default_factory=list)  # users deliberately pinged
    picture: Picture | None = None  # already drawn
    view: discord.ui.View | None = None
    board: bool = False  # draw the current board when sending (if there is no picture)
    language: Language = Language.ENGLISH  # the game's: what a note added to it is in


def merge(
    first: ChannelMessage, second: ChannelMessage, limit: int = MESSAGE_LIMIT
) -> ChannelMessage | None:
    """``first`` and ``second`` as one message, or None when they must stay apart."""
    if first.view is not None:
        return None
    text = "\n".join(part for part in (first.text, second.text) if part)
    if len(text) > limit:
        return None
    mentions = first.mentions + [u for u in second.mentions if u not in first.mentions]
    # the later message's board is the newer one; a board drawn at sending is newest
    picture = second.picture or (None if second.board else first.picture)
    board = (first.board or second.board) and picture is None
    return ChannelMessage(text, mentions, picture, second.view, board, first.language)


Transport = Callable[[int, ChannelMessage], Awaitable[None]]


@dataclass(eq=False, slots=True)
class _Entry:
    message: ChannelMessage
    done: bool = False
    error: BaseException | None = None


@dataclass(eq=False, slots=True)
class _Channel:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    pending: deque[_Entry] = field(default_factory=deque)
    sent: deque[float] = field(default_factory=deque)  # when recent sends started


class ChannelPacer:
    """Sends channel messages through ``transport`` at a pace Discord accepts.

    :meth:`send` returns once the message (possibly merged with others) has been sent and
    raises what the transport raised for it. ``clock`` and ``sleep`` are injectable so the
    pacing can be tested without waiting.
    """

    def __init__(
        self,
        transport: Transport,
        *,
        limit: int = LIMIT,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        if limit < 1 or window <= 0:
            raise ValueError("the pace needs at least one message per positive window")
        self.transport = transport
        self.limit = limit
        self.window = window
        self.clock = clock
        self.sleep = sleep
        self._channels: dict[int, _Channel] = {}

    async def send(self, channel_id: int, message: ChannelMessage) -> None:
        channel = self._channels.get(channel_id)
        if channel is None:
            channel = self._channels[channel_id] = _Channel()
        entry = _Entry(message)
        channel.pending.append(entry)
        try:
            async with channel.lock:
                while not entry.done:
                    await self._wait_for_slot(channel)
                    batch, combined = self._take(channel)
                    channel.sent.append(self.clock())
                    try:
                        await self.transport(channel_id, combined)
                    except asyncio.CancelledError:
                        # the others are sent by whoever holds the lock next
                        channel.pending.extendleft(reversed([e for e in batch if e is not entry]))
                        raise
                    except Exception as error:
                        for item in batch:
                            item.done, item.error = True, error
                    else:
                        for item in batch:
                            item.done = True
        finally:
            if not entry.done and entry in channel.pending:
                channel.pending.remove(entry)  # cancelled while waiting its turn
            self._forget_idle()
        if entry.error is not None:
            raise entry.error

    async def _wait_for_slot(self, channel: _Channel) -> None:
        while True:
            now = self.clock()
            while channel.sent and channel.sent[0] <= now - self.window:
                channel.sent.popleft()
            if len(channel.sent) < self.limit:
                return
            await self.sleep(channel.sent[0] + self.window - now)

    @staticmethod
    def _take(channel: _Channel) -> tuple[list[_Entry], ChannelMessage]:
        first = channel.pending.popleft()
        batch, combined = [first], first.message
        while channel.pending:
            merged = merge(combined, channel.pending[0].message)
            if merged is None:
                break
            combined = merged
            batch.append(channel.pending.popleft())
        return batch, combined

    def _forget_idle(self) -> None:
        """Drop the records of channels where nothing waits and the window has passed, so
        only channels active in the last few seconds are remembered."""
        horizon = self.clock() - self.window
        for channel_id, channel in list(self._channels.items()):
            if channel.pending or channel.lock.locked():
                continue
            if all(start <= horizon for start in channel.sent):
                del self._channels[channel_id]

    def busy(self) -> bool:
        """Whether any message is waiting or being sent (a stopping bot waits for none)."""
        return any(c.pending or c.lock.locked() for c in self._channels.values())

    def waiting(self, channel_id: int) -> int:
        """How many messages wait to be sent in a channel."""
        channel = self._channels.get(channel_id)
        return len(channel.pending) if channel else 0
