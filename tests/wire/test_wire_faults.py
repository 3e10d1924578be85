"""Discord failing over the wire: the real discord.py HTTP code against a faulty fake.

Rate limits (429 with a retry-after), server errors (500, 503) and requests that time out
are answered by the fake Discord on 127.0.0.1, so discord.py's own retry logic runs as in
production. Back-off sleeps are recorded and cut short, so nothing waits for real. Each
test checks the store (the action is committed exactly once), what reached Discord, and
that a game in a second channel of the same bot keeps working.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import re
import types
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web

from bot.discord_app.app import UmpireBot
from bot.service import GameService
from tests.wire import fake_discord
from tests.wire.bot_on_fake import bot_on
from tests.wire.fake_discord import (
    APP_ID,
    CHANNEL_ID,
    Call,
    FakeDiscord,
    json_response,
    text_channel_payload,
)

pytestmark = pytest.mark.fault_scenario

STEP = 10.0  # generous bound on each wait; nothing here is timed
OTHER_CHANNEL_ID = CHANNEL_ID + 1
ALICE_ID = 600_000_000_000_000_101
BOB_ID = 600_000_000_000_000_202
_CURRENT: contextvars.ContextVar[Call | None] = contextvars.ContextVar("call", default=None)


@dataclass
class Fault:
    method: str
    path: re.Pattern[str]
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    times: int | None = 1  # None: until cleared
    hold: bool = False  # answer only after the client has given up


class FaultyDiscord(FakeDiscord):
    """The fake Discord with a second text channel and injectable failures."""

    def __init__(self) -> None:
        super().__init__()
        self.faults: list[Fault] = []
        self.failed: list[Call] = []
        self.released = asyncio.Event()

    # -- failures ---------------------------------------------------------------------
    def fail(
        self,
        method: str,
        path: str,
        status: int,
        *,
        code: int = 0,
        message: str = "Service Unavailable",
        times: int | None = 1,
    ) -> None:
        body = {"message": message, "code": code}
        self.faults.append(Fault(method, re.compile(path + "$"), status, body, times=times))

    def rate_limit(self, method: str, path: str, retry_after: float, times: int = 1) -> None:
        """Discord's 429: a JSON body with ``retry_after``, behind Discord's proxy."""
        body = {"message": "You are being rate limited.", "retry_after": retry_after}
        body |= {"global": False, "code": 0}
        headers = {"Via": "1.1 google", "Retry-After": str(retry_after)}
        headers["X-RateLimit-Scope"] = "user"
        self.faults.append(Fault(method, re.compile(path + "$"), 429, body, headers, times))

    def stall(self, method: str, path: str, times: int | None = 1) -> None:
        """Answer only after the client has timed out."""
        fault = Fault(method, re.compile(path + "$"), 503, {}, times=times, hold=True)
        self.faults.append(fault)

    def _take(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.method == method and fault.path.match(path):
                if fault.times is not None:
                    fault.times -= 1
                    if fault.times <= 0:
                        self.faults.remove(fault)
                return fault
        return None

    async def _record(self, call: Call) -> None:
        _CURRENT.set(call)
        await super()._record(call)

    async def _dispatch_http(self, request: web.Request) -> web.StreamResponse:
        fault = self._take(request.method, "/" + request.match_info["tail"])
        response = await super()._dispatch_http(request)
        if fault is None:
            return response
        call = _CURRENT.get()
        assert call is not None
        self.failed.append(call)
        if fault.hold:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.released.wait(), STEP)
        return web.Response(
            body=json_response(fault.body).body,
            status=fault.status,
            headers={"Content-Type": "application/json", **fault.headers},
        )

    def refused(self, call: Call) -> bool:
        """Whether Discord answered this very request with a failure."""
        return any(call is failed for failed in self.failed)

    def delivered(self, predicate: Callable[[Call], bool]) -> list[Call]:
        """Requests matching ``predicate`` that Discord accepted."""
        return [c for c in self.calls if predicate(c) and not self.refused(c)]

    # -- a second channel ---------------------------------------------------------------
    def _channel(self, call: Call, match: re.Match[str]) -> Any:
        if int(match["id"]) == OTHER_CHANNEL_ID:
            return other_channel()
        return super()._channel(call, match)

    def slash(
        self,
        user: dict[str, Any],
        name: str,
        options: list[dict[str, Any]] | None = None,
        *,
        permissions: int = 0,
        channel_id: int = CHANNEL_ID,
    ) -> dict[str, Any]:
        payload = super().slash(user, name, options, permissions=permissions)
        if channel_id != CHANNEL_ID:
            payload["channel_id"] = str(channel_id)
            payload["channel"] = other_channel()
        return payload

    async def run_in(
        self, channel_id: int, user: dict[str, Any], name: str, options: list[Any] | None = None
    ) -> str:
        payload = self.slash(user, name, options, channel_id=channel_id)
        await self.dispatch("INTERACTION_CREATE", payload)
        return str(payload["token"])

    async def select_in_dm(self, user: dict[str, Any], dm: Call, value: str) -> str:
        """The user picks ``value`` in the select menu of the DM ``dm`` the bot sent."""
        dm_id = int(dm.path.split("/")[2])
        message = self._message(dm_id, dm.json or {}, [])
        message.pop("guild_id", None)
        [menu] = [c for c in components(dm) if c.get("type") == 3]
        token = f"token-{next(self._ids)}"
        channel = {"id": str(dm_id), "type": 1, "recipients": [user]}
        payload = {
            "id": str(next(self._ids)),
            "application_id": str(APP_ID),
            "type": 3,
            "token": token,
            "version": 1,
            "attachment_size_limit": 10 * 1024 * 1024,
            "locale": "en-US",
            "channel_id": str(dm_id),
            "channel": channel,
            "user": user,
            "app_permissions": "0",
            "entitlements": [],
            "authorizing_integration_owners": {"1": user["id"]},
            "context": 1,
            "message": message,
            "data": {"custom_id": menu["custom_id"], "component_type": 3, "values": [value]},
        }
        await self.dispatch("INTERACTION_CREATE", payload)
        return token


def other_channel() -> dict[str, Any]:
    payload = text_channel_payload(OTHER_CHANNEL_ID)
    payload["name"] = "second-front"
    payload["position"] = 1
    return payload


def two_channel_guild() -> dict[str, Any]:
    guild = ORIGINAL_GUILD()
    guild["channels"].append(other_channel())
    return guild


ORIGINAL_GUILD = fake_discord.guild_payload


class QuickSleep(types.ModuleType):
    """``asyncio`` as discord.py's HTTP code sees it: sleeps are recorded and cut to 1 ms."""

    def __init__(self) -> None:
        super().__init__("asyncio")
        self.slept: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        self.slept.append(delay)
        await asyncio.sleep(0.001)
        return result


