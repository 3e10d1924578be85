"""Discord failing around a game: server errors, timeouts, closed DMs, a deleted channel,
missing permissions and an interaction that expired while the board was being drawn.

An action is committed before anything is sent, so whatever Discord does afterwards the
log holds it exactly once and the snapshot equals a replay of the log. Each test also reads
what the players were told and then plays on in another channel of the same bot.
"""

from __future__ import annotations

import asyncio
import fnmatch
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from simcord.backend.errors import BackendError
from simcord.backend.models.channel import Overwrite
from simcord.builders import ChannelHandle
from simcord.enums import OverwriteType
from simcord.http import router

from bot.discord_app import delivery
from bot.discord_app.app import UmpireBot
from bot.discord_app.pacing import ChannelMessage, Picture
from bot.service import GameService, Player
from bot.store import StoreFailure
from bot.store.records import LogRow
from tests.conftest import FakeClock

from ._support import (
    close_dms,
    dm_body,
    dm_history,
    mover,
    pick_both,
    prompt_in,
    public_messages,
    question_of,
    refusals,
    start_demo,
)
from .conftest import Table

pytestmark = pytest.mark.fault_scenario


def timers(bot: UmpireBot) -> Any:
    """The bot's timers cog (loaded as an extension, so a class of its own loading)."""
    cog = bot.get_cog("Timers")
    assert cog is not None
    return cog


DAY = 24 * 3600
NOT_POSTED = "Your action was recorded, but I could not post the result"
CLOSED_DMS = "could not send you a direct message"
WENT_WRONG = "Something went wrong"


# -- faults the simulated Discord does not offer by itself ---------------------------------


@dataclass
class Rule:
    method: str
    path: str  # an fnmatch pattern of the API path
    error: Callable[[], BaseException]
    times: int | None  # None: for the rest of the test
    with_files: bool = False  # only requests that upload files


class Trouble:
    """Requests that time out, or refuse uploaded files, on the simulated Discord.

    ``env.inject_error`` answers with an HTTP error; a timeout is no answer at all, which
    discord.py surfaces as the ``TimeoutError`` aiohttp raises.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rules: list[Rule] = []
        self.hits: list[str] = []
        real = router.dispatch

        def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            for rule in list(self.rules):
                if rule.method != method or not fnmatch.fnmatch(path, rule.path):
                    continue
                if rule.with_files and not kwargs.get("files"):
                    continue
                if rule.times is not None:
                    rule.times -= 1
                    if rule.times <= 0:
                        self.rules.remove(rule)
                self.hits.append(f"{method} {path}")
                raise rule.error()
            return real(backend, method, path, **kwargs)

        monkeypatch.setattr(router, "dispatch", dispatch)

    def time_out(self, method: str, path: str, times: int | None = 1) -> None:
        self.rules.append(Rule(method, path, TimeoutError, times))

    def refuse_files(self, channel: ChannelHandle) -> None:
        """The bot lacks Attach Files in ``channel``: uploads there get 50013."""

        def missing() -> BaseException:
            return BackendError(403, 50013, "Missing Permissions")

        path = f"/channels/{channel.id}/messages"
        self.rules.append(Rule("POST", path, missing, None, with_files=True))


@pytest.fixture
def trouble(monkeypatch: pytest.MonkeyPatch) -> Trouble:
    return Trouble(monkeypatch)


def deny_bot(env: Any, channel: ChannelHandle, permissions: discord.Permissions) -> None:
    """A server manager takes ``permissions`` away from the bot in ``channel``."""
    overwrite = Overwrite(env.backend.bot_user.id, OverwriteType.MEMBER, deny=permissions.value)
    env.backend.edit_channel(channel.id, {}, overwrites=[overwrite])


# -- reading the store and the channels ----------------------------------------------------


@dataclass(frozen=True)
class Saved:
    version: int
    actions: tuple[str, ...]  # the payload of every action record, in order
    status: str


async def saved(service: GameService, channel_id: int) -> Saved:
    """What the store holds for a channel's game; the snapshot must equal a replay."""
    game = await service.game_in(channel_id)
    assert game is not None
    log: list[LogRow] = await service.db.log(game.id)
    consistent = (await service.verify(channel_id)).consistent
    assert consistent, "the snapshot differs from a replay of the log"
    actions = tuple(row.payload for row in log if row.kind == "action")
    return Saved(game.version, actions, game.row.status)


