"""The numbers players see (log lines, exports, status, board pictures) count public
records only, so they never tell anyone how many secret records another player made."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.service import GameService
from bot.service.loaded import visibility_of
from bot.service.public_numbers import log_numbers
from bot.store import Database
from bot.store.records import LogRow
from rules.core.visibility import Viewer
from tests.conftest import ALICE, BOB, CHANNEL, FakeClock, fixed_seeds, secretly_drafted


@dataclass(frozen=True)
class Seen:
    log: tuple[str, ...]
    export: list[tuple[str, int | None, int | None, str]]
    records: int
    status: int
    picture: str


async def what_bob_sees(folder: Path, alice_edits: int) -> tuple[Seen, tuple[str, ...]]:
    """A Wasteland game in which alice edits her secret army-list draft ``alice_edits``
    times before submitting: everything bob can read of it with its numbers, and alice's
    own log."""
    folder.mkdir()
    db = await Database.open(str(folder / "umpire.db"))
    try:
        service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
        await secretly_drafted(service, alice_edits)
        await service.act(CHANNEL, BOB, "submit")
        await service.act(CHANNEL, ALICE, "deploy A1 at 36,6")
        exported = await service.export(CHANNEL, BOB.user_id)
        game = await service.game_in(CHANNEL)
        assert game is not None
        seen = Seen(
            log=(await service.log_lines(CHANNEL, BOB.user_id, 200)).lines,
            export=[(r.number, r.seq, r.batch, r.kind) for r in exported.log],
            records=len(exported.log),
            status=(await service.status(CHANNEL, BOB.user_id)).version,
            picture=await service.picture_name(game),
        )
        return seen, (await service.log_lines(CHANNEL, ALICE.user_id, 200)).lines
    finally:
        await db.close()


async def test_secret_draft_edits_do_not_show_in_public_numbers(tmp_path: Path) -> None:
    once, alice_once = await what_bob_sees(tmp_path / "once", 1)
    thrice, alice_thrice = await what_bob_sees(tmp_path / "thrice", 3)
    assert once == thrice
    assert any("`   9` Alpha has submitted" in line for line in once.log)
    assert once.picture == "board-1-v23.png" and once.status == 23
    # alice reads her own draft lines, numbered after the public record before them
    assert len(alice_thrice) == len(alice_once) + 2
    assert any("` 7.6` Your draft" in line for line in alice_thrice)


def readable_by(viewer: Viewer) -> Callable[[LogRow], bool]:
    return lambda row: visibility_of(row.scope).allows(viewer)


def _row(seq: int, scope: str) -> LogRow:
    return LogRow(seq, seq, "event", None, None, scope, "{}", 0.0)


def test_each_reader_counts_only_the_records_they_may_read() -> None:
    rows = [
        _row(1, "public"),
        _row(2, "seats:red"),
        _row(3, "seats:blue"),
        _row(4, "seats:red"),
        _row(5, "public"),
        _row(6, "referee"),
    ]
    assert log_numbers(rows, readable_by(Viewer.of_seat("red"))) == {
        1: "1",
        2: "1.1",
        4: "1.2",
        5: "2",
    }
    assert log_numbers(rows, readable_by(Viewer.of_seat("blue"))) == {1: "1", 3: "1.1", 5: "2"}
    assert log_numbers(rows, readable_by(Viewer.spectator())) == {1: "1", 5: "2"}
    assert log_numbers(rows, readable_by(Viewer.as_referee()))[6] == "2.1"