@dataclass
class Wire:
    fake: FaultyDiscord
    bot: UmpireBot
    service: GameService
    slept: QuickSleep


@pytest.fixture
async def wire(monkeypatch: pytest.MonkeyPatch, service: GameService) -> AsyncIterator[Wire]:
    slept = QuickSleep()
    monkeypatch.setattr(discord.http, "asyncio", slept)
    monkeypatch.setattr(discord.webhook.async_, "asyncio", slept)
    monkeypatch.setattr(fake_discord, "guild_payload", two_channel_guild)
    async with FaultyDiscord() as fake:
        async with bot_on(fake, service, monkeypatch, STEP) as bot:
            try:
                fake.add_user(ALICE_ID, "alice")
                fake.add_user(BOB_ID, "bob")
                yield Wire(fake, bot, service, slept)
            finally:
                fake.released.set()
        assert fake.unimplemented == [], fake.unimplemented


# -- reading what happened ----------------------------------------------------------------


def components(call: Call) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    pending = list((call.json or {}).get("components") or [])
    while pending:
        component = pending.pop()
        found.append(component)
        pending.extend(component.get("components") or [])
    return found


def content(call: Call) -> str:
    body = call.json if isinstance(call.json, dict) else {}
    return str(body.get("content") or (body.get("data") or {}).get("content") or "")


