"""Smoke tests over the wire: the real bot, through discord.py, against a fake Discord.

The fake (see ``fake_discord.py``) listens on 127.0.0.1 only; discord.py's REST base and
gateway address are pointed at it for the duration of each test.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.discord_app.app import UmpireBot
from bot.service import GameService
from tests.wire.bot_on_fake import bot_on
from tests.wire.fake_discord import APP_ID, CHANNEL_ID, Call, FakeDiscord

READY_TIMEOUT = 10.0
STEP_TIMEOUT = 10.0

ALICE_ID = 600_000_000_000_000_101
BOB_ID = 600_000_000_000_000_202


@dataclass
class Wire:
    fake: FakeDiscord
    bot: UmpireBot


@pytest.fixture
async def wire(monkeypatch: pytest.MonkeyPatch, service: GameService) -> AsyncIterator[Wire]:
    async with FakeDiscord() as fake:
        async with bot_on(fake, service, monkeypatch, READY_TIMEOUT) as bot:
            yield Wire(fake, bot)
        assert fake.unimplemented == [], f"routes the fake does not implement: {fake.unimplemented}"


def callback_of(token: str):  # type: ignore[no-untyped-def]
    def predicate(call: Call) -> bool:
        return call.method == "POST" and call.path.endswith(f"/{token}/callback")

    return predicate


def followup_of(token: str):  # type: ignore[no-untyped-def]
    def predicate(call: Call) -> bool:
        return call.method == "POST" and call.path == f"/webhooks/{APP_ID}/{token}"

    return predicate


def components_of(call: Call) -> list[dict]:  # type: ignore[type-arg]
    found: list[dict] = []  # type: ignore[type-arg]
    pending = list((call.json or {}).get("components") or [])
    while pending:
        component = pending.pop()
        found.append(component)
        pending.extend(component.get("components") or [])
    return found


def assert_no_error_replies(fake: FakeDiscord) -> None:
    """No reply, follow-up or message so far is one of the bot's error notices."""
    for call in fake.calls:
        body = call.json if isinstance(call.json, dict) else {}
        content = body.get("content") or (body.get("data") or {}).get("content") or ""
        assert "Something went wrong" not in content, call
        assert "There is no game system" not in content, call


def sub(name: str, **values: str) -> list[dict]:  # type: ignore[type-arg]
    """The options of a ``/group name key:value…`` subcommand invocation."""
    options = [{"type": 3, "name": key, "value": value} for key, value in values.items()]
    return [{"type": 1, "name": name, "options": options}]


async def test_connects_and_syncs_slash_commands(wire: Wire) -> None:
    syncs = await wire.fake.wait_for(
        lambda c: c.method == "PUT" and c.path == f"/applications/{APP_ID}/commands",
        timeout=STEP_TIMEOUT,
    )
    names = {command["name"] for command in syncs[-1].json}
    assert {"game", "roll", "act", "rules", "table", "help"} <= names, names
    game = next(command for command in syncs[-1].json if command["name"] == "game")
    subcommands = {option["name"] for option in game["options"]}
    assert {"new", "join", "start", "board"} <= subcommands, subcommands
    assert wire.bot.user is not None and wire.bot.user.id == APP_ID
    assert wire.bot.get_channel(CHANNEL_ID) is not None


async def test_roll_replies_with_successes(wire: Wire) -> None:
    alice = wire.fake.add_user(ALICE_ID, "alice")
    token = await wire.fake.run_slash(
        alice, "roll", [{"type": 3, "name": "dice", "value": "3d10>=6"}]
    )
    [callback] = await wire.fake.wait_for(callback_of(token), timeout=STEP_TIMEOUT)
    assert callback.json["type"] == 4, callback.json
    content = callback.json["data"]["content"]
    # The dice are random: "1 success" is singular, any other count "N successes".
    found = re.search(r"\*\*(\d+) success(es)?\*\*", content)
    assert found is not None, content
    assert (found[1] == "1") == (found[2] is None), content


