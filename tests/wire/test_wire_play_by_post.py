"""Play by post over the wire: the real bot, through discord.py, against the loopback fake
Discord. A game set up in a thread of its own, DM menus edited once answered, the log
paged with buttons, the user-install contexts of the synced commands, reminders that
escalate from the channel to DMs as a fake clock runs, and saved rolls that outlive a
restart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, Player
from bot.store import Database
from tests.conftest import FakeClock, fixed_seeds
from tests.wire.bot_on_fake import bot_on
from tests.wire.fake_discord import APP_ID, CHANNEL_ID, GUILD_ID, Call, FakeDiscord
from tests.wire.test_wire import (
    ALICE_ID,
    BOB_ID,
    READY_TIMEOUT,
    STEP_TIMEOUT,
    Wire,
    assert_no_error_replies,
    callback_of,
    components_of,
    followup_of,
    sub,
)

HOUR = 3600
MANAGE_GUILD = 1 << 5


@pytest.fixture
async def wire(monkeypatch: pytest.MonkeyPatch, service: GameService) -> AsyncIterator[Wire]:
    async with FakeDiscord() as fake:
        async with bot_on(fake, service, monkeypatch, READY_TIMEOUT) as bot:
            yield Wire(fake, bot)
        assert fake.unimplemented == [], f"routes the fake does not implement: {fake.unimplemented}"


def posted_in(channel_id: int):  # type: ignore[no-untyped-def]
    def predicate(call: Call) -> bool:
        return call.method == "POST" and call.path == f"/channels/{channel_id}/messages"

    return predicate


def original_edit(token: str):  # type: ignore[no-untyped-def]
    def predicate(call: Call) -> bool:
        return call.method == "PATCH" and call.path == (
            f"/webhooks/{APP_ID}/{token}/messages/@original"
        )

    return predicate


async def start_demo(
    fake: FakeDiscord, alice: Any, bob: Any, channel_id: int | None = None
) -> None:
    where = {} if channel_id is None else {"channel_id": channel_id}
    for user, command in ((bob, "join"), (alice, "start")):
        token = await fake.run_slash(user, "game", sub(command), **where)
        await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)


async def test_a_game_set_up_in_a_thread_is_played_there(wire: Wire, service: GameService) -> None:
    fake = wire.fake
    alice, bob = fake.add_user(ALICE_ID, "alice"), fake.add_user(BOB_ID, "bob")
    options = [
        {
            "type": 1,
            "name": "new",
            "options": [
                {"type": 3, "name": "system", "value": "demo"},
                {"type": 5, "name": "thread", "value": True},
            ],
        }
    ]
    token = await fake.run_slash(alice, "game", options)
    [opened] = await fake.wait_for(
        lambda c: c.method == "POST" and c.path == f"/channels/{CHANNEL_ID}/threads",
        timeout=STEP_TIMEOUT,
    )
    assert opened.json["type"] == 11 and "Demo race" in opened.json["name"], opened.json
    [thread_id] = fake.threads
    [link] = await fake.wait_for(callback_of(token), timeout=STEP_TIMEOUT)
    assert f"set up a game of Demo race in <#{thread_id}>" in link.json["data"]["content"]
    assert (await service.game_in(thread_id)) is not None
    assert (await service.game_in(CHANNEL_ID)) is None
    # the game posts in its thread, and the players play there
    await fake.wait_for(posted_in(thread_id), timeout=STEP_TIMEOUT)
    await start_demo(fake, alice, bob, channel_id=thread_id)
    game = await service.game_in(thread_id)
    assert game is not None and game.row.status == "active"
    posts = [c for c in fake.calls if posted_in(thread_id)(c)]
    assert any("📋" in (c.json or {}).get("content", "") for c in posts)  # its dashboard
    assert not [c for c in fake.calls if posted_in(CHANNEL_ID)(c)]  # the channel is left be
    assert_no_error_replies(fake)


async def test_a_dm_menu_shows_its_answer_and_loses_its_menu(wire: Wire) -> None:
    fake = wire.fake
    alice, bob = fake.add_user(ALICE_ID, "alice"), fake.add_user(BOB_ID, "bob")
    token = await fake.run_slash(alice, "game", sub("new", system="demo"))
    await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)
    await start_demo(fake, alice, bob)

    def menu_for(user_id: int) -> tuple[int, str]:
        for message_id, message in list(fake.messages.items()):
            if fake.dm_recipient(int(message["channel_id"])) != user_id:
                continue
            selects = [c for c in components_of(Call("", "", {}, message)) if c["type"] == 3]
            if selects:
                return message_id, selects[0]["custom_id"]
        raise AssertionError(f"no DM menu for {user_id}")

    for _ in range(100):
        try:
            alice_menu, picked = menu_for(ALICE_ID)
            bob_menu, _ = menu_for(BOB_ID)
            break
        except AssertionError:
            await asyncio.sleep(0.05)
    else:
        raise AssertionError(f"the DM menus never came: {fake.calls!r}")
    await fake.run_component(alice, alice_menu, picked, ["pick feint"])
    [answered] = await fake.wait_for(
        lambda c: c.method == "PATCH" and c.path.endswith(f"/messages/{alice_menu}"),
        timeout=STEP_TIMEOUT,
    )
    assert answered.json["content"].endswith("\n✅ Answered: `pick feint`"), answered.json
    assert answered.json["components"] == []
    assert fake.messages[alice_menu]["components"] == []
    # bob answers in the channel instead: his menu closes, saying the game moved on
    token = await fake.run_slash(
        bob, "act", [{"type": 3, "name": "action", "value": "pick attack"}]
    )
    [closed] = await fake.wait_for(
        lambda c: c.method == "PATCH" and c.path.endswith(f"/messages/{bob_menu}"),
        timeout=STEP_TIMEOUT,
    )
    assert "This question has closed" in closed.json["content"]
    assert closed.json["components"] == []
    assert_no_error_replies(fake)


async def test_the_log_pages_with_buttons_that_edit_one_message(
    wire: Wire, service: GameService
) -> None:
    fake = wire.fake
    alice, bob = fake.add_user(ALICE_ID, "alice"), fake.add_user(BOB_ID, "bob")
    red, blue = Player(ALICE_ID, "alice"), Player(BOB_ID, "bob")
    await service.create(CHANNEL_ID, GUILD_ID, red, "demo")
    await service.join(CHANNEL_ID, blue)
    await service.start(CHANNEL_ID, red)
    await service.act(CHANNEL_ID, red, "pick feint")
    await service.act(CHANNEL_ID, blue, "pick attack")
    players = {ALICE_ID: red, BOB_ID: blue}
    for _ in range(24):  # each turn ended at once: a long log of short lines
        info = await service.status(CHANNEL_ID, None)
        assert info.progress is not None
        awaited = info.progress.waiting_on[0].user_id
        assert awaited is not None
        await service.act(CHANNEL_ID, players[awaited], "end")
    pages = (await service.log_page(CHANNEL_ID, BOB_ID, None)).pages
    assert pages > 1

    token = await fake.run_slash(bob, "game", sub("log"))
    [shown] = await fake.wait_for(original_edit(token), timeout=STEP_TIMEOUT)
    buttons = {c["label"]: c for c in components_of(shown) if c["type"] == 2}
    assert buttons[f"Page {pages} of {pages}"]["disabled"]
    assert buttons["Next ▶"]["disabled"] and not buttons["◀ Previous"]["disabled"]
    log_message = fake._originals[token]

    clicked = await fake.run_component(bob, log_message, buttons["◀ Previous"]["custom_id"])
    [deferred] = await fake.wait_for(callback_of(clicked), timeout=STEP_TIMEOUT)
    assert deferred.json["type"] == 6  # the message stays while the page is read
    [edited] = await fake.wait_for(original_edit(clicked), timeout=STEP_TIMEOUT)
    labels = {c["label"]: c for c in components_of(edited) if c["type"] == 2}
    assert f"Page {pages - 1} of {pages}" in labels
    assert edited.json["content"] != shown.json["content"]
    assert fake.messages[log_message]["content"] == edited.json["content"]  # one message

    first = await fake.run_component(bob, log_message, labels["⏮ First"]["custom_id"])
    [opened] = await fake.wait_for(original_edit(first), timeout=STEP_TIMEOUT)
    assert "alice set up a game of Demo race." in opened.json["content"]
    assert fake.messages[log_message]["content"] == opened.json["content"]
    # every page bob is shown holds his own secret pick at most, never alice's
    for page in (c for c in fake.calls if c.method == "PATCH" and isinstance(c.json, dict)):
        assert "You picked **feint**" not in (page.json.get("content") or ""), page.json
    # somebody else's click is refused, privately
    stranger = await fake.run_component(alice, log_message, labels["Next ▶"]["custom_id"])
    [refused] = await fake.wait_for(callback_of(stranger), timeout=STEP_TIMEOUT)
    assert refused.json["data"]["flags"] & 64
    assert "somebody else's log" in refused.json["data"]["content"]
    assert all(
        len(c.json.get("content") or "") <= 2000 for c in fake.calls if isinstance(c.json, dict)
    )


async def test_the_synced_commands_say_where_they_may_be_used(wire: Wire) -> None:
    [sync] = await wire.fake.wait_for(
        lambda c: c.method == "PUT" and c.path == f"/applications/{APP_ID}/commands",
        timeout=STEP_TIMEOUT,
    )
    by_name = {command["name"]: command for command in sync.json}
    for anywhere in ("roll", "macro", "rules", "table", "help"):
        # servers, DMs with the bot and group DMs; installed by servers and by users
        assert sorted(by_name[anywhere]["contexts"]) == [0, 1, 2], anywhere
        assert sorted(by_name[anywhere]["integration_types"]) == [0, 1], anywhere
    for servers_only in ("game", "act", "server", "admin"):
        assert by_name[servers_only]["contexts"] == [0], servers_only
        assert by_name[servers_only]["integration_types"] == [0], servers_only


async def test_a_reminder_goes_to_the_channel_then_by_dm_too(wire: Wire, clock: FakeClock) -> None:
    fake = wire.fake
    alice, bob = fake.add_user(ALICE_ID, "alice"), fake.add_user(BOB_ID, "bob")
    token = await fake.run_slash(alice, "game", sub("new", system="demo"))
    await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)
    await start_demo(fake, alice, bob)
    timers = wire.bot.get_cog("Timers")
    assert timers is not None

    def reminder(call: Call) -> bool:
        return call.method == "POST" and "⏰" in ((call.json or {}).get("content") or "")

    def by_dm(call: Call) -> bool:
        return reminder(call) and fake.dm_recipient(int(call.path.split("/")[2])) is not None

    clock.advance(25 * HOUR)
    assert await timers.send_reminders() == 1  # type: ignore[attr-defined]
    [first] = await fake.wait_for(reminder, timeout=STEP_TIMEOUT)
    assert first.path == f"/channels/{CHANNEL_ID}/messages"
    assert "waiting on you for 25 hours" in first.json["content"]
    assert not [c for c in fake.calls if by_dm(c)]  # the first stays in the channel

    clock.advance(49 * HOUR)
    assert await timers.send_reminders() == 1  # type: ignore[attr-defined]
    dms = await fake.wait_for(by_dm, count=2, timeout=STEP_TIMEOUT)
    assert {fake.dm_recipient(int(c.path.split("/")[2])) for c in dms} == {ALICE_ID, BOB_ID}
    for dm in dms:
        assert dm.json["content"].startswith("⏰ Your game of ")
        assert f"<#{CHANNEL_ID}>" in dm.json["content"] and "3 days 2 hours" in dm.json["content"]
    channel = [c for c in fake.calls if reminder(c) and c.path == first.path]
    assert len(channel) == 2 and "3 days 2 hours" in channel[-1].json["content"]
    mentioned = channel[-1].json.get("allowed_mentions") or {}
    assert set(map(int, mentioned.get("users", []))) <= {ALICE_ID, BOB_ID}


async def test_saved_rolls_outlive_a_restart(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, clock: FakeClock
) -> None:
    path = str(tmp_path / "umpire.db")

    def roll(name: str) -> list[dict[str, Any]]:
        return [{"type": 3, "name": "name", "value": name}]

    async with FakeDiscord() as fake:
        alice, bob = fake.add_user(ALICE_ID, "alice"), fake.add_user(BOB_ID, "bob")
        db = await Database.open(path)
        service = GameService(db, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
        async with bot_on(fake, service, monkeypatch, READY_TIMEOUT):
            mine = [{"type": 3, "name": "name", "value": "stats"}]
            mine.append({"type": 3, "name": "dice", "value": "6 4d6 k3"})
            token = await fake.run_slash(
                alice, "macro", [{"type": 1, "name": "save", "options": mine}]
            )
            await fake.wait_for(callback_of(token), timeout=STEP_TIMEOUT)
            shared = [{"type": 3, "name": "name", "value": "volley"}]
            shared += [
                {"type": 3, "name": "dice", "value": "6d6t5"},
                {"type": 5, "name": "server", "value": True},
            ]
            token = await fake.run_slash(
                alice,
                "macro",
                [{"type": 1, "name": "save", "options": shared}],
                permissions=MANAGE_GUILD,
            )
            [saved] = await fake.wait_for(callback_of(token), timeout=STEP_TIMEOUT)
            assert "Saved `volley` for everyone in this server" in saved.json["data"]["content"]
        await db.close()

        db = await Database.open(path)  # the bot starts again on the same database
        service = GameService(db, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
        try:
            async with bot_on(fake, service, monkeypatch, READY_TIMEOUT):
                token = await fake.run_slash(alice, "roll", roll("stats"))
                [rolled] = await fake.wait_for(callback_of(token), timeout=STEP_TIMEOUT)
                lines = rolled.json["data"]["content"].splitlines()
                assert lines[0] == "🎲 `stats`" and len(lines) == 7
                token = await fake.run_slash(bob, "roll", roll("volley"))
                [theirs] = await fake.wait_for(callback_of(token), timeout=STEP_TIMEOUT)
                assert theirs.json["data"]["content"].startswith("🎲 `volley` (server)\n")
                focused = [{"type": 3, "name": "name", "value": "", "focused": True}]
                asked = fake.slash(alice, "roll", focused, autocomplete=True)
                await fake.dispatch("INTERACTION_CREATE", asked)
                [offered] = await fake.wait_for(callback_of(asked["token"]), timeout=STEP_TIMEOUT)
                assert offered.json["type"] == 8
                assert [c["name"] for c in offered.json["data"]["choices"]] == [
                    "stats — 6 4d6 k3",
                    "volley — 6d6t5 · server",
                ]
        finally:
            await db.close()
        assert fake.unimplemented == []