def followups(token: str) -> Callable[[Call], bool]:
    return lambda c: c.method == "POST" and c.path == f"/webhooks/{APP_ID}/{token}"


def acknowledgement(token: str) -> Callable[[Call], bool]:
    return lambda c: c.method == "POST" and c.path.endswith(f"/{token}/callback")


def channel_posts(channel_id: int = CHANNEL_ID) -> Callable[[Call], bool]:
    """Messages posted in the channel, but not the game's dashboard (posted once, edited
    after)."""
    return lambda c: (
        c.method == "POST"
        and c.path == f"/channels/{channel_id}/messages"
        and not content(c).startswith("📋")
    )


def saying(predicate: Callable[[Call], bool], words: str) -> Callable[[Call], bool]:
    return lambda c: predicate(c) and words in content(c)


def no_error_replies(fake: FakeDiscord) -> None:
    for call in fake.calls:
        assert "Something went wrong" not in content(call), call
        assert "Traceback" not in content(call), call


def sub(name: str, **values: str) -> list[dict[str, Any]]:
    options = [{"type": 3, "name": key, "value": value} for key, value in values.items()]
    return [{"type": 1, "name": name, "options": options}]


def act(action: str) -> list[dict[str, Any]]:
    return [{"type": 3, "name": "action", "value": action}]


async def actions(service: GameService, channel_id: int = CHANNEL_ID) -> list[str]:
    """Every action the log holds; the snapshot must equal a replay of the log."""
    game = await service.game_in(channel_id)
    assert game is not None
    consistent = (await service.verify(channel_id)).consistent
    assert consistent
    return [row.payload for row in await service.db.log(game.id) if row.kind == "action"]


async def turn_of(wire: Wire, channel_id: int = CHANNEL_ID) -> dict[str, Any]:
    game = await wire.service.game_in(channel_id)
    assert game is not None and game.state is not None
    [seat] = game.system.status(game.state).waiting_on
    user = game.user_of(seat)
    assert user is not None
    return fake_discord.user_payload(user.user_id, user.name)


async def started(wire: Wire, channel_id: int = CHANNEL_ID) -> None:
    """alice and bob start a demo race in ``channel_id``; their stance menus come by DM."""
    fake = wire.fake
    alice, bob = fake._users[ALICE_ID], fake._users[BOB_ID]
    token = await fake.run_in(channel_id, alice, "game", sub("new", system="demo"))
    await fake.wait_for(followups(token), timeout=STEP)
    token = await fake.run_in(channel_id, bob, "game", sub("join"))
    await fake.wait_for(followups(token), timeout=STEP)
    token = await fake.run_in(channel_id, alice, "game", sub("start"))
    await fake.wait_for(saying(followups(token), "The game begins"), timeout=STEP)


async def picked(wire: Wire, channel_id: int = CHANNEL_ID) -> None:
    """Both stances are picked with /act in the channel."""
    fake = wire.fake
    for user_id, stance in ((ALICE_ID, "feint"), (BOB_ID, "attack")):
        token = await fake.run_in(channel_id, fake._users[user_id], "act", act(f"pick {stance}"))
        await fake.wait_for(saying(followups(token), "You picked"), timeout=STEP)


async def menus(wire: Wire) -> dict[int, Call]:
    """The stance menus the bot sent by DM, by recipient."""
    fake = wire.fake

    def menu(call: Call) -> bool:
        if call.method != "POST" or not call.path.startswith("/channels/"):
            return False
        return fake.dm_recipient(int(call.path.split("/")[2])) is not None and bool(
            components(call)
        )

    found = await fake.wait_for(menu, count=2, timeout=STEP)
    return {fake.dm_recipient(int(c.path.split("/")[2])) or 0: c for c in found}