def assert_one_more_action(before: Saved, after: Saved, word: str) -> None:
    """Exactly one action was committed, and it is the one the player made."""
    assert after.actions[: len(before.actions)] == before.actions
    [new] = after.actions[len(before.actions) :]
    assert word in new, new
    assert after.version > before.version


def texts(channel: ChannelHandle, viewer: Any) -> list[str]:
    return [m.content for m in channel.history(viewer=viewer)]


def with_picture(message: discord.Message) -> bool:
    return any(a.filename.endswith(".png") for a in message.attachments)


def no_error_notices(env: Any, *channels: ChannelHandle) -> None:
    """Nobody saw an error notice or a traceback, and the bot raised nothing."""
    for channel in channels:
        for message in channel.history():
            assert WENT_WRONG not in message.content, message.content
            assert "Traceback" not in message.content, message.content
    assert env.errors == [], env.errors


async def plays_on(table: Table, service: GameService) -> None:
    """A game in another channel of the same bot goes from set-up to its first moves."""
    other = table.guild.create_text_channel("second-front")
    await table.alice.slash(other, "game new", system="demo")
    await table.bob.slash(other, "game join")
    await table.alice.slash(other, "game start")
    await table.alice.slash(other, "act", action="pick defend")
    await table.bob.slash(other, "act", action="pick feint")
    game = await service.game_in(other.id)
    assert game is not None and game.row.status == "active"
    waiting = game.system.status(game.state).waiting_on
    [seat] = waiting
    user = game.user_of(seat)
    assert user is not None
    actor = table.alice if user.user_id == table.alice.id else table.bob
    stepped = await actor.slash(other, "act", action="step")
    assert "steps" in stepped.response.content
    seen = "\n".join(texts(other, table.carol))
    assert "Stances revealed — Red: **defend**, Blue: **feint**." in seen
    assert WENT_WRONG not in seen


async def playing(table: Table, service: GameService) -> Any:
    """A demo game past the stance picks; returns the player whose turn it is."""
    await start_demo(table)
    await pick_both(table)
    actor, _ = await mover(service, table)
    return actor


# -- server errors and timeouts ------------------------------------------------------------


@pytest.mark.parametrize("status", [500, 502, 503])
async def test_a_failed_reply_is_posted_in_the_channel_once(
    simcord_env, table: Table, service: GameService, status: int
) -> None:
    actor = await playing(table, service)
    before = await saved(service, table.channel.id)
    simcord_env.inject_error("POST", "/webhooks/*", status=status, message="Service Unavailable")

    stepped = await actor.slash(table.channel, "act", action="step")

    after = await saved(service, table.channel.id)
    assert_one_more_action(before, after, "step")
    posted = [m for m in public_messages(table) if " steps " in m.content]
    [message] = posted
    assert message.interaction_metadata is None  # a channel message, not the reply
    assert with_picture(message)
    assert stepped.acknowledged  # deferred before the failure
    no_error_notices(simcord_env, table.channel)
    await plays_on(table, service)


async def test_a_reply_that_times_out_is_posted_in_the_channel_once(
    simcord_env, table: Table, service: GameService, trouble: Trouble
) -> None:
    actor = await playing(table, service)
    before = await saved(service, table.channel.id)
    trouble.time_out("POST", "/webhooks/*")

    await actor.slash(table.channel, "act", action="step")

    assert trouble.hits and trouble.hits[0].startswith("POST /webhooks/")
    assert_one_more_action(before, await saved(service, table.channel.id), "step")
    [message] = [m for m in public_messages(table) if " steps " in m.content]
    assert with_picture(message)
    no_error_notices(simcord_env, table.channel)
    await plays_on(table, service)


