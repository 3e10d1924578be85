"""/game log a page at a time: the pages read from the store alone, put together, are
exactly the whole log as each reader may read it (their own secrets and numbering
included, nobody else's), in real games saved by the release that recorded them."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from bot.local.session import LOCAL_CHANNEL
from bot.service import GameService, UserError
from bot.service.history import PAGE_RECORDS, log_lines_of
from bot.store import Database
from tests.conftest import ALICE, BOB, CHANNEL, FakeClock, fixed_seeds, started_demo

RECORDED = Path(__file__).resolve().parents[1] / "golden" / "recorded"
GAMES = ["demo", "wasteland-patrol", "tannhauser-deathmatch", "squad-skirmish", "orders-skirmish"]


async def paged(service: GameService, channel: int, user_id: int | None) -> list[str]:
    newest = await service.log_page(channel, user_id)
    lines: list[str] = []
    for number in range(1, newest.pages + 1):
        page = await service.log_page(
            channel, user_id, number, game_id=newest.game_id, upto=newest.upto
        )
        assert (page.page, page.pages) == (number, newest.pages)
        lines += page.lines
    assert newest.lines == tuple(lines[-len(newest.lines) :])
    return lines


async def whole(service: GameService, channel: int, user_id: int | None) -> list[str]:
    game = await service.game_in(channel)
    assert game is not None
    rows = await service.db.log(game.id)
    return log_lines_of(game, rows, service.viewer_for(game, user_id))


@pytest.mark.parametrize("name", GAMES)
async def test_pages_make_up_the_whole_log_for_every_reader(tmp_path: Path, name: str) -> None:
    path = tmp_path / "game.db"
    path.write_bytes(gzip.decompress((RECORDED / f"{name}.half.db.gz").read_bytes()))
    db = await Database.open(str(path))  # saved before the index pages are read by
    try:
        service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
        game = await service.game_in(LOCAL_CHANNEL)
        assert game is not None
        readers: list[int | None] = [seat.user_id for seat in game.seats]
        for user_id in [*readers, None]:
            lines = await paged(service, LOCAL_CHANNEL, user_id)
            assert lines == await whole(service, LOCAL_CHANNEL, user_id)
            assert len(lines) > PAGE_RECORDS
    finally:
        await db.close()


async def test_pages_mark_what_was_undone_and_refuse_pages_that_do_not_exist(
    service: GameService,
) -> None:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    await service.act(CHANNEL, BOB, "pick attack")
    for _turn in range(12):
        game = await service.game_in(CHANNEL)
        assert game is not None and game.state is not None
        [awaited] = game.system.status(game.state).waiting_on
        await service.act(CHANNEL, ALICE if awaited == "red" else BOB, "end")
        if _turn == 5:
            await service.undo(CHANNEL, ALICE if awaited == "red" else BOB)
    for user_id in (ALICE.user_id, BOB.user_id, None):
        lines = await paged(service, CHANNEL, user_id)
        assert lines == await whole(service, CHANNEL, user_id)
        assert any("~~(undone)~~" in line for line in lines)
    newest = await service.log_page(CHANNEL, None)
    with pytest.raises(UserError, match=f"ask for a page from 1 to {newest.pages}"):
        await service.log_page(CHANNEL, None, newest.pages + 1)
    with pytest.raises(UserError, match="ask for a page from 1"):
        await service.log_page(CHANNEL, None, 0)