async def plays_on(wire: Wire) -> None:
    """A game in the second channel goes from set-up to its first step."""
    fake = wire.fake
    await started(wire, OTHER_CHANNEL_ID)
    await picked(wire, OTHER_CHANNEL_ID)
    mover = await turn_of(wire, OTHER_CHANNEL_ID)
    token = await fake.run_in(OTHER_CHANNEL_ID, mover, "act", act("step"))
    [reply] = await fake.wait_for(saying(followups(token), " steps "), timeout=STEP)
    assert reply.files and reply.files[0][0].endswith(".png")
    game = await wire.service.game_in(OTHER_CHANNEL_ID)
    assert game is not None and game.row.status == "active"
    assert len(await actions(wire.service, OTHER_CHANNEL_ID)) == 3


async def at_the_step(wire: Wire) -> tuple[dict[str, Any], list[str]]:
    """A started race past the picks: (the mover, the actions so far)."""
    await started(wire)
    await picked(wire)
    return await turn_of(wire), await actions(wire.service)


async def one_more(wire: Wire, before: list[str], word: str) -> None:
    after = await actions(wire.service)
    assert after[: len(before)] == before
    [new] = after[len(before) :]
    assert word in new, new


# -- rate limits --------------------------------------------------------------------------


async def test_a_rate_limited_reply_is_retried_and_the_step_applies_once(wire: Wire) -> None:
    fake = wire.fake
    mover, before = await at_the_step(wire)
    fake.rate_limit("POST", rf"/webhooks/{APP_ID}/[^/]+", retry_after=0.25)

    token = await fake.run_in(CHANNEL_ID, mover, "act", act("step"))

    tries = await fake.wait_for(saying(followups(token), " steps "), count=2, timeout=STEP)
    assert [fake.refused(c) for c in tries] == [True, False]
    assert 0.25 in wire.slept.slept  # discord.py waited as Discord asked
    assert tries[1].files and tries[1].files[0][1].startswith(b"\x89PNG")
    await one_more(wire, before, "step")
    assert fake.delivered(channel_posts()) == []
    no_error_replies(fake)
    await plays_on(wire)


async def test_a_rate_limited_acknowledgement_is_retried(wire: Wire) -> None:
    fake = wire.fake
    mover, before = await at_the_step(wire)
    fake.rate_limit("POST", r"/interactions/\d+/[^/]+/callback", retry_after=0.5)

    token = await fake.run_in(CHANNEL_ID, mover, "act", act("step"))

    tries = await fake.wait_for(acknowledgement(token), count=2, timeout=STEP)
    assert [fake.refused(c) for c in tries] == [True, False]
    assert 0.5 in wire.slept.slept
    await fake.wait_for(saying(followups(token), " steps "), timeout=STEP)
    await one_more(wire, before, "step")
    no_error_replies(fake)
    await plays_on(wire)


async def test_a_rate_limited_channel_message_is_retried_and_posted_once(wire: Wire) -> None:
    """A stance picked in a DM: its public line is a channel message (the bot's HTTP client)."""
    fake = wire.fake
    await started(wire)
    before = await actions(wire.service)
    menu = (await menus(wire))[ALICE_ID]
    fake.rate_limit("POST", rf"/channels/{CHANNEL_ID}/messages", retry_after=1.5)

    token = await fake.select_in_dm(fake._users[ALICE_ID], menu, "pick defend")

    line = "Red has picked a stance in secret."
    tries = await fake.wait_for(saying(channel_posts(), line), count=2, timeout=STEP)
    assert [fake.refused(c) for c in tries] == [True, False]
    assert 1.5 in wire.slept.slept
    await fake.wait_for(saying(followups(token), "You picked **defend**."), timeout=STEP)
    await one_more(wire, before, "defend")
    no_error_replies(fake)
    await plays_on(wire)


# -- server errors and timeouts -----------------------------------------------------------


