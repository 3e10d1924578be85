"""A small fake of Discord's REST API and gateway, served by aiohttp on 127.0.0.1.

It speaks just enough of the real wire format for discord.py to log in, connect its
shards (each gateway connection sees the guilds of its shard, ``(guild_id >> 22) %
shard_count``, and gets their events; DMs go to shard 0), see a guild with one text
channel (:meth:`FakeDiscord.add_guild` adds more), sync slash commands, receive interactions
(commands, autocomplete, clicks on message components) and answer them (callbacks,
follow-ups, edits of the original response, DMs, channel messages), and open public
threads under a text channel, which Discord archives after a while without messages
(:meth:`FakeDiscord.archive`): a post, an edit or a pin there is then refused with error
50083 until the thread is reopened (``PATCH /channels/<thread>`` with ``archived``
false). It keeps every message it holds (:attr:`messages`, as last edited). Every request is
recorded (with the process it came from, when several processes use the API under
``/<process>`` prefixes, see :meth:`FakeDiscord.api_base_of`); a route the fake does not
know is answered with a JSON 404 and listed in :attr:`FakeDiscord.unimplemented`.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

APP_ID = 700_000_000_000_000_001
BOT_ID = APP_ID
GUILD_ID = 700_000_000_000_000_100
CHANNEL_ID = 700_000_000_000_000_200
TIMESTAMP = "2024-01-01T00:00:00.000000+00:00"
API = "/api/v10"


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
    }


BOT_USER = user_payload(BOT_ID, "umpire", bot=True)


def member_payload(user: dict[str, Any], permissions: int = 0) -> dict[str, Any]:
    return {
        "user": user,
        "roles": [],
        "nick": None,
        "avatar": None,
        "joined_at": TIMESTAMP,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "permissions": str(permissions),
        "communication_disabled_until": None,
    }


def text_channel_payload(channel_id: int = CHANNEL_ID, guild_id: int = GUILD_ID) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(guild_id),
        "name": "games",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "topic": None,
        "last_message_id": None,
        "parent_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def guild_payload(guild_id: int = GUILD_ID, channel_id: int = CHANNEL_ID) -> dict[str, Any]:
    everyone = {
        "id": str(guild_id),
        "name": "@everyone",
        "color": 0,
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": 0,
        "permissions": "2248473465835073",
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }
    return {
        "id": str(guild_id),
        "name": "Wire Test Server",
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": "1",
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": "en-US",
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "widget_enabled": False,
        "features": [],
        "roles": [everyone],
        "emojis": [],
        "stickers": [],
        "members": [member_payload(BOT_USER)],
        "presences": [],
        "voice_states": [],
        "channels": [text_channel_payload(channel_id, guild_id)],
        "threads": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "member_count": 3,
        "large": False,
        "unavailable": False,
        "joined_at": TIMESTAMP,
        "max_members": 500000,
    }


@dataclass
class Call:
    """One HTTP request the bot made."""

    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    json: Any = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    content_type: str = ""
    process: str = ""  # the prefix the process's requests came under, if any

    @property
    def multipart(self) -> bool:
        return self.content_type.startswith("multipart/")

    def __repr__(self) -> str:
        names = [name for name, _ in self.files]
        return f"<{self.method} {self.path} files={names} json={self.json!r:.300}>"


Handler = Callable[["FakeDiscord", Call, re.Match[str]], Any]


class FakeDiscord:
    """The fake server; use ``async with FakeDiscord() as fake`` and read :attr:`port`."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.unimplemented: list[str] = []
        self.port = 0
        self.identified = asyncio.Event()
        self.identifies: list[list[int]] = []  # the [shard id, shard count] of each IDENTIFY
        self.commands: dict[str, dict[str, Any]] = {}  # name -> registered command
        self._changed = asyncio.Condition()
        self._ids = itertools.count(800_000_000_000_000_000)
        self._seq = itertools.count(1)
        self._ws: web.WebSocketResponse | None = None
        self._shards: dict[int, web.WebSocketResponse] = {}  # shard id -> its connection
        self._shard_count = 1
        self.guilds: dict[int, int] = {GUILD_ID: CHANNEL_ID}  # guild id -> its text channel
        self._runner: web.AppRunner | None = None
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        self._dm_channels: dict[int, int] = {}  # channel id -> recipient user id
        self._users: dict[int, dict[str, Any]] = {BOT_ID: BOT_USER}
        self.messages: dict[int, dict[str, Any]] = {}  # every message held, as last edited
        self.threads: dict[int, dict[str, Any]] = {}  # thread id -> its channel payload
        self._originals: dict[str, int] = {}  # interaction token -> its original response
        self._interaction_channels: dict[str, int] = {}  # interaction token -> channel id
        self._tasks: set[asyncio.Task[None]] = set()
        self._route("GET", r"/users/@me", FakeDiscord._me)
        self._route("GET", r"/oauth2/applications/@me", FakeDiscord._application)
        self._route("GET", r"/gateway/bot", FakeDiscord._gateway_bot)
        self._route("GET", r"/gateway", FakeDiscord._gateway)
        self._route("PUT", r"/applications/\d+/commands", FakeDiscord._sync)
        self._route("PUT", r"/applications/\d+/guilds/\d+/commands", FakeDiscord._sync)
        self._route(
            "POST", r"/interactions/(?P<id>\d+)/(?P<token>[^/]+)/callback", FakeDiscord._callback
        )
        self._route("POST", r"/webhooks/\d+/(?P<token>[^/]+)", FakeDiscord._followup)
        webhook_message = r"/webhooks/\d+/(?P<token>[^/]+)/messages/(?P<mid>[^/]+)"
        self._route("PATCH", webhook_message, FakeDiscord._webhook_message)
        self._route("GET", webhook_message, FakeDiscord._webhook_message)
        self._route("POST", r"/users/@me/channels", FakeDiscord._open_dm)
        self._route("GET", r"/users/(?P<id>\d+)", FakeDiscord._user)
        self._route("GET", r"/channels/(?P<id>\d+)", FakeDiscord._channel)
        self._route("PATCH", r"/channels/(?P<id>\d+)", FakeDiscord._edit_channel)
        self._route("POST", r"/channels/(?P<id>\d+)/threads", FakeDiscord._start_thread)
        self._route("POST", r"/channels/(?P<id>\d+)/messages", FakeDiscord._channel_message)
        self._route(
            "PATCH", r"/channels/(?P<id>\d+)/messages/(?P<mid>\d+)", FakeDiscord._edit_message
        )
        self._route("PUT", r"/channels/(?P<id>\d+)/messages/pins/(?P<mid>\d+)", FakeDiscord._pin)

    # -- lifecycle ----------------------------------------------------------------------
    async def __aenter__(self) -> FakeDiscord:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway_socket)
        app.router.add_route("*", API + "/{tail:.*}", self._dispatch_http)
        app.router.add_route("*", "/{process}" + API + "/{tail:.*}", self._dispatch_http)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        return self

    async def __aexit__(self, *exc: object) -> None:
        for task in self._tasks:
            task.cancel()
        if self._ws is not None and not self._ws.closed:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    def api_base_of(self, process: str) -> str:
        """The REST base for one process of several: its calls carry ``process``."""
        return f"http://127.0.0.1:{self.port}/{process}{API}"

    def add_guild(self, guild_id: int, channel_id: int) -> None:
        """Another guild with one text channel (before the shards connect)."""
        self.guilds[guild_id] = channel_id

    def shard_of(self, guild_id: int | None) -> int:
        """The shard that gets a guild's events; DMs (no guild) go to shard 0."""
        return 0 if guild_id is None else (guild_id >> 22) % self._shard_count

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def add_user(self, user_id: int, name: str) -> dict[str, Any]:
        self._users[user_id] = user_payload(user_id, name)
        return self._users[user_id]

    def dm_recipient(self, channel_id: int) -> int | None:
        return self._dm_channels.get(channel_id)

    # -- waiting ------------------------------------------------------------------------
    async def wait_for(
        self, predicate: Callable[[Call], bool], *, count: int = 1, timeout: float = 10.0
    ) -> list[Call]:
        """Wait until ``count`` recorded calls satisfy ``predicate``; return them."""

        def matching() -> list[Call]:
            return [call for call in self.calls if predicate(call)]

        async def wait() -> list[Call]:
            async with self._changed:
                await self._changed.wait_for(lambda: len(matching()) >= count)
                return matching()

        try:
            return await asyncio.wait_for(wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"timed out waiting for {count} matching request(s); got {matching()!r}; "
                f"all requests: {self.calls!r}; unimplemented: {self.unimplemented!r}"
            ) from None

    async def _record(self, call: Call) -> None:
        async with self._changed:
            self.calls.append(call)
            self._changed.notify_all()

    # -- gateway ------------------------------------------------------------------------
    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        ws = self._ws
        if len(self._shards) > 1:
            guild = data.get("guild_id")
            ws = self._shards[self.shard_of(int(guild) if guild else None)]
        assert ws is not None, "the bot is not connected"
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._seq), "d": data}))

    async def _gateway_socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            payload = json.loads(message.data)
            op = payload.get("op")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif op == 2:
                await self._ready(ws, payload["d"])
        return ws

    async def _ready(self, ws: web.WebSocketResponse, identify: dict[str, Any]) -> None:
        shard = identify.get("shard") or [0, 1]
        self.identifies.append(list(shard))
        self._shard_count = shard[1]
        self._shards[shard[0]] = ws
        mine = [g for g in self.guilds if (g >> 22) % shard[1] == shard[0]]
        ready = {
            "v": 10,
            "user": BOT_USER,
            "guilds": [{"id": str(guild), "unavailable": True} for guild in mine],
            "session_id": "fake-session",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(APP_ID), "flags": 0},
            "shard": shard,
            "private_channels": [],
            "relationships": [],
        }
        await ws.send_str(json.dumps({"op": 0, "t": "READY", "s": next(self._seq), "d": ready}))
        for guild in mine:
            create = guild_payload(guild, self.guilds[guild])
            await ws.send_str(
                json.dumps({"op": 0, "t": "GUILD_CREATE", "s": next(self._seq), "d": create})
            )
        self.identified.set()
        async with self._changed:
            self._changed.notify_all()

    async def wait_identified(self, shards: int, timeout: float = 10.0) -> None:
        """Wait until ``shards`` gateway connections have identified and been made ready."""

        async def wait() -> None:
            async with self._changed:
                await self._changed.wait_for(lambda: len(self._shards) >= shards)

        try:
            await asyncio.wait_for(wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"only {self.identifies} identified") from None

    # -- HTTP ---------------------------------------------------------------------------
    def _route(self, method: str, pattern: str, handler: Handler) -> None:
        self._routes.append((method, re.compile(pattern + "$"), handler))

    async def _dispatch_http(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        call = Call(request.method, path, dict(request.query), content_type=request.content_type)
        call.process = request.match_info.get("process", "")
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    call.json = json.loads(data)
                else:
                    call.files.append((part.filename or "", bytes(data)))  # type: ignore[union-attr]
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                call.json = json.loads(raw)
        await self._record(call)
        for method, pattern, handler in self._routes:
            match = pattern.match(path)
            if method == request.method and match:
                result = handler(self, call, match)
                if isinstance(result, web.StreamResponse):
                    return result
                return json_response(result)
        self.unimplemented.append(f"{request.method} {path}")
        return json_response({"message": f"Unknown route {request.method} {path}", "code": 0}, 404)

    def _me(self, call: Call, match: re.Match[str]) -> Any:
        return BOT_USER

    def _application(self, call: Call, match: re.Match[str]) -> Any:
        return {
            "id": str(APP_ID),
            "name": "umpire",
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": user_payload(1, "owner"),
            "verify_key": "00",
            "flags": 0,
            "team": None,
        }

    def _gateway_bot(self, call: Call, match: re.Match[str]) -> Any:
        return {
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    def _gateway(self, call: Call, match: re.Match[str]) -> Any:
        return {"url": self.gateway_url}

    def _sync(self, call: Call, match: re.Match[str]) -> Any:
        registered = []
        for command in call.json or []:
            entry = {
                "id": str(next(self._ids)),
                "application_id": str(APP_ID),
                "version": "1",
                "default_member_permissions": None,
                "nsfw": False,
                "description": "",
                "options": [],
                **command,
            }
            self.commands[entry["name"]] = entry
            registered.append(entry)
        return registered

    def _callback(self, call: Call, match: re.Match[str]) -> Any:
        """An interaction answered: a message (4), a deferred one (5, its original response
        to be edited), or the message a component sits on edited (7) or left (6)."""
        body = call.json or {}
        kind = body.get("type", 4)
        data = body.get("data") or {}
        token = match["token"]
        channel = self._interaction_channels.get(token, CHANNEL_ID)
        message: dict[str, Any] | None = None
        if kind in (4, 5):
            message = self._message(
                channel,
                data if kind == 4 else {"flags": data.get("flags")},
                call.files,
                webhook=True,
            )
            self._originals[token] = int(message["id"])
        elif kind == 7 and token in self._originals:
            message = self._edit(self._originals[token], data, call.files)
        if "with_response" not in call.query:
            return web.Response(status=204)
        interaction = {
            "id": match["id"],
            "type": 2,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool((data.get("flags") or 0) & 64),
        }
        resource: dict[str, Any] = {"type": kind}
        if message is not None and kind in (4, 7):
            interaction["response_message_id"] = message["id"]
            resource["message"] = message
        return {"interaction": interaction, "resource": resource}

    def _followup(self, call: Call, match: re.Match[str]) -> Any:
        channel = self._interaction_channels.get(match["token"], CHANNEL_ID)
        return self._message(channel, call.json or {}, call.files, webhook=True)

    def _webhook_message(self, call: Call, match: re.Match[str]) -> Any:
        """A follow-up or the original response, read or edited; editing keeps its id."""
        token = match["token"]
        if match["mid"] == "@original":
            if token not in self._originals:  # answered without a message of its own yet
                channel = self._interaction_channels.get(token, CHANNEL_ID)
                made = self._message(channel, {}, [], webhook=True)
                self._originals[token] = int(made["id"])
            message_id = self._originals[token]
        else:
            message_id = int(match["mid"])
        if call.method == "GET":
            return self.messages.get(message_id) or json_response(
                {"message": "Unknown Message", "code": 10008}, 404
            )
        return self._edit(message_id, call.json or {}, call.files)

    def _open_dm(self, call: Call, match: re.Match[str]) -> Any:
        recipient = int((call.json or {})["recipient_id"])
        channel_id = next(self._ids)
        self._dm_channels[channel_id] = recipient
        user = self._users.get(recipient) or user_payload(recipient, f"user{recipient}")
        return {"id": str(channel_id), "type": 1, "last_message_id": None, "recipients": [user]}

    def _user(self, call: Call, match: re.Match[str]) -> Any:
        user_id = int(match["id"])
        if user_id not in self._users:
            return json_response({"message": "Unknown User", "code": 10013}, 404)
        return self._users[user_id]

    def _channel(self, call: Call, match: re.Match[str]) -> Any:
        channel_id = int(match["id"])
        if channel_id in self.threads:
            return self.threads[channel_id]
        for guild, channel in self.guilds.items():
            if channel_id == channel:
                return text_channel_payload(channel, guild)
        if channel_id in self._dm_channels:
            user = self._users.get(self._dm_channels[channel_id])
            return {"id": str(channel_id), "type": 1, "recipients": [user]}
        return json_response({"message": "Unknown Channel", "code": 10003}, 404)

    def _channel_message(self, call: Call, match: re.Match[str]) -> Any:
        channel_id = int(match["id"])
        refused = self._refused_while_archived(channel_id)
        if refused is not None:
            return refused
        return self._message(channel_id, call.json or {}, call.files)

    def _edit_message(self, call: Call, match: re.Match[str]) -> Any:
        """A message edited (a DM question closed): the message as it now reads."""
        refused = self._refused_while_archived(int(match["id"]))
        if refused is not None:
            return refused
        if int(match["mid"]) not in self.messages:
            self.messages[int(match["mid"])] = self._message(int(match["id"]), {}, [])
        return self._edit(int(match["mid"]), call.json or {}, call.files)

    def _edit(
        self, message_id: int, body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> dict[str, Any]:
        """The message ``message_id`` with what ``body`` changes, as it now reads."""
        held = self.messages.get(message_id) or self._message(CHANNEL_ID, {}, [])
        edited = {**held, "id": str(message_id), "edited_timestamp": TIMESTAMP}
        for key in ("content", "embeds", "components", "flags"):
            if key in body and body[key] is not None:
                edited[key] = body[key]
        if files:
            edited["attachments"] = self._message(CHANNEL_ID, {}, files)["attachments"]
        self.messages.pop(int(held["id"]), None)
        self.messages[message_id] = edited
        return edited

    # -- threads --------------------------------------------------------------------------
    def _start_thread(self, call: Call, match: re.Match[str]) -> Any:
        """A thread opened under a text channel, without a starting message."""
        parent = int(match["id"])
        guilds = [g for g, c in self.guilds.items() if c == parent]
        if not guilds:
            return json_response({"message": "Unknown Channel", "code": 10003}, 404)
        body = call.json or {}
        thread_id = next(self._ids)
        self.threads[thread_id] = {
            "id": str(thread_id),
            "type": body.get("type", 11),
            "guild_id": str(guilds[0]),
            "parent_id": str(parent),
            "owner_id": str(BOT_ID),
            "name": body.get("name", "thread"),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": body.get("auto_archive_duration", 4320),
                "archive_timestamp": TIMESTAMP,
                "locked": False,
                "create_timestamp": TIMESTAMP,
            },
        }
        self._later(
            self.dispatch("THREAD_CREATE", {**self.threads[thread_id], "newly_created": True})
        )
        return self.threads[thread_id]

    def _edit_channel(self, call: Call, match: re.Match[str]) -> Any:
        """A channel's settings changed: for a thread, its name and whether it is archived
        or locked (a bot opens an archived thread again this way)."""
        thread = self.threads.get(int(match["id"]))
        if thread is None:
            return self._channel(call, match)
        body = call.json or {}
        if "name" in body:
            thread["name"] = body["name"]
        for flag in ("archived", "locked"):
            if flag in body:
                thread["thread_metadata"][flag] = bool(body[flag])
        if "archived" in body:
            # Discord tells every shard of the change, the bot's own included
            self._later(self.dispatch("THREAD_UPDATE", copy.deepcopy(thread)))
        return thread

    async def archive(self, thread_id: int, *, announce: bool = True) -> None:
        """Archive a thread, as Discord does after its auto-archive time; ``announce``
        tells the bot (a THREAD_UPDATE), else only the API knows."""
        thread = self.threads[thread_id]
        thread["thread_metadata"]["archived"] = True
        if announce:
            await self.dispatch("THREAD_UPDATE", thread)

    def archived(self, thread_id: int) -> bool:
        return bool(self.threads[thread_id]["thread_metadata"]["archived"])

    def _refused_while_archived(self, channel_id: int) -> web.Response | None:
        thread = self.threads.get(channel_id)
        if thread is None or not thread["thread_metadata"]["archived"]:
            return None
        return json_response({"message": "Thread is archived", "code": 50083}, 400)

    def _later(self, coroutine: Any) -> None:
        """Run ``coroutine`` (a gateway event) once the request is answered."""
        if self._ws is None:
            coroutine.close()  # nobody connected to tell
            return
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _pin(self, call: Call, match: re.Match[str]) -> Any:
        """A message pinned (the game dashboard): Discord answers 204 No Content."""
        refused = self._refused_while_archived(int(match["id"]))
        return refused if refused is not None else web.Response(status=204)

    def _message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        *,
        webhook: bool = False,
    ) -> dict[str, Any]:
        attachments = []
        for name, data in files:
            attachment_id = str(next(self._ids))
            url = f"http://127.0.0.1:{self.port}/attachments/{attachment_id}/{name}"
            attachments.append(
                {
                    "id": attachment_id,
                    "filename": name,
                    "size": len(data),
                    "url": url,
                    "proxy_url": url,
                }
            )
        message = {
            "id": str(next(self._ids)),
            "channel_id": str(channel_id),
            "type": 0,
            "content": body.get("content") or "",
            "author": BOT_USER,
            "attachments": attachments,
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "flags": body.get("flags") or 0,
        }
        if webhook:
            message["webhook_id"] = str(APP_ID)
            message["application_id"] = str(APP_ID)
        if channel_id in self.threads:
            message["guild_id"] = self.threads[channel_id]["guild_id"]
        elif channel_id not in self._dm_channels:
            guilds = [g for g, c in self.guilds.items() if c == channel_id]
            thread = self.threads.get(channel_id)
            message["guild_id"] = (
                thread["guild_id"] if thread else str(guilds[0] if guilds else GUILD_ID)
            )
        self.messages[int(message["id"])] = message
        return message

    # -- interactions -------------------------------------------------------------------
    def slash(
        self,
        user: dict[str, Any],
        name: str,
        options: list[dict[str, Any]] | None = None,
        *,
        permissions: int = 0,
        locale: str = "en-US",
        guild_id: int = GUILD_ID,
        channel_id: int | None = None,
        thread_id: int | None = None,
        autocomplete: bool = False,
    ) -> dict[str, Any]:
        """An INTERACTION_CREATE payload for ``/name`` typed by ``user`` in the text channel
        of ``guild_id`` (the test guild's by default) or in ``channel_id`` (one of its
        threads), whose client speaks ``locale``; with ``autocomplete`` it asks for the
        suggestions of the option marked ``"focused": True``."""
        command = self.commands.get(name)
        assert command is not None, f"/{name} was never synced; synced: {sorted(self.commands)}"
        channel = channel_id or thread_id or self.guilds[guild_id]
        payload = self._interaction(user, 4 if autocomplete else 2, channel, locale, guild_id)
        payload["member"] = member_payload(user, permissions)
        payload["data"] = {
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": options or [],
        }
        return payload

    def _interaction(
        self,
        user: dict[str, Any],
        kind: int,
        channel_id: int,
        locale: str,
        guild_id: int | None = GUILD_ID,
    ) -> dict[str, Any]:
        """What every interaction carries: who, where (a guild's channel or thread, or a
        DM without a guild) and the token its answers use."""
        token = f"token-{next(self._ids)}"
        self._interaction_channels[token] = channel_id
        payload: dict[str, Any] = {
            "id": str(next(self._ids)),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "attachment_size_limit": 10 * 1024 * 1024,
            "locale": locale,
            "channel_id": str(channel_id),
            "app_permissions": "2248473465835073",
            "entitlements": [],
        }
        if guild_id is None:
            recipient = self._users.get(self._dm_channels.get(channel_id, 0), user)
            payload["channel"] = {"id": str(channel_id), "type": 1, "recipients": [recipient]}
            payload["user"] = user
            payload["authorizing_integration_owners"] = {"0": str(guild_id or 0)}
            payload["context"] = 1
            return payload
        thread = self.threads.get(channel_id)
        channel = thread or text_channel_payload(channel_id, guild_id)
        payload.update(
            guild_id=str(guild_id),
            guild={"id": str(guild_id), "locale": "en-US", "features": []},
            guild_locale="en-US",
            channel=channel,
            authorizing_integration_owners={"0": str(guild_id)},
            context=0,
        )
        return payload

    def component(
        self,
        user: dict[str, Any],
        message_id: int,
        custom_id: str,
        values: list[str] | None = None,
        *,
        locale: str = "en-US",
        permissions: int = 0,
    ) -> dict[str, Any]:
        """An INTERACTION_CREATE payload for ``user`` clicking the component ``custom_id``
        of a message the fake holds (choosing ``values`` in a select menu), in a DM or in
        the guild channel the message is in."""
        message = self.messages[message_id]
        channel_id = int(message["channel_id"])
        in_dm = channel_id in self._dm_channels
        guild = None if in_dm else int(message.get("guild_id") or GUILD_ID)
        payload = self._interaction(user, 3, channel_id, locale, guild)
        if not in_dm:
            payload["member"] = member_payload(user, permissions)
        self._originals[payload["token"]] = message_id  # what an update (7) edits
        kind = 3 if values is not None else 2  # a string select, or a button
        payload["message"] = message
        payload["data"] = {"custom_id": custom_id, "component_type": kind, "values": values or []}
        return payload

    async def run_component(self, *args: Any, **kwargs: Any) -> str:
        """Dispatch a component click (see :meth:`component`); return its token."""
        payload = self.component(*args, **kwargs)
        await self.dispatch("INTERACTION_CREATE", payload)
        return str(payload["token"])

    async def run_slash(
        self,
        user: dict[str, Any],
        name: str,
        options: list[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> str:
        """Dispatch ``/name`` and return the interaction token (to find its replies)."""
        payload = self.slash(user, name, options, **kwargs)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload["token"]


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py only decodes JSON when the content type is exactly "application/json";
    # a ``text=`` body would make aiohttp append "; charset=utf-8".
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )
