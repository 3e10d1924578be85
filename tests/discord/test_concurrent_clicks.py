"""Interactions that reach the bot at the same instant, double clicks, stale components,
and Discord calls that never run while a game is locked."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter
from simcord.results import InteractionResult

from bot.service import GameService, Player
from bot.service.errors import ChoiceExpired
from bot.store.records import LogRow
from rules.core.prompts import Prompt
from rules.core.registry import get_system
from tests.service._concurrency import Table as GameTable
from tests.service._concurrency import replay_matches

from ._support import (
    dm_history,
    end_game,
    forget_questions,
    mover,
    pick_both,
    prompt_in,
    public_messages,
    refusals,
    start_demo,
)
from .conftest import Table

pytestmark = pytest.mark.concurrency

EXPIRED = ChoiceExpired().message
NOT_YOUR_TURN = ("It is Red's turn.", "It is Blue's turn.")
OVER = "The last game in this channel is over."
CLEAR = (*NOT_YOUR_TURN, "No steps left this turn", OVER)
MOVES = ("step", "step", "dash", "end")


# -- sending several interactions at once ------------------------------------------------
async def at_once(env: Any, *clicks: Callable[[], Awaitable[InteractionResult]]) -> list[Any]:
    """Deliver every interaction before the bot handles any of them, then wait for all.

    Each user action normally waits until the bot is idle; here the waiting is skipped
    while the interactions are handed over, so they all arrive at the same instant.
    """
    env._settle_internal = _hand_over_only
    try:
        results = [await click() for click in clicks]
    finally:
        del env._settle_internal
    handed = [entry[1] for entry in env.backend.transcript[-len(clicks) :]]
    assert handed == ["INTERACTION_CREATE"] * len(clicks), "the bot answered before all arrived"
    await env.settle()
    return results


async def _hand_over_only(**_: object) -> None:
    return None


# -- what the store says ---------------------------------------------------------------
async def game_log(service: GameService, table: Table) -> tuple[int, list[LogRow]]:
    game = await service.game_in(table.channel.id)
    assert game is not None
    rows = await service.db.log(game.id)
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), "a gap or repeat in the log"
    assert game.version == rows[-1].seq
    return game.version, rows


def actions_after(rows: list[LogRow], version: int) -> Counter[tuple[int | None, str]]:
    return Counter(
        (r.user_id, json.loads(r.payload)["notation"])
        for r in rows
        if r.kind == "action" and r.seq > version
    )


def game_table(table: Table, options: str | None = None) -> GameTable:
    """The players as the service knows them, for a serial replay of the channel's log."""
    players = [Player(m.id, m.name) for m in (table.alice, table.bob, table.carol)]
    return GameTable(table.channel.id, "demo", options, *players)


def answer_of(result: InteractionResult) -> tuple[bool, str]:
    """(applied, text) of an answered command: a refusal is one private message."""
    assert result.acknowledged
    response = result.response
    assert response is not None
    if response.ephemeral:
        assert result.followups == [], "a refused command got more than its refusal"
        return False, response.content
    return True, response.content


