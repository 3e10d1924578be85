"""The store contract, checked on both backends (SQLite and PostgreSQL): reading back what
was written, the compare-and-set on a game's version, commands whole or not at all,
snapshots, reminders' bookkeeping, saved rolls and the integrity check."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.store import ChannelBusy, PostgresStore, Reader, Store, VersionConflict
from bot.store.records import GameRow, LogRow, NewRecord, SeatRow

NOW = 1_800_000_000.0
ALICE, BOB, CAROL = 101, 202, 303


def record(kind: str = "action", scope: str = "public", **payload: object) -> NewRecord:
    return NewRecord(kind, "a", ALICE, scope, json.dumps(payload or {"n": 1}))


async def new_game(store: Store, channel: int = 7, *, seated: bool = True) -> int:
    seat = (SeatRow("a", ALICE, "alice", 0), record("meta", joined="a"))
    return await store.create_game(
        channel_id=channel,
        guild_id=1,
        system="demo",
        rules_version="1",
        options="{}",
        creator_id=ALICE,
        seed=bytes(range(32)),
        commitment="c0ffee",
        reminder_seconds=3600,
        now=NOW,
        meta=record("meta", created=True),
        creator_seat=seat if seated else None,
    )


async def test_a_new_game_reads_back_whole(store: Store) -> None:
    game_id = await new_game(store)
    row = await store.game(game_id)
    assert row == GameRow(
        game_id, 7, 1, "demo", "1", "lobby", "{}", ALICE, bytes(range(32)), "c0ffee", 2,
        None, 3600, "[]", None, None, None, NOW, NOW, None, None, None, None, 0,
    )  # fmt: skip
    assert await store.open_game(7) == row and await store.latest_game(7) == row
    assert await store.open_game(8) is None and await store.game(game_id + 1) is None
    assert await store.seats(game_id) == [SeatRow("a", ALICE, "alice", 0)]
    log = await store.log(game_id)
    assert [(r.seq, r.batch, r.kind) for r in log] == [(1, 1, "meta"), (2, 2, "meta")]
    assert json.loads(log[0].payload) == {"created": True} and log[0].created_at == NOW
    assert [r.seq for r in await store.log(game_id, after_seq=1)] == [2]
    assert await store.count_games() == 1
    assert await store.games_of_user(ALICE) == [row] and await store.games_of_user(BOB) == []
    unseated = await new_game(store, channel=9, seated=False)
    assert (await store.game(unseated)) is not None
    assert [r.seq for r in await store.log(unseated)] == [1]


async def test_one_open_game_per_channel(store: Store) -> None:
    first = await new_game(store)
    with pytest.raises(ChannelBusy):
        await new_game(store)
    assert await store.count_games() == 1  # the refused game left nothing behind
    await store.append(first, 2, [record()], NOW + 1, updates={"status": "finished"})
    assert await store.open_game(7) is None
    assert await store.games_of_user(ALICE) == []
    assert [g.id for g in await store.games_of_user(ALICE, include_finished=True)] == [first]
    second = await new_game(store)
    latest = await store.latest_game(7)
    assert latest is not None and latest.id == second != first


async def test_append_is_a_compare_and_set_on_the_version(store: Store) -> None:
    game_id = await new_game(store)
    version = await store.append(
        game_id, 2, [record(), record("event")], NOW + 5, updates={"waiting_on": '["b"]'}
    )
    assert version == 4
    row = await store.game(game_id)
    assert row is not None and row.version == 4 and row.updated_at == NOW + 5
    assert row.waiting_on == '["b"]'
    assert [(r.seq, r.batch) for r in await store.log(game_id)][2:] == [(3, 3), (4, 3)]
    with pytest.raises(VersionConflict):
        await store.append(game_id, 2, [record()], NOW + 6)  # somebody moved first
    with pytest.raises(VersionConflict):
        await store.append(game_id + 99, 0, [record()], NOW + 6)  # no such game
    with pytest.raises(ValueError, match="not updatable"):
        await store.append(game_id, 4, [record()], NOW + 6, updates={"version": 9})
    assert len(await store.log(game_id)) == 4


async def test_concurrent_writers_at_one_version_exactly_one_wins(store: Store) -> None:
    game_id = await new_game(store)

    async def write(n: int) -> int | None:
        try:
            return await store.append(game_id, 2, [record(writer=n), record(writer=n)], NOW)
        except VersionConflict:
            return None

    results = await asyncio.gather(*(write(n) for n in range(6)))
    winners = [n for n, result in enumerate(results) if result is not None]
    assert len(winners) == 1 and results[winners[0]] == 4
    tail = [json.loads(r.payload) for r in (await store.log(game_id))[2:]]
    assert tail == [{"writer": winners[0]}] * 2


async def test_a_refused_batch_leaves_nothing_behind(store: Store) -> None:
    game_id = await new_game(store)
    taken = SeatRow("b", ALICE, "alice again", 1)  # alice already holds seat a
    with pytest.raises(VersionConflict):
        await store.append(
            game_id,
            2,
            [record()],
            NOW + 1,
            updates={"status": "active"},
            seat_changes=[("add", taken)],
            keep_snapshot=("1", b"state"),
        )
    row = await store.game(game_id)
    assert row is not None and row.version == 2 and row.status == "lobby"
    assert len(await store.log(game_id)) == 2
    assert await store.snapshot_versions(game_id, "1") == []
    assert await store.seats(game_id) == [SeatRow("a", ALICE, "alice", 0)]


async def test_seat_changes_ride_with_their_batch(store: Store) -> None:
    game_id = await new_game(store)
    bob, carol = SeatRow("b", BOB, "bob", 1), SeatRow("b", CAROL, "carol", 1)
    await store.append(game_id, 2, [record()], NOW, seat_changes=[("add", bob)])
    assert await store.seats(game_id) == [SeatRow("a", ALICE, "alice", 0), bob]
    assert [g.id for g in await store.games_of_user(BOB)] == [game_id]
    await store.append(game_id, 3, [record("meta")], NOW, seat_changes=[("hand", carol)])
    assert (await store.seats(game_id))[1] == carol
    await store.append(game_id, 4, [record()], NOW, seat_changes=[("remove", "b")])
    assert await store.seats(game_id) == [SeatRow("a", ALICE, "alice", 0)]
    assert await store.games_of_user(CAROL) == []


async def test_snapshots_are_kept_with_their_batch(store: Store) -> None:
    game_id = await new_game(store)
    state = b"\x00zlib\xffstate"
    await store.append(game_id, 2, [record()], NOW, updates={"state": state}, keep_snapshot=None)
    await store.append(game_id, 3, [record()], NOW, keep_snapshot=("1", b"four"))
    await store.append(game_id, 4, [record()], NOW, keep_snapshot=("2", b"five"))
    await store.append(game_id, 5, [record()], NOW, keep_snapshot=("1", b"six"))
    row = await store.game(game_id)
    assert row is not None and row.state == state
    assert await store.snapshot_versions(game_id, "1") == [6, 4]
    assert await store.snapshot_versions(game_id, "2") == [5]
    assert await store.snapshot(game_id, 4) == b"four"
    assert await store.snapshot(game_id, 3) is None


async def test_undo_requests_are_a_compare_and_set_too(store: Store) -> None:
    game_id = await new_game(store)
    await store.set_undo_request(game_id, 2, '{"asked": "a"}')
    row = await store.game(game_id)
    assert row is not None and row.undo_request == '{"asked": "a"}' and row.version == 2
    await store.append(game_id, 2, [record()], NOW)
    with pytest.raises(VersionConflict):
        await store.set_undo_request(game_id, 2, None)
    await store.set_undo_request(game_id, 3, None)
    row = await store.game(game_id)
    assert row is not None and row.undo_request is None


async def test_waiting_games_and_reminder_bookkeeping(store: Store) -> None:
    quiet = await new_game(store, channel=1)
    paused = await new_game(store, channel=2)
    await new_game(store, channel=3)  # still in its lobby: never reminded
    for game_id in (quiet, paused):
        await store.append(
            game_id, 2, [record()], NOW, updates={"status": "active", "waiting_since": NOW}
        )
    await store.touch(paused, paused='{"by": 101}')
    assert await store.waiting_games(NOW + 3599) == []
    assert [g.id for g in await store.waiting_games(NOW + 3600)] == [quiet]
    await store.touch(quiet, reminded_at=NOW + 3600)
    row = await store.game(quiet)
    assert row is not None and row.reminded_at == NOW + 3600 and row.version == 3
    assert await store.waiting_games(NOW + 7199) == []  # reminded: the delay starts again
    assert [g.id for g in await store.waiting_games(NOW + 7200)] == [quiet]
    assert [g.id for g in await store.waiting_games(NOW + 60, minimum_seconds=60)] == [quiet]
    assert await store.waiting_games(NOW + 59, minimum_seconds=60) == []
    with pytest.raises(ValueError, match="not updatable"):
        await store.touch(quiet, version=1)


async def test_dashboard_and_settings_are_kept_beside_the_game(store: Store) -> None:
    game_id = await new_game(store)
    await store.touch(game_id, dashboard_message=2**62 + 5, settings='{"posts": "quiet"}')
    await store.append(game_id, 2, [record()], NOW + 1, updates={"summary_since": 3})
    row = await store.game(game_id)
    assert row is not None
    assert (row.dashboard_message, row.settings, row.summary_since) == (
        2**62 + 5,
        '{"posts": "quiet"}',
        3,
    )
    assert row.version == 3  # touching them made no new version
    await store.touch(game_id, dashboard_message=None)
    assert (await store.game(game_id)).dashboard_message is None  # type: ignore[union-attr]


async def test_dice_counter_and_public_records(store: Store) -> None:
    game_id = await new_game(store)
    assert await store.next_dice_counter(game_id) == 0
    assert await store.public_records(game_id) == 2
    dice = [
        record("event", type="dice", counter_start=0, counter_end=3),
        record("event", type="dice", counter_start=3, counter_end=11),
        record("event", type="moved", counter_end=99),  # not a roll
        record("action", "seat:a", secret=True),
    ]
    await store.append(game_id, 2, dice, NOW)
    assert await store.next_dice_counter(game_id) == 11
    assert await store.public_records(game_id) == 5


async def test_saved_rolls(store: Store) -> None:
    assert await store.save_roll_macro(1, ALICE, "stats", "6 4d6 k3", NOW, 3) is False
    assert await store.save_roll_macro(1, ALICE, "Zap", "1d4", NOW, 3) is False
    assert await store.save_roll_macro(1, ALICE, "stats", "4d6", NOW, 3) is True  # replaced
    assert await store.save_roll_macro(1, ALICE, "attack", "1d20", NOW, 3) is False
    assert await store.save_roll_macro(1, ALICE, "more", "1d6", NOW, 3) is None  # at the limit
    assert await store.roll_macros(1, ALICE) == [
        ("Zap", "1d4"),  # by code point, as SQLite orders text
        ("attack", "1d20"),
        ("stats", "4d6"),
    ]
    assert await store.roll_macros(2, ALICE) == [] and await store.roll_macros(1, BOB) == []
    assert await store.delete_roll_macro(1, ALICE, "attack") is True
    assert await store.delete_roll_macro(1, ALICE, "attack") is False
    assert [name for name, _ in await store.roll_macros(1, ALICE)] == ["Zap", "stats"]


async def test_a_servers_saved_rolls(store: Store) -> None:
    assert await store.save_server_roll_macro(1, "fireball", "8d6", ALICE, NOW, 2) is False
    assert await store.save_server_roll_macro(1, "stats", "6 4d6 k3", ALICE, NOW, 2) is False
    assert await store.save_server_roll_macro(1, "more", "1d6", BOB, NOW, 2) is None  # full
    assert await store.save_server_roll_macro(1, "fireball", "9d6", BOB, NOW, 2) is True
    assert await store.server_roll_macros(1) == [
        ("fireball", "9d6", BOB),
        ("stats", "6 4d6 k3", ALICE),
    ]
    assert await store.server_roll_macros(2) == []
    assert await store.roll_macros(1, ALICE) == []  # a player's own are apart
    assert await store.delete_server_roll_macro(1, "stats") is True
    assert await store.delete_server_roll_macro(1, "stats") is False
    assert await store.server_roll_macros(1) == [("fireball", "9d6", BOB)]


async def test_server_defaults_are_kept_per_server(store: Store) -> None:
    assert await store.server_settings(1) is None
    await store.save_server_settings(1, '{"threads": true}', NOW)
    await store.save_server_settings(1, '{"threads": false}', NOW + 1)  # replaced
    await store.save_server_settings(2, '{"threads": true}', NOW)
    assert await store.server_settings(1) == '{"threads": false}'
    assert await store.server_settings(2) == '{"threads": true}'


async def test_each_users_language_is_the_last_seen(store: Store) -> None:
    assert await store.user_languages([ALICE, BOB]) == {}
    await store.save_user_language(ALICE, "de", NOW)
    await store.save_user_language(BOB, "de", NOW)
    await store.save_user_language(BOB, "en", NOW + 1)
    assert await store.user_languages([ALICE, BOB, 999]) == {ALICE: "de", BOB: "en"}
    assert await store.user_languages([]) == {}


async def test_saves_at_once_never_pass_the_limit(store: Store) -> None:
    saved = await asyncio.gather(
        *(store.save_roll_macro(1, BOB, f"roll{n}", "1d6", NOW, 3) for n in range(8))
    )
    assert sorted(saved, key=str) == [False, False, False, *[None] * 5]
    assert len(await store.roll_macros(1, BOB)) == 3


async def test_a_sound_store_passes_its_integrity_check(store: Store) -> None:
    game_id = await new_game(store)
    await store.append(game_id, 2, [record(), record()], NOW)
    assert await store.integrity_problems() == []
    assert await store.integrity_ok() and not store.damaged


async def test_the_log_is_read_a_page_at_a_time_for_each_reader(store: Store) -> None:
    game_id = await new_game(store)  # seq 1 created, seq 2 joined: public notes
    batch = [
        record("action"),  # 3: an action record, no line of its own
        record("event"),  # 4: public
        record("event", scope="seats:a"),  # 5: a's alone
        record("event", scope="seats:b_c"),  # 6: another seat's
        record("event", scope="referee"),  # 7: nobody's until the end
        record("undo"),  # 8: public
    ]
    await store.append(game_id, 2, batch, NOW + 1)
    spectator, seat_a, seat_b = Reader(), Reader(seat="a"), Reader(seat="b")
    assert await store.readable_lines(game_id, spectator, 8) == 4
    assert await store.readable_lines(game_id, seat_a, 8) == 5
    assert await store.readable_lines(game_id, seat_b, 8) == 4  # "b" is not "b_c"
    assert await store.readable_lines(game_id, Reader(everything=True), 8) == 7
    page = await store.readable_slice(game_id, seat_a, 8, 2, 2)
    assert [r.seq for r in page] == [4, 5]
    spanned = await store.readable_slice(game_id, spectator, 8, 2, 2)
    assert [r.seq for r in spanned] == [4, 5, 6, 7, 8]  # with the records between
    assert await store.readable_slice(game_id, spectator, 8, 9, 2) == []
    assert await store.numbering_before(game_id, seat_a, 8) == (4, 1)  # 1-4 public, 5 a's
    assert [r.seq for r in await store.undo_records(game_id, 8)] == [8]
    assert sorted(await store.records_at(game_id, [3, 5, 99])) == [3, 5]
    assert [r.seq for r in await store.actions_of(game_id, "a", 8, 5)] == [3]
    for reader in (spectator, seat_a, seat_b, Reader(everything=True)):
        for upto in (2, 5, 8):
            total = await store.readable_lines(game_id, reader, upto)
            for offset in range(total + 1):
                for limit in (1, 2, 3, total + 2):
                    forwards = await store.readable_slice(game_id, reader, upto, offset, limit)
                    counted = await store.readable_slice(
                        game_id, reader, upto, offset, limit, total=total
                    )
                    assert counted == forwards, (reader, upto, offset, limit)


async def test_the_latest_game_of_a_channel_is_found_by_index(store: Store) -> None:
    """A channel whose games have all ended: /game status reads its latest game through
    the games_by_channel index, never the whole games table."""
    finished = []
    for channel in (7, 7, 8):
        game_id = await new_game(store, channel)
        await store.append(game_id, 2, [record()], NOW, updates={"status": "finished"})
        finished.append(game_id)
    latest = await store.latest_game(7)
    assert latest is not None and latest.id == finished[1]
    plan = await query_plan(
        store, "SELECT id FROM games WHERE channel_id = 7 ORDER BY id DESC LIMIT 1"
    )
    assert "games_by_channel" in plan, plan


async def query_plan(store: Store, sql: str, params: tuple[object, ...] = ()) -> str:
    if isinstance(store, PostgresStore):
        async with store._pool.connection() as conn:
            await conn.execute("SET enable_seqscan = off")  # a tiny table is read whole else
            cursor = await conn.execute(f"EXPLAIN {sql}", params)
            rows = await cursor.fetchall()
            await conn.execute("RESET enable_seqscan")
        return "\n".join(str(row[0]) for row in rows)
    rows = await store._all(f"EXPLAIN QUERY PLAN {sql}", params)  # type: ignore[attr-defined]
    return "\n".join(str(row[-1]) for row in rows)


async def test_a_command_reads_its_game_seats_and_dice_in_one_go(store: Store) -> None:
    """What a command reads before it decides comes in one statement and equals what the
    separate reads give: the open game, its seats by position, the next dice counter."""
    assert await store.open_game_seated(7) is None
    unseated = await new_game(store, 9, seated=False)
    found = await store.open_game_seated(9)
    assert found is not None and found.row == await store.game(unseated)
    assert found.seats == [] and found.next_dice_counter == 0
    game_id = await new_game(store)
    carol, bob = SeatRow("c", CAROL, "carol", 2), SeatRow("b", BOB, "bob ☃", 1)
    await store.append(game_id, 2, [record()], NOW, seat_changes=[("add", carol)])
    await store.append(game_id, 3, [record()], NOW, seat_changes=[("add", bob)])
    rolls = [record("event", type="dice", counter_start=0, counter_end=7), record()]
    await store.append(game_id, 4, rolls, NOW, updates={"status": "active"})
    found = await store.open_game_seated(7)
    assert found is not None and found.row == await store.open_game(7)
    alice = SeatRow("a", ALICE, "alice", 0)
    assert found.seats == await store.seats(game_id) == [alice, bob, carol]
    assert found.next_dice_counter == await store.next_dice_counter(game_id) == 7
    await store.append(game_id, 6, [record()], NOW, updates={"status": "finished"})
    assert await store.open_game_seated(7) is None


async def test_a_batch_advances_the_game_as_read_to_what_a_fresh_read_gives(
    store: Store,
) -> None:
    """``advance`` writes a batch in one round trip and returns the game as a fresh read
    then finds it, dice counter and row stamp included, so the next command may start
    from it; advancing that again works without reading the game in between."""
    game_id = await new_game(store)
    read = await store.open_game_seated(7)
    assert read is not None and read.row.id == game_id
    rolls = [
        record(),
        record("event", type="dice", counter_start=0, counter_end=5),
        record("event", type="moved", counter_end=99),  # not a roll
    ]
    after = await store.advance(
        read,
        rolls,
        NOW + 5,
        updates={"status": "active", "state": b"z1:\x00state", "waiting_since": NOW + 5},
        keep_snapshot=("1", b"kept"),
    )
    assert after == await store.open_game_seated(7)
    assert after.row.version == 5 and after.next_dice_counter == 5
    assert await store.snapshot(game_id, 5) == b"kept"
    again = await store.advance(
        after, [record("event", type="dice", counter_start=5, counter_end=9)], NOW + 6, exact=True
    )
    assert again == await store.open_game_seated(7) and again.next_dice_counter == 9
    assert [r.seq for r in await store.log(game_id)] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="at least one record"):
        await store.advance(again, [], NOW + 7)


@pytest.mark.parametrize(
    "change",
    ["touch reminded_at", "touch settings", "touch dashboard_message", "undo request", "batch"],
)
async def test_an_exact_advance_refuses_a_row_changed_since_it_was_read(
    store: Store, change: str
) -> None:
    """A command decided on a remembered copy of the game writes only onto that very row:
    a reminder's mark, a setting, a dashboard message or an undo request written since
    (no new version) refuses it as surely as another batch does; nothing is written."""
    game_id = await new_game(store)
    read = await store.open_game_seated(7)
    assert read is not None
    if change == "undo request":
        await store.set_undo_request(game_id, 2, '{"asked": "a"}')
    elif change == "batch":
        await store.append(game_id, 2, [record()], NOW + 1)
    else:
        column = change.split()[1]
        value: object = '{"posts": "quiet"}' if column == "settings" else 12345
        await store.touch(game_id, **{column: value})
    changed = await store.game(game_id)
    with pytest.raises(VersionConflict):
        await store.advance(read, [record("event", late=True)], NOW + 9, exact=True)
    assert await store.game(game_id) == changed
    assert len(await store.log(game_id)) == (3 if change == "batch" else 2)
    if change != "batch":  # only the version is compared without ``exact``
        after = await store.advance(read, [record()], NOW + 9)
        assert after.row.version == 3


async def test_a_plain_batch_is_refused_whole_at_a_moved_version(store: Store) -> None:
    """A batch without seat changes (one statement on PostgreSQL) that comes too late
    writes nothing: no records, no snapshot, no columns."""
    game_id = await new_game(store)
    said = record("event", text='☃ 😀 "quoted" \\ \u2028', big=2**62)
    await store.append(game_id, 2, [record(), said], NOW)
    assert (await store.log(game_id))[-1] == LogRow(
        4, 3, "event", "a", ALICE, "public", said.payload, NOW
    )
    for stale in (2, 3, 5):
        with pytest.raises(VersionConflict):
            await store.append(
                game_id,
                stale,
                [record("event", late=True)],
                NOW + 9,
                updates={"waiting_on": '["late"]'},
                keep_snapshot=("1", b"late"),
            )
    row = await store.game(game_id)
    assert row is not None and row.version == 4 and row.waiting_on == "[]"
    assert row.updated_at == NOW and len(await store.log(game_id)) == 4
    assert await store.snapshot_versions(game_id, "1") == []


async def test_the_hot_reads_use_an_index(store: Store) -> None:
    """Every read a command, a log page, catch-up, undo, a timer's claim, the metrics, a
    saved roll, a server's defaults or the users' languages make finds its rows through an
    index (or the primary key), never by reading a table whole: EXPLAIN on both."""
    game_id = await new_game(store)
    await store.append(game_id, 2, [record(), record("event", "seats:a")], NOW)
    sent: list[tuple[str, tuple[object, ...]]] = []
    one, every = store._one, store._all  # type: ignore[attr-defined]

    async def kept_one(sql: str, params: tuple[object, ...]) -> object:
        sent.append((sql, tuple(params)))
        return await one(sql, params)

    async def kept_all(sql: str, params: tuple[object, ...]) -> object:
        sent.append((sql, tuple(params)))
        return await every(sql, params)

    store._one, store._all = kept_one, kept_all  # type: ignore[attr-defined]
    if not isinstance(store, PostgresStore):  # its timer claims run on the connection
        await store._conn.set_trace_callback(  # type: ignore[attr-defined]
            lambda sql: sent.append((sql, ())) if "FROM games g LEFT JOIN" in sql else None
        )
    seated = Reader(seat="a")
    await store.game(game_id)
    await store.open_game(7)
    await store.open_game_seated(7)
    await store.latest_game(7)
    await store.seats(game_id)
    await store.log(game_id, after_seq=2)
    await store.snapshot_versions(game_id, "1")
    await store.snapshot(game_id, 2)
    await store.next_dice_counter(game_id)
    await store.public_records(game_id)
    await store.games_of_user(ALICE)
    await store.waiting_games(NOW)
    await store.readable_lines(game_id, seated, 4)
    await store.readable_slice(game_id, seated, 4, 0, 15)
    await store.readable_slice(game_id, seated, 4, 1, 15, total=2)  # read from the end
    await store.numbering_before(game_id, seated, 4)
    await store.undo_records(game_id, 4)
    await store.records_at(game_id, [3, 4])
    await store.actions_of(game_id, "a", 4, 5)
    await store.games_by_status()
    await store.roll_macros(1, ALICE)
    await store.user_languages([ALICE, BOB])
    await store.server_settings(1)
    for kind in ("reminder", "deadline", "absent", "owed"):
        await store.claim_timers(kind, NOW, owner="a", lease_seconds=30)
    store._one, store._all = one, every  # type: ignore[attr-defined]
    if not isinstance(store, PostgresStore):
        await store._conn.set_trace_callback(None)  # type: ignore[attr-defined]
    claims = [sql for sql, _ in sent if "FROM games g LEFT JOIN" in sql]
    assert len(claims) == 4 and any("GROUP BY status" in sql for sql, _ in sent)
    assert len(sent) >= 27
    for sql, params in sent:
        plan = await query_plan(store, sql, params)
        if isinstance(store, PostgresStore):
            assert "Seq Scan" not in plan, (sql, plan)
        else:
            whole = [line for line in plan.splitlines() if line.startswith("SCAN ")]
            assert not whole, (sql, plan)
            by_scope = "count(*)" in sql or "kind = 'undo'" in sql
            if "scope = 'public'" in sql and by_scope and "seq >" not in sql:
                # counts and undo records by scope: never every payload of the log
                assert "events_by_scope" in plan, (sql, plan)
    assert any("ORDER BY seq DESC LIMIT" in sql for sql, _ in sent)