async def test_a_timed_out_acknowledgement_still_posts_the_result_and_private_lines(
    simcord_env, table: Table, service: GameService, trouble: Trouble
) -> None:
    """The deferral itself never reached Discord: nothing can answer the interaction."""
    await start_demo(table)
    before = await saved(service, table.channel.id)
    trouble.time_out("POST", "/interactions/*/callback")

    picked = await table.alice.slash(table.channel, "act", action="pick defend")

    assert not picked.acknowledged
    assert_one_more_action(before, await saved(service, table.channel.id), "defend")
    assert "Red has picked a stance in secret." in texts(table.channel, table.carol)
    # the private confirmation cannot be ephemeral any more: it comes by DM
    assert dm_body(dm_history(table.alice)[-1]) == "You picked **defend**."
    assert not any("defend" in t for t in texts(table.channel, table.carol))
    no_error_notices(simcord_env, table.channel)
    await table.bob.slash(table.channel, "act", action="pick attack")
    assert "Stances revealed — Red: **defend**, Blue: **attack**." in "\n".join(
        texts(table.channel, table.carol)
    )
    await plays_on(table, service)


async def test_a_channel_post_that_keeps_failing_is_logged_and_the_player_told(
    simcord_env, table: Table, service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    """A choice made in a DM: its public line cannot reach the channel (503 throughout)."""
    await start_demo(table)
    before = await saved(service, table.channel.id)
    simcord_env.inject_error(
        "POST", f"/channels/{table.channel.id}/messages", status=503, times=None
    )

    chosen = await table.alice.user.select(prompt_in(table.alice), ["pick feint"])

    assert_one_more_action(before, await saved(service, table.channel.id), "feint")
    replies = [chosen.response, *chosen.followups]
    contents = [r.content for r in replies if r is not None]
    assert "You picked **feint**." in contents
    assert any(NOT_POSTED in c and table.channel.mention in c for c in contents), contents
    assert "not delivered" in caplog.text
    simcord_env.backend.faults.clear()
    no_error_notices(simcord_env, table.channel)
    await table.bob.user.select(prompt_in(table.bob), ["pick attack"])
    assert any("Stances revealed" in t for t in texts(table.channel, table.carol))
    await plays_on(table, service)


async def test_a_refusal_whose_reply_times_out_changes_nothing(
    simcord_env, table: Table, service: GameService, trouble: Trouble
) -> None:
    actor = await playing(table, service)
    other = table.bob if actor is table.alice else table.alice
    before = await saved(service, table.channel.id)
    trouble.time_out("POST", "/interactions/*/callback")

    refused = await other.slash(table.channel, "act", action="step")

    assert not refused.acknowledged and trouble.hits
    assert await saved(service, table.channel.id) == before
    [refusal] = refusals(simcord_env)  # the refusal itself, nothing from the failed reply
    assert "turn" in refusal.message
    stepped = await actor.slash(table.channel, "act", action="step")
    assert " steps " in stepped.response.content
    await plays_on(table, service)


async def test_reminders_reach_the_other_channels_when_one_times_out(
    simcord_env,
    simcord_bot: UmpireBot,
    table: Table,
    service: GameService,
    clock: FakeClock,
    trouble: Trouble,
) -> None:
    await start_demo(table)
    await plays_on(table, service)
    [other] = [c for name, c in table.guild.channels.items() if name == "second-front"]
    trouble.time_out("POST", f"/channels/{table.channel.id}/messages", times=None)
    clock.advance(2 * DAY)

    assert await timers(simcord_bot).send_reminders() == 1

    assert trouble.hits == [f"POST /channels/{table.channel.id}/messages"]
    [reminder] = [t for t in texts(other, table.carol) if t.startswith("⏰")]
    assert "waiting on you" in reminder
    assert simcord_env.errors == []


# -- closed DMs -----------------------------------------------------------------------------


async def test_closed_dms_tell_the_actor_privately_and_the_other_in_the_channel(
    simcord_env, table: Table, service: GameService
) -> None:
    close_dms(simcord_env, table.alice, table.bob)
    await table.alice.slash(table.channel, "game new", system="demo")
    await table.bob.slash(table.channel, "game join")
    before = await saved(service, table.channel.id)

    started = await table.alice.slash(table.channel, "game start")

    after = await saved(service, table.channel.id)
    assert after.status == "active" and after.version > before.version
    own = [m for m in started.followups if CLOSED_DMS in m.content]
    [notice] = own
    assert notice.ephemeral and "/act" in notice.content
    public = [m for m in public_messages(table) if CLOSED_DMS in m.content]
    [other] = public
    assert other.content.startswith(table.bob.mention) and "/act" in other.content
    assert [u.id for u in other.mentions] == [table.bob.id]
    assert dm_history(table.alice) == [] and dm_history(table.bob) == []
    for actor, stance in ((table.alice, "attack"), (table.bob, "feint")):
        picked = await actor.slash(table.channel, "act", action=f"pick {stance}")
        private = [m for m in [picked.response, *picked.followups] if m and m.ephemeral]
        assert [m.content for m in private] == [f"You picked **{stance}**."]
    assert any("Stances revealed" in t for t in texts(table.channel, table.carol))
    no_error_notices(simcord_env, table.channel)
    await plays_on(table, service)


async def test_closed_dms_in_a_channel_the_bot_cannot_post_in(
    simcord_env, table: Table, service: GameService
) -> None:
    """The other player cannot be told anywhere: the start still commits, nothing breaks."""
    close_dms(simcord_env, table.bob)
    await table.alice.slash(table.channel, "game new", system="demo")
    await table.bob.slash(table.channel, "game join")
    deny_bot(simcord_env, table.channel, discord.Permissions(send_messages=True))
    await simcord_env.settle()

    started = await table.alice.slash(table.channel, "game start")

    assert (await saved(service, table.channel.id)).status == "active"
    assert "The game begins" in started.response.content  # the reply needs no permission
    assert question_of(prompt_in(table.alice)) == "Pick your stance in secret."
    assert not any(CLOSED_DMS in t for t in texts(table.channel, table.carol))
    picked = await table.bob.slash(table.channel, "act", action="pick attack")
    assert "Blue has picked a stance in secret." in picked.response.content
    no_error_notices(simcord_env, table.channel)
    await plays_on(table, service)


# -- a deleted channel ------------------------------------------------------------------


async def test_a_deleted_channel_keeps_its_game_consistent(
    simcord_env, simcord_bot: UmpireBot, table: Table, service: GameService, clock: FakeClock
) -> None:
    await start_demo(table)
    alice_menu, bob_menu = prompt_in(table.alice), prompt_in(table.bob)
    before = await saved(service, table.channel.id)
    gone = table.channel.id
    simcord_env.backend.delete_channel(gone)
    await simcord_env.settle()
    assert simcord_bot.get_channel(gone) is None

    chosen = await table.alice.user.select(alice_menu, ["pick feint"])

    after = await saved(service, gone)
    assert_one_more_action(before, after, "feint")
    contents = [m.content for m in [chosen.response, *chosen.followups] if m]
    assert "You picked **feint**." in contents
    assert any(NOT_POSTED in c for c in contents), contents

    await table.bob.user.select(bob_menu, ["pick attack"])
    revealed = await saved(service, gone)
    assert revealed.status == "active" and len(revealed.actions) == len(after.actions) + 1

    clock.advance(2 * DAY)
    assert await timers(simcord_bot).send_reminders() == 0  # nowhere to remind anyone
    assert await timers(simcord_bot).expire_prompts() == 0
    assert (await saved(service, gone)) == revealed
    assert simcord_env.errors == []
    await plays_on(table, service)
    clock.advance(2 * DAY)
    assert await timers(simcord_bot).send_reminders() == 1  # the other channel is still served


async def test_a_channel_deleted_behind_the_bots_back(
    simcord_env, table: Table, service: GameService
) -> None:
    """The bot still has the channel cached; Discord answers 10003 Unknown Channel."""
    await start_demo(table)
    before = await saved(service, table.channel.id)
    simcord_env.inject_error(
        "POST",
        f"/channels/{table.channel.id}/messages",
        status=404,
        code=10003,
        message="Unknown Channel",
        times=None,
    )

    chosen = await table.bob.user.select(prompt_in(table.bob), ["pick defend"])

    assert_one_more_action(before, await saved(service, table.channel.id), "defend")
    contents = [m.content for m in [chosen.response, *chosen.followups] if m]
    assert "You picked **defend**." in contents
    assert any(NOT_POSTED in c for c in contents), contents
    assert simcord_env.errors == []
    await plays_on(table, service)


# -- missing permissions -----------------------------------------------------------------


async def test_without_send_messages_a_dm_choice_is_kept_and_explained(
    simcord_env, table: Table, service: GameService
) -> None:
    await start_demo(table)
    deny_bot(simcord_env, table.channel, discord.Permissions(send_messages=True))
    await simcord_env.settle()
    before = await saved(service, table.channel.id)

    chosen = await table.alice.user.select(prompt_in(table.alice), ["pick attack"])

    assert_one_more_action(before, await saved(service, table.channel.id), "attack")
    contents = [m.content for m in [chosen.response, *chosen.followups] if m]
    assert contents[0] == "You picked **attack**."
    assert any(NOT_POSTED in c for c in contents), contents
    # slash-command replies need no channel permission: the game goes on in the channel
    picked = await table.bob.slash(table.channel, "act", action="pick defend")
    assert "Stances revealed" in picked.response.content
    assert with_picture(picked.response.message)
    no_error_notices(simcord_env, table.channel)
    await plays_on(table, service)


async def test_without_attach_files_the_board_is_left_out_with_a_note(
    simcord_env, table: Table, service: GameService, trouble: Trouble
) -> None:
    await start_demo(table)
    await table.alice.user.select(prompt_in(table.alice), ["pick feint"])
    trouble.refuse_files(table.channel)
    before = await saved(service, table.channel.id)

    chosen = await table.bob.user.select(prompt_in(table.bob), ["pick attack"])

    assert_one_more_action(before, await saved(service, table.channel.id), "attack")
    [revealed] = [m for m in public_messages(table) if "Stances revealed" in m.content]
    assert not revealed.attachments
    assert "The board picture is left out" in revealed.content
    assert "`/game board`" in revealed.content
    assert trouble.hits == [f"POST /channels/{table.channel.id}/messages"]
    contents = [m.content for m in [chosen.response, *chosen.followups] if m]
    assert not any(NOT_POSTED in c for c in contents)
    board = await table.carol.slash(table.channel, "game board")
    assert with_picture(board.response.message)  # the reply carries it
    no_error_notices(simcord_env, table.channel)
    await plays_on(table, service)


# -- an interaction that expired while the board was drawn -----------------------------


class SlowBoard:
    """Once armed, drawing the next board takes 16 minutes: the interaction token (valid
    for 15) expires meanwhile."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.armed = False
        self.drawn: list[int] = []

    async def board_pictures(self, bot: UmpireBot, channel_id: int) -> Picture | None:
        if self.armed:
            self.armed = False
            self.env.backend.advance_clock(16 * 60)
            self.drawn.append(channel_id)
        return await self.real(bot, channel_id)


@pytest.fixture
def slow_board(simcord_env, monkeypatch: pytest.MonkeyPatch) -> SlowBoard:
    slow = SlowBoard(simcord_env)
    slow.real = delivery.board_pictures  # type: ignore[attr-defined]
    monkeypatch.setattr(delivery, "board_pictures", slow.board_pictures)
    return slow


async def test_an_interaction_expired_while_drawing_posts_the_board_in_the_channel(
    simcord_env, table: Table, service: GameService, slow_board: SlowBoard
) -> None:
    actor = await playing(table, service)
    slow_board.armed = True
    before = await saved(service, table.channel.id)

    stepped = await actor.slash(table.channel, "act", action="step")

    assert slow_board.drawn == [table.channel.id]
    assert_one_more_action(before, await saved(service, table.channel.id), "step")
    assert stepped.followups == []  # the token had expired
    [message] = [m for m in public_messages(table) if " steps " in m.content]
    assert message.interaction_metadata is None and with_picture(message)
    no_error_notices(simcord_env, table.channel)
    await plays_on(table, service)


async def test_private_lines_of_an_expired_interaction_go_by_dm(
    simcord_env, table: Table, service: GameService, slow_board: SlowBoard
) -> None:
    await start_demo(table)
    slow_board.armed = True
    before = await saved(service, table.channel.id)

    picked = await table.alice.slash(table.channel, "act", action="pick feint")

    assert_one_more_action(before, await saved(service, table.channel.id), "feint")
    assert picked.followups == []
    assert "Red has picked a stance in secret." in texts(table.channel, table.carol)
    assert dm_body(dm_history(table.alice)[-1]) == "You picked **feint**."
    assert not any("feint" in t for t in texts(table.channel, table.carol))
    no_error_notices(simcord_env, table.channel)
    await plays_on(table, service)


async def test_an_expired_interaction_and_closed_dms_keep_the_secret(
    simcord_env, table: Table, service: GameService, slow_board: SlowBoard
) -> None:
    """Neither the reply nor a DM can carry the private line: the channel is told where to
    look, without the secret."""
    await start_demo(table)
    close_dms(simcord_env, table.alice)
    slow_board.armed = True
    before = await saved(service, table.channel.id)

    await table.alice.slash(table.channel, "act", action="pick attack")

    assert_one_more_action(before, await saved(service, table.channel.id), "attack")
    seen = public_messages(table)
    [notice] = [m for m in seen if CLOSED_DMS in m.content]
    assert notice.content.startswith(table.alice.mention)
    assert [u.id for u in notice.mentions] == [table.alice.id]
    assert not any("attack" in m.content for m in seen)
    assert "Red has picked a stance in secret." in [m.content for m in seen]
    no_error_notices(simcord_env, table.channel)
    await plays_on(table, service)


# -- a burst of activations in one channel ----------------------------------------------


@pytest.mark.parametrize("together", [True, False], ids=["at-once", "one-after-another"])
async def test_a_burst_of_twenty_results_keeps_to_five_messages_per_five_seconds(
    simcord_env, simcord_bot: UmpireBot, table: Table, service: GameService, together: bool
) -> None:
    """Twenty results with no interaction to answer (choices made in DMs, timed-out
    reactions) reach the channel at once or one after another: the channel gets at most
    five messages in any five seconds, and every result is shown once, in order."""
    await start_demo(table, goal=30)
    await pick_both(table)
    outcomes = []
    for _ in range(20):
        actor, _ = await mover(service, table)
        outcomes.append(await service.act(table.channel.id, Player(actor.id, actor.name), "end"))
    pacer = simcord_bot.pacer
    starts: list[float] = []
    send = pacer.transport

    async def timed(channel_id: int, message: ChannelMessage) -> None:
        starts.append(pacer.clock())
        await send(channel_id, message)

    pacer.transport = timed
    seen = len(public_messages(table))

    if together:
        await asyncio.gather(*(delivery.deliver(simcord_bot, None, o) for o in outcomes))
    else:
        for outcome in outcomes:
            await delivery.deliver(simcord_bot, None, outcome)

    posted = public_messages(table)[seen:]
    assert len(posted) == len(starts)
    assert busiest(starts, pacer.window) <= 5
    if together:
        assert len(posted) < 5  # merged while they waited
    else:
        assert len(posted) == 20 and starts[-1] - starts[0] >= 15
    turns = [line for m in posted for line in m.content.splitlines() if line.startswith("Turn ")]
    assert turns == [o.public[0] for o in outcomes]
    assert with_picture(posted[-1])
    assert pacer.waiting(table.channel.id) == 0
    assert simcord_env.errors == []


def busiest(starts: list[float], window: float) -> int:
    """The most sends that started within any ``window`` seconds."""
    return max((sum(t <= s < t + window for s in starts) for t in starts), default=0)


# -- failures after the commit, and the database refusing ----------------------------------

NOT_CHANGED = "was not changed"


def reply_texts(result: Any) -> list[str]:
    return [r.content for r in [result.response, *result.followups] if r is not None]


async def test_a_board_that_cannot_be_drawn_leaves_the_action_recorded_and_says_so(
    simcord_env, table: Table, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    actor = await playing(table, service)
    before = await saved(service, table.channel.id)

    async def broken(bot: UmpireBot, channel_id: int) -> Picture | None:
        raise RuntimeError("the renderer failed")

    monkeypatch.setattr(delivery, "board_pictures", broken)
    stepped = await actor.slash(table.channel, "act", action="step")

    assert_one_more_action(before, await saved(service, table.channel.id), "step")
    [message] = [m for m in public_messages(table) if " steps " in m.content]
    assert not with_picture(message)
    assert delivery.NOT_DRAWN.english in message.content
    assert not any(NOT_CHANGED in text for text in reply_texts(stepped))
    no_error_notices(simcord_env, table.channel)
    monkeypatch.undo()
    await plays_on(table, service)


async def test_any_failure_after_the_commit_says_the_action_was_recorded(
    simcord_env, table: Table, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    actor = await playing(table, service)
    before = await saved(service, table.channel.id)

    def broken(*args: object) -> list[object]:
        raise RuntimeError("wording the posts failed")

    monkeypatch.setattr(delivery, "posts_for", broken)
    stepped = await actor.slash(table.channel, "act", action="step")

    assert_one_more_action(before, await saved(service, table.channel.id), "step")
    texts_seen = reply_texts(stepped)
    assert any("Your action was recorded, but I could not show the result" in t for t in texts_seen)
    assert not any(NOT_CHANGED in text for text in texts_seen), texts_seen
    no_error_notices(simcord_env, table.channel)
    monkeypatch.undo()
    await plays_on(table, service)


async def test_a_full_disk_is_refused_as_such_and_nothing_changes(
    simcord_env, table: Table, service: GameService
) -> None:
    await plays_on(table, service)
    conn = service.db._conn
    await fill_the_disk(conn)
    games = await service.db.count_games()

    for number in range(60):  # games set up until one needs another page of the file
        channel = table.guild.create_text_channel(f"table-{number}")
        tried = await table.alice.slash(channel, "game new", system="demo")
        if FULL in reply_texts(tried):
            break
        games += 1
    else:
        raise AssertionError("no new game ever needed another page")
    assert await service.game_in(channel.id) is None
    assert await service.db.count_games() == games
    assert not any(WENT_WRONG in text for text in reply_texts(tried))
    seen = [getattr(error, "original", error) for error in simcord_env.errors]
    assert seen and all(isinstance(e, StoreFailure) and e.message == FULL for e in seen), seen

    await conn.execute("PRAGMA max_page_count = 1073741823")
    created = await table.alice.slash(channel, "game new", system="demo")
    assert FULL not in reply_texts(created)
    assert await service.game_in(channel.id) is not None


FULL = "The database disk is full; nothing was changed."


async def fill_the_disk(conn: Any) -> None:
    """The database file may not grow (as on a full disk) and its free pages are used up."""
    await conn.execute("CREATE TABLE IF NOT EXISTS filler (x BLOB)")
    [(pages,)] = await conn.execute_fetchall("PRAGMA page_count")
    await conn.execute(f"PRAGMA max_page_count = {pages}")
    for size in (4000, 1000, 100):
        while True:
            try:
                await conn.execute("INSERT INTO filler VALUES (randomblob(?))", (size,))
            except sqlite3.OperationalError:
                break