# -- the demo's turn prompt as DM buttons ------------------------------------------------
@pytest.fixture
def turn_buttons(monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo's turn prompt as a private reaction with a deadline, like an overwatch
    chance: it comes by DM as buttons."""
    system = get_system("demo")
    original = type(system).prompts

    def prompts(self: Any, state: Any) -> list[Prompt]:
        return [
            p.model_copy(update={"private": True, "on_timeout": "end", "timeout_minutes": 60})
            if p.key.startswith("turn-")
            else p
            for p in original(self, state)
        ]

    monkeypatch.setattr(type(system), "prompts", prompts)


def buttons_in(actor: Any) -> Any:
    with_buttons = [
        m
        for m in dm_history(actor)
        if m.components and isinstance(m.components[0].children[0], discord.Button)
    ]
    assert with_buttons, f"{actor.name} has no DM with buttons"
    return with_buttons[-1]


def button_id(message: Any, label: str) -> str:
    [button] = [b for b in message.components[0].children if b.label == label]
    return str(button.custom_id)


# -- 1. two seats at the same instant -----------------------------------------------------
async def test_two_seats_slash_at_the_same_instant(
    simcord_env: Any, table: Table, service: GameService, tmp_path: Any
) -> None:
    await start_demo(table, goal=8)
    start, _ = await game_log(service, table)
    sent: list[tuple[int, str]] = []
    applied: Counter[tuple[int | None, str]] = Counter()
    refused: list[str] = []

    async def both(red: str, blue: str) -> None:
        pair = [(table.alice, red), (table.bob, blue)]
        results = await at_once(
            simcord_env,
            *(lambda a=a, n=n: a.slash(table.channel, "act", action=n) for a, n in pair),
        )
        for (actor, notation), result in zip(pair, results, strict=True):
            sent.append((actor.id, notation))
            ok, text = answer_of(result)
            if ok:
                applied[(actor.id, notation)] += 1
            else:
                refused.append(text)

    await both("pick feint", "pick attack")  # both legal at once: both apply
    assert len(applied) == 2 and refused == []
    rng = random.Random(3)
    for _ in range(60):
        game = await service.game_in(table.channel.id)
        assert game is not None
        if game.row.status == "finished":
            break
        await both(rng.choice(MOVES), rng.choice(MOVES))
    assert game.row.status == "finished"
    assert refused and all(t.startswith(CLEAR) for t in refused), refused
    assert len(refused) == len(simcord_env.errors)  # each refusal is one handled error
    assert sum(applied.values()) + len(refused) == len(sent)
    _, rows = await game_log(service, table)
    assert actions_after(rows, start) == applied
    await replay_matches(service, [game_table(table, "goal=8")], tmp_path / "replay.db")


# -- 2. double clicks -------------------------------------------------------------------------
@pytest.mark.parametrize("second", ["pick feint", "pick attack"])
async def test_a_double_click_on_a_menu_counts_once(
    simcord_env: Any, table: Table, service: GameService, second: str
) -> None:
    await start_demo(table)
    before, _ = await game_log(service, table)
    menu = prompt_in(table.alice)
    seen = len(public_messages(table))

    results = await at_once(
        simcord_env,
        lambda: table.alice.user.select(menu, ["pick feint"]),
        lambda: table.alice.user.select(menu, [second]),
    )

    answers = sorted(r.response.content for r in results)
    assert answers == sorted(["You picked **feint**.", EXPIRED]), answers
    expired = next(r for r in results if r.response.content == EXPIRED)
    assert expired.response.channel_id == table.alice.user.dm_channel.id  # only alice sees it
    assert expired.followups == []
    after, rows = await game_log(service, table)
    assert after == before + 3  # one pick: the action and its two events
    assert actions_after(rows, before) == Counter({(table.alice.id, "pick feint"): 1})
    assert len(public_messages(table)) == seen + 1  # one "Red has picked" line


async def test_a_double_click_on_a_button_counts_once(
    simcord_env: Any, table: Table, service: GameService, turn_buttons: None
) -> None:
    await start_demo(table)
    await pick_both(table)
    actor, _ = await mover(service, table)
    message = buttons_in(actor)
    step = button_id(message, "Step forward")
    before, _ = await game_log(service, table)

    results = await at_once(
        simcord_env,
        lambda: actor.user.click(message, custom_id=step),
        lambda: actor.user.click(message, custom_id=step),
    )

    answers = [r.response.content for r in results]
    assert answers.count(EXPIRED) == 1, answers
    expired = next(r for r in results if r.response.content == EXPIRED)
    assert expired.response.channel_id == actor.user.dm_channel.id  # only the clicker sees it
    after, rows = await game_log(service, table)
    assert after == before + 2  # one step: the action and its move
    assert actions_after(rows, before) == Counter({(actor.id, "step"): 1})
    steps = [m.content for m in public_messages(table) if " steps " in m.content]
    assert len(steps) == 1


async def test_a_double_click_on_undo_approval_counts_once(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    await start_demo(table)
    await pick_both(table)
    actor, other = await mover(service, table)
    await actor.slash(table.channel, "act", action="dash")
    request = (await actor.slash(table.channel, "game undo")).response
    before, _ = await game_log(service, table)

    results = await at_once(
        simcord_env,
        lambda: other.click(request, label="Approve undo"),
        lambda: other.click(request, label="Approve undo"),
    )

    expired = [r for r in results if r.response.content == EXPIRED]
    assert len(expired) == 1 and expired[0].response.ephemeral
    after, rows = await game_log(service, table)
    # one undo: its record, and the dice moving past the roll it took back
    assert [r.kind for r in rows if r.seq > before] == ["undo", "event"]
    assert len({r.batch for r in rows if r.seq > before}) == 1 and after == before + 2
    approvals = [m for m in public_messages(table) if "took back 1 action" in m.content]
    assert len(approvals) == 1


# -- 3. many channels at once through Discord --------------------------------------------
async def test_many_channels_at_once_through_discord(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    channels = [table.channel] + [
        table.guild.create_text_channel(f"battle-{n}") for n in range(1, 12)
    ]
    for channel in channels:
        await table.alice.slash(channel, "game new", system="demo")
        await table.bob.slash(channel, "game join")
        await table.alice.slash(channel, "game start")
    versions = {}
    for channel in channels:
        game = await service.game_in(channel.id)
        assert game is not None
        versions[channel.id] = game.version
    moves = [
        (table.alice, "pick feint"),
        (table.bob, "pick attack"),
        (table.alice, "pick defend"),  # alice's second pick is refused
        (table.carol, "pick attack"),  # a spectator is refused
    ]
    plan = [(channel, actor, notation) for channel in channels for actor, notation in moves]
    results = await at_once(
        simcord_env,
        *(lambda c=c, a=a, n=n: a.slash(c, "act", action=n) for c, a, n in plan),
    )
    answers = [answer_of(r) for r in results]
    applied = sum(ok for ok, _ in answers)
    print(
        f"\nthrough Discord: {len(plan)} commands, {applied} applied, {len(plan) - applied} refused"
    )
    assert applied == 2 * len(channels)  # both picks, once each
    assert len(simcord_env.errors) == len(plan) - applied
    for channel in channels:
        game = await service.game_in(channel.id)
        assert game is not None and game.state is not None
        rows = await service.db.log(game.id)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
        assert game.state.phase == "race"  # type: ignore[attr-defined]
        assert sum(actions_after(rows, versions[channel.id]).values()) == 2


# -- 4. no game lock is held while talking to Discord ---------------------------------------
class WatchedLock(asyncio.Lock):
    """A channel lock that knows which task holds it."""

    owner: asyncio.Task[Any] | None = None

    async def acquire(self) -> bool:
        await super().acquire()
        self.owner = asyncio.current_task()
        return True

    def release(self) -> None:
        self.owner = None
        super().release()


class SlowDiscord:
    """Discord's side of every request the bot makes. Checks that no request is made by a
    task holding a game's lock, and can hold one command's requests (those from the first
    task whose request matches ``hold``) until :meth:`release`."""

    def __init__(self, env: Any, service: GameService) -> None:
        self.env = env
        self.locks: dict[int, WatchedLock] = {}
        service.access.lock = self._lock  # type: ignore[method-assign]
        self.requests = 0
        self.under_lock: list[str] = []
        self.held: list[str] = []
        self.hold: Callable[[str, str, bool], bool] | None = None
        self.held_task: asyncio.Task[Any] | None = None
        self.gate = asyncio.Event()

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self.locks.setdefault(channel_id, WatchedLock())

    def hold_next(self, hold: Callable[[str, str, bool], bool]) -> None:
        self.hold, self.held_task, self.held = hold, None, []
        self.gate.clear()

    async def release(self) -> None:
        self.gate.set()
        self.hold = None
        await self.env.settle()

    async def request(self, method: str, url: str, files: object) -> None:
        self.requests += 1
        path = url.split("/api/v10", 1)[-1]
        task = asyncio.current_task()
        held = [c for c, lock in self.locks.items() if lock.owner is task and task is not None]
        if held:
            self.under_lock.append(f"{method} {path} while holding channel {held}")
        if (
            self.hold is not None
            and self.held_task is None
            and self.hold(method, path, bool(files))
        ):
            self.held_task = task
        if task is self.held_task and not self.gate.is_set():
            self.held.append(f"{method} {path}")
            await self.env.external_wait(self.gate.wait(), reason="Discord answers slowly")


async def meanwhile(command: Awaitable[InteractionResult]) -> InteractionResult:
    """A command sent while another one's Discord calls are held must still finish."""
    try:
        return await command
    except TimeoutError:
        pytest.fail("a command waited for another one's Discord call: a game lock is held")


@pytest.fixture
async def slow_discord(
    simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[SlowDiscord]:
    slow = SlowDiscord(simcord_env, service)
    for transport in (FakeHTTPClient, FakeWebhookAdapter):
        original = transport.request

        async def request(
            self: Any, route: Any, *args: Any, _original: Any = original, **kwargs: Any
        ) -> Any:
            await slow.request(route.method, str(route.url), kwargs.get("files"))
            return await _original(self, route, *args, **kwargs)

        monkeypatch.setattr(transport, "request", request)
    yield slow
    slow.gate.set()


async def test_no_discord_call_is_made_under_a_game_lock(
    simcord_env: Any, table: Table, service: GameService, slow_discord: SlowDiscord
) -> None:
    await start_demo(table, goal=6)
    await at_once(
        simcord_env,
        lambda: table.alice.user.select(prompt_in(table.alice), ["pick feint"]),
        lambda: table.bob.user.select(prompt_in(table.bob), ["pick defend"]),
    )
    for _ in range(40):
        game = await service.game_in(table.channel.id)
        assert game is not None
        if game.row.status == "finished":
            break
        actor, other = await mover(service, table)
        await at_once(
            simcord_env,
            lambda actor=actor: actor.slash(table.channel, "act", action="dash"),
            lambda other=other: other.slash(table.channel, "act", action="step"),
            lambda: table.carol.slash(table.channel, "game status"),
        )
    assert game.row.status == "finished"
    assert all(r.message.startswith(CLEAR) for r in refusals(simcord_env))
    assert slow_discord.requests > 20
    assert slow_discord.under_lock == []
    assert slow_discord.locks  # the game's commands did take the channel lock


async def test_the_watch_sees_a_discord_call_under_a_game_lock(
    simcord_env: Any, table: Table, service: GameService, slow_discord: SlowDiscord
) -> None:
    """The check above would catch a front end that talks to Discord inside the lock."""
    await start_demo(table)
    async with service.access.lock(table.channel.id):
        await simcord_env.bot.fetch_channel(table.channel.id)
    assert len(slow_discord.under_lock) == 1
    assert slow_discord.under_lock[0].startswith(f"GET /channels/{table.channel.id}")


async def test_a_slow_reply_does_not_hold_up_the_game(
    simcord_env: Any, table: Table, service: GameService, slow_discord: SlowDiscord
) -> None:
    await start_demo(table)
    await pick_both(table)
    actor, other = await mover(service, table)
    before, _ = await game_log(service, table)

    slow_discord.hold_next(lambda method, path, files: True)  # every request of the next one
    first = await actor.slash(table.channel, "act", action="step")
    assert not first.acknowledged and slow_discord.held  # its reply is still on its way
    after_first, _ = await game_log(service, table)
    assert after_first == before + 2  # but the step is already on record

    second = await meanwhile(actor.slash(table.channel, "act", action="step"))
    refused = await meanwhile(other.slash(table.channel, "act", action="step"))
    assert "steps" in second.response.content
    assert refused.response.ephemeral and refused.response.content.startswith(NOT_YOUR_TURN)
    assert not first.acknowledged

    await slow_discord.release()
    assert first.acknowledged and "steps" in first.response.content
    _, rows = await game_log(service, table)
    assert actions_after(rows, before) == Counter({(actor.id, "step"): 2})
    assert len(simcord_env.errors) == 1  # the one refusal, handled


async def test_a_slow_direct_message_does_not_hold_up_the_game(
    simcord_env: Any, table: Table, service: GameService, slow_discord: SlowDiscord
) -> None:
    await table.alice.slash(table.channel, "game new", system="demo")
    await table.bob.slash(table.channel, "game join")
    alice_dm = table.alice.user.dm_channel.id

    slow_discord.hold_next(lambda method, path, files: path == f"/channels/{alice_dm}/messages")
    started = await table.alice.slash(table.channel, "game start")
    assert slow_discord.held == [f"POST /channels/{alice_dm}/messages"]
    assert dm_history(table.alice) == []  # alice's menu has not arrived ...
    assert started.response.content.startswith("The game begins.")  # ... the reply has

    picked = await meanwhile(table.bob.slash(table.channel, "act", action="pick attack"))
    assert picked.response.content.startswith("Blue has picked a stance in secret.")

    await slow_discord.release()
    chosen = await table.alice.user.select(prompt_in(table.alice), ["pick feint"])
    assert chosen.response.content == "You picked **feint**."  # still open: only bob acted
    assert any("Stances revealed" in m.content for m in public_messages(table))


async def test_a_slow_picture_upload_does_not_hold_up_the_game(
    simcord_env: Any, table: Table, service: GameService, slow_discord: SlowDiscord
) -> None:
    await start_demo(table)
    await pick_both(table)
    actor, other = await mover(service, table)

    slow_discord.hold_next(lambda method, path, files: files)  # the first board picture
    dashed = await actor.slash(table.channel, "act", action="dash")
    assert len(slow_discord.held) == 1 and not dashed.response.content

    stepped = await meanwhile(other.slash(table.channel, "act", action="step"))  # turn passed
    assert "steps" in stepped.response.content

    await slow_discord.release()
    assert "dashes" in dashed.response.content
    assert [a.filename.endswith(".png") for a in dashed.response.attachments] == [True]


# -- 5. stale components ------------------------------------------------------------------
async def _seen(
    service: GameService, table: Table, reply: Any = None
) -> tuple[int, int, list[int], list[int]]:
    """Version, log length, channel messages and DMs (leaving out ``reply``)."""
    version, rows = await game_log(service, table)
    skip = {reply.id} if reply is not None else set()
    dms = [m.id for m in dm_history(table.alice) + dm_history(table.bob) if m.id not in skip]
    return version, len(rows), [m.id for m in public_messages(table)], dms


async def stale_menu_after_answering(table: Table, service: GameService) -> Callable[[], Any]:
    await start_demo(table)
    menu = prompt_in(table.alice)
    await table.alice.slash(table.channel, "act", action="pick feint")  # answered in the channel
    return lambda: table.alice.user.select(menu, ["pick attack"])


async def stale_menu_after_the_end(table: Table, service: GameService) -> Callable[[], Any]:
    await start_demo(table)
    menu = prompt_in(table.alice)
    await end_game(table)
    return lambda: table.alice.user.select(menu, ["pick attack"])


async def stale_menu_of_an_earlier_game(table: Table, service: GameService) -> Callable[[], Any]:
    await start_demo(table)
    menu = prompt_in(table.alice)
    await end_game(table)
    await start_demo(table)
    return lambda: table.alice.user.select(menu, ["pick attack"])


async def stale_button_after_the_turn(table: Table, service: GameService) -> Callable[[], Any]:
    await start_demo(table)
    await pick_both(table)
    actor, _ = await mover(service, table)
    message = buttons_in(actor)
    await actor.slash(table.channel, "act", action="end")  # the turn ended in the channel
    return lambda: actor.user.click(message, custom_id=button_id(message, "Step forward"))


async def stale_button_of_an_earlier_turn(table: Table, service: GameService) -> Callable[[], Any]:
    """The same seat is asked again with the same buttons; the old ones stay expired."""
    await start_demo(table)
    await pick_both(table)
    actor, other = await mover(service, table)
    message = buttons_in(actor)
    await actor.slash(table.channel, "act", action="end")
    await other.slash(table.channel, "act", action="end")
    assert buttons_in(actor).id != message.id  # a new turn, new buttons
    return lambda: actor.user.click(message, custom_id=button_id(message, "Step forward"))


async def stale_button_after_the_end(table: Table, service: GameService) -> Callable[[], Any]:
    await start_demo(table)
    await pick_both(table)
    actor, _ = await mover(service, table)
    message = buttons_in(actor)
    await end_game(table)
    return lambda: actor.user.click(message, custom_id=button_id(message, "Step forward"))


async def stale_approval_after_a_move(table: Table, service: GameService) -> Callable[[], Any]:
    await start_demo(table)
    await pick_both(table)
    actor, other = await mover(service, table)
    await actor.slash(table.channel, "act", action="dash")
    request = (await actor.slash(table.channel, "game undo")).response
    await other.slash(table.channel, "act", action="step")  # the game moved on
    return lambda: other.click(request, label="Approve undo")


async def stale_approval_after_the_end(table: Table, service: GameService) -> Callable[[], Any]:
    await start_demo(table)
    await pick_both(table)
    actor, other = await mover(service, table)
    await actor.slash(table.channel, "act", action="dash")
    request = (await actor.slash(table.channel, "game undo")).response
    await end_game(table)
    return lambda: other.click(request, label="Approve undo")


async def stale_approval_of_an_earlier_game(
    table: Table, service: GameService
) -> Callable[[], Any]:
    """The same moves in a new game in the channel reach the same version number."""
    await start_demo(table)
    await pick_both(table)
    actor, _ = await mover(service, table)
    await actor.slash(table.channel, "act", action="dash")
    request = (await actor.slash(table.channel, "game undo")).response
    old = await service.game_in(table.channel.id)
    await end_game(table)
    await start_demo(table)
    await pick_both(table)
    actor, _ = await mover(service, table)
    await actor.slash(table.channel, "act", action="dash")
    await actor.slash(table.channel, "game undo")
    new = await service.game_in(table.channel.id)
    assert old is not None and new is not None and new.version == old.version
    approver = table.alice if actor is table.bob else table.bob
    return lambda: approver.click(request, label="Approve undo")


STALE = [
    stale_menu_after_answering,
    stale_menu_after_the_end,
    stale_menu_of_an_earlier_game,
    stale_button_after_the_turn,
    stale_button_of_an_earlier_turn,
    stale_button_after_the_end,
    stale_approval_after_a_move,
    stale_approval_after_the_end,
    stale_approval_of_an_earlier_game,
]


@pytest.mark.parametrize("prepare", STALE, ids=[f.__name__ for f in STALE])
async def test_a_stale_component_has_expired_and_changes_nothing(
    simcord_env: Any,
    simcord_bot: Any,
    table: Table,
    service: GameService,
    turn_buttons: None,
    prepare: Callable[[Table, GameService], Awaitable[Callable[[], Any]]],
) -> None:
    forget_questions(simcord_bot)  # as after a restart: the old messages keep their controls
    click = await prepare(table, service)
    before = await _seen(service, table)

    result = await click()

    assert result.response.content == EXPIRED
    assert result.response.content.startswith("This choice has expired")
    assert result.followups == []
    in_guild = result.response.channel_id not in (
        table.alice.user.dm_channel.id,
        table.bob.user.dm_channel.id,
    )
    assert result.response.ephemeral == in_guild  # DMs are private already
    assert await _seen(service, table, result.response) == before  # nothing else was sent
