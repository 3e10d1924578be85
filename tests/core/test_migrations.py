from __future__ import annotations

from pathlib import Path

from bot.store import Database
from bot.store.schema import available, current_version


async def test_migrations_apply_once_and_rerun_safely(tmp_path: Path) -> None:
    path = str(tmp_path / "m.db")
    first = await Database.open(path)
    latest = available()[-1][0]
    assert await current_version(first._conn) == latest
    await first.close()
    again = await Database.open(path)  # re-running finds nothing to do
    assert await current_version(again._conn) == latest
    assert await again.integrity_ok()
    await again.close()