async def test_demo_game_over_the_wire(wire: Wire) -> None:
    fake = wire.fake
    alice = fake.add_user(ALICE_ID, "alice")
    bob = fake.add_user(BOB_ID, "bob")

    token = await fake.run_slash(alice, "game", sub("new", system="demo"))
    await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)
    token = await fake.run_slash(bob, "game", sub("join"))
    [joined] = await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)
    assert "bob joined" in joined.json["content"], joined.json
    assert_no_error_replies(fake)

    token = await fake.run_slash(alice, "game", sub("start"))
    opened = await fake.wait_for(
        lambda c: c.method == "POST" and c.path == "/users/@me/channels",
        count=2,
        timeout=STEP_TIMEOUT,
    )
    assert {int(c.json["recipient_id"]) for c in opened} == {ALICE_ID, BOB_ID}

    def prompt_dm(call: Call) -> bool:
        if call.method != "POST" or not call.path.startswith("/channels/"):
            return False
        channel_id = int(call.path.split("/")[2])
        return fake.dm_recipient(channel_id) is not None

    dms = await fake.wait_for(prompt_dm, count=2, timeout=STEP_TIMEOUT)
    recipients = set()
    for dm in dms:
        selects = [c for c in components_of(dm) if c.get("type") == 3]
        assert selects, f"DM without a select: {dm.json!r}"
        assert selects[0]["custom_id"].startswith("umpire:p:"), selects[0]
        recipients.add(fake.dm_recipient(int(dm.path.split("/")[2])))
    assert recipients == {ALICE_ID, BOB_ID}
    [started] = await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)
    assert "The game begins" in started.json["content"], started.json

    token = await fake.run_slash(alice, "game", sub("board"))
    [callback] = await fake.wait_for(callback_of(token), timeout=STEP_TIMEOUT)
    assert callback.json["type"] == 5, callback.json  # deferred while the board renders
    [followup] = await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)
    assert followup.multipart, followup
    assert len(followup.files) == 1, followup
    filename, data = followup.files[0]
    assert filename.endswith(".png"), filename
    assert data.startswith(b"\x89PNG"), data[:16]
    assert_no_error_replies(fake)


async def test_the_synced_commands_carry_their_german_names(wire: Wire) -> None:
    syncs = await wire.fake.wait_for(
        lambda c: c.method == "PUT" and c.path == f"/applications/{APP_ID}/commands",
        timeout=STEP_TIMEOUT,
    )
    game = next(command for command in syncs[-1].json if command["name"] == "game")
    assert game["name_localizations"] == {"de": "spiel"}
    new = next(option for option in game["options"] if option["name"] == "new")
    assert new["name_localizations"] == {"de": "neu"}
    side = next(option for option in new["options"] if option["name"] == "side")
    assert side["name_localizations"] == {"de": "partei"}
    assert side["description_localizations"]["de"].startswith("Deine Partei")


async def test_help_answers_in_the_language_of_the_users_client(wire: Wire) -> None:
    alice = wire.fake.add_user(ALICE_ID, "alice")
    german = await wire.fake.run_slash(alice, "help", locale="de")
    [reply] = await wire.fake.wait_for(callback_of(german), timeout=STEP_TIMEOUT)
    assert reply.json["data"]["content"].startswith("**Umpire leitet Tabletop-Spiele")
    english = await wire.fake.run_slash(alice, "help", locale="en-GB")
    [reply] = await wire.fake.wait_for(callback_of(english), timeout=STEP_TIMEOUT)
    assert reply.json["data"]["content"].startswith("**Umpire referees wargames")


async def test_the_dashboard_is_posted_once_pinned_and_then_edited(wire: Wire) -> None:
    fake = wire.fake
    alice = fake.add_user(ALICE_ID, "alice")
    bob = fake.add_user(BOB_ID, "bob")
    channel = f"/channels/{CHANNEL_ID}/messages"

    def dashboard_post(call: Call) -> bool:
        body = call.json if isinstance(call.json, dict) else {}
        return call.method == "POST" and call.path == channel and "📋" in body.get("content", "")

    token = await fake.run_slash(alice, "game", sub("new", system="demo"))
    await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)
    [posted] = await fake.wait_for(dashboard_post, timeout=STEP_TIMEOUT)
    await fake.wait_for(
        lambda c: c.method == "PUT" and c.path.startswith(f"{channel}/pins/"),
        timeout=STEP_TIMEOUT,
    )
    token = await fake.run_slash(bob, "game", sub("join"))
    await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)
    token = await fake.run_slash(alice, "game", sub("start"))
    await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)

    def dashboard_edit(call: Call) -> bool:
        body = call.json if isinstance(call.json, dict) else {}
        return (
            call.method == "PATCH"
            and call.path.startswith(f"{channel}/")
            and "📋" in body.get("content", "")
        )

    edits = await fake.wait_for(dashboard_edit, count=2, timeout=STEP_TIMEOUT)
    assert "secret stances" in edits[-1].json["content"], edits[-1].json
    assert len({c.path for c in edits}) == 1  # always the same message
    assert [c for c in fake.calls if dashboard_post(c)] == [posted]  # never posted again
    assert_no_error_replies(fake)
