"""Two bot processes over the wire: real subprocesses (``cluster_bot``), shards 0 and 1 of
two, on one database (PostgreSQL, else a shared SQLite file), against one fake Discord
that routes each guild's events to its shard and DMs to shard 0.

A game is played in the guild of shard 1, so its slash commands are answered by the
second process; the secret picks come by DM, so their clicks reach the first process,
which applies each exactly once (a double click counts once).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.store import open_store
from tests.wire.fake_discord import APP_ID, CHANNEL_ID, GUILD_ID, Call, FakeDiscord
from tests.wire.test_wire import ALICE_ID, BOB_ID, callback_of, followup_of, sub
from tests.wire.test_wire_faults import FaultyDiscord, components

ROOT = Path(__file__).resolve().parents[2]
OTHER_GUILD = GUILD_ID + (1 << 22)  # (id >> 22) % 2 == 0: shard 0's
OTHER_CHANNEL = CHANNEL_ID + 7
TIMEOUT = 30.0


class ShardedDiscord(FakeDiscord):
    """The fake with the faults tests' way of picking from a DM's menu."""

    select_in_dm = FaultyDiscord.select_in_dm


def bot_process(
    fake: FakeDiscord, location: str, shard: int, folder: Path
) -> subprocess.Popen[str]:
    errors = (folder / f"shard-{shard}.err").open("w", encoding="utf-8")
    command = [sys.executable, "-m", "tests.wire.cluster_bot", fake.api_base_of(f"p{shard}")]
    command += [fake.gateway_url, location, str(shard)]
    return subprocess.Popen(command, cwd=ROOT, stdout=errors, stderr=errors, text=True)


def dm_to(fake: FakeDiscord, user_id: int):  # type: ignore[no-untyped-def]
    def predicate(call: Call) -> bool:
        if call.method != "POST" or not call.path.startswith("/channels/"):
            return False
        if fake.dm_recipient(int(call.path.split("/")[2])) != user_id:
            return False
        return any(c.get("type") == 3 for c in components(call))

    return predicate


async def test_each_process_serves_its_shard_and_a_dm_pick_counts_once(
    tmp_path: Path, shared_location: str
) -> None:
    location = shared_location
    async with ShardedDiscord() as fake:
        fake.add_guild(OTHER_GUILD, OTHER_CHANNEL)
        processes = [bot_process(fake, location, shard, tmp_path) for shard in (0, 1)]
        try:
            await fake.wait_for(
                lambda c: c.method == "PUT" and c.path == f"/applications/{APP_ID}/commands",
                timeout=TIMEOUT,
            )
            ready = await fake.wait_for(
                lambda c: c.path == "/users/@me" and c.method == "GET", count=2, timeout=TIMEOUT
            )
            assert {c.process for c in ready} == {"p0", "p1"}
            alice = fake.add_user(ALICE_ID, "alice")
            bob = fake.add_user(BOB_ID, "bob")
            await fake.wait_identified(2, TIMEOUT)
            assert sorted(fake.identifies) == [[0, 2], [1, 2]]
            assert fake.shard_of(GUILD_ID) == 1 and fake.shard_of(OTHER_GUILD) == 0
            # the slash commands in shard 1's guild: the second process answers them
            tokens = []
            for user, options in ((alice, sub("new", system="demo")), (bob, sub("join"))):
                token = await fake.run_slash(user, "game", options, guild_id=GUILD_ID)
                [reply] = await fake.wait_for(followup_of(token), timeout=TIMEOUT)
                tokens.append(token)
                assert reply.process == "p1", reply
            token = await fake.run_slash(alice, "game", sub("start"), guild_id=GUILD_ID)
            [started] = await fake.wait_for(followup_of(token), timeout=TIMEOUT)
            assert started.process == "p1" and "The game begins" in started.json["content"]
            [callback] = await fake.wait_for(callback_of(token), timeout=TIMEOUT)
            assert callback.process == "p1"
            # and shard 0's guild is the first process's
            token = await fake.run_slash(alice, "help", guild_id=OTHER_GUILD)
            [helped] = await fake.wait_for(callback_of(token), timeout=TIMEOUT)
            assert helped.process == "p0"
            # alice's secret pick by DM, clicked twice: the first process handles both
            [question] = await fake.wait_for(dm_to(fake, ALICE_ID), timeout=TIMEOUT)
            assert question.process == "p1"  # sent by the process that started the game
            store = await open_store(location)
            try:
                game = await store.open_game(CHANNEL_ID)
                assert game is not None
                before = game.version
                clicks = [await fake.select_in_dm(alice, question, "pick attack") for _ in "12"]
                answers = [
                    (await fake.wait_for(callback_of(t), timeout=TIMEOUT))[0] for t in clicks
                ]
                assert {a.process for a in answers} == {"p0"}
                rows = await store.log(game.id)
                picks = [r for r in rows if r.seq > before and r.kind == "action"]
                assert len(picks) == 1 and picks[0].user_id == ALICE_ID, picks
                after = await store.open_game(CHANNEL_ID)
                assert after is not None and after.version == rows[-1].seq > before
            finally:
                await store.close()
            for process in processes:
                assert process.poll() is None, "a bot process died"
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                try:
                    process.wait(40)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        assert fake.unimplemented == [], fake.unimplemented
    for shard in (0, 1):
        text = (tmp_path / f"shard-{shard}.err").read_text(encoding="utf-8")
        assert "Traceback" not in text, text[-2000:]