async def test_a_passing_server_error_is_retried_by_discord_py(wire: Wire) -> None:
    fake = wire.fake
    mover, before = await at_the_step(wire)
    fake.fail("POST", rf"/webhooks/{APP_ID}/[^/]+", 500, message="Internal Server Error")

    token = await fake.run_in(CHANNEL_ID, mover, "act", act("step"))

    tries = await fake.wait_for(saying(followups(token), " steps "), count=2, timeout=STEP)
    assert [fake.refused(c) for c in tries] == [True, False]
    assert 1 in wire.slept.slept  # discord.py's back-off before the second try
    await one_more(wire, before, "step")
    assert fake.delivered(channel_posts()) == []
    no_error_replies(fake)
    await plays_on(wire)


@pytest.mark.parametrize("status", [500, 503])
async def test_a_lasting_server_error_posts_the_result_in_the_channel(
    wire: Wire, status: int
) -> None:
    fake = wire.fake
    mover, before = await at_the_step(wire)
    fake.fail("POST", rf"/webhooks/{APP_ID}/[^/]+", status, times=None)

    token = await fake.run_in(CHANNEL_ID, mover, "act", act("step"))

    [posted] = await fake.wait_for(saying(channel_posts(), " steps "), timeout=STEP)
    assert posted.files and posted.files[0][1].startswith(b"\x89PNG")
    tries = [c for c in fake.calls if followups(token)(c)]
    assert len(tries) == 5 and all(fake.refused(c) for c in tries)  # discord.py gave up
    await one_more(wire, before, "step")
    fake.faults.clear()
    no_error_replies(fake)
    await plays_on(wire)
    assert len(fake.delivered(saying(channel_posts(), " steps "))) == 1


async def test_a_reply_that_times_out_is_posted_in_the_channel(wire: Wire) -> None:
    fake = wire.fake
    mover, before = await at_the_step(wire)
    session = wire.bot.http._HTTPClient__session  # type: ignore[attr-defined]
    usual, session._timeout = session._timeout, aiohttp.ClientTimeout(total=1.5)
    fake.stall("POST", rf"/webhooks/{APP_ID}/[^/]+")

    token = await fake.run_in(CHANNEL_ID, mover, "act", act("step"))

    [posted] = await fake.wait_for(saying(channel_posts(), " steps "), timeout=STEP)
    session._timeout = usual
    assert posted.files
    [stalled] = [c for c in fake.calls if followups(token)(c)]
    assert fake.refused(stalled)
    await one_more(wire, before, "step")
    no_error_replies(fake)
    fake.released.set()
    await plays_on(wire)


async def test_a_refused_picture_is_left_out_with_a_note(wire: Wire) -> None:
    """Missing Attach Files: Discord answers 50013 to the upload; the text goes alone."""
    fake = wire.fake
    await started(wire)
    menu = (await menus(wire))[BOB_ID]
    await picked_by_alice(wire)
    before = await actions(wire.service)
    fake.fail(
        "POST",
        rf"/channels/{CHANNEL_ID}/messages",
        403,
        code=50013,
        message="Missing Permissions",
    )

    token = await fake.select_in_dm(fake._users[BOB_ID], menu, "pick attack")

    tries = await fake.wait_for(saying(channel_posts(), "Stances revealed"), count=2, timeout=STEP)
    assert fake.refused(tries[0]) and tries[0].files
    assert not fake.refused(tries[1]) and not tries[1].files
    assert "The board picture is left out" in content(tries[1])
    await fake.wait_for(saying(followups(token), "You picked **attack**."), timeout=STEP)
    await one_more(wire, before, "attack")
    no_error_replies(fake)
    await plays_on(wire)


async def picked_by_alice(wire: Wire) -> None:
    fake = wire.fake
    token = await fake.run_in(CHANNEL_ID, fake._users[ALICE_ID], "act", act("pick feint"))
    await fake.wait_for(saying(followups(token), "You picked"), timeout=STEP)
