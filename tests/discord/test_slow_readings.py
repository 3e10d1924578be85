"""Reading a long game's whole log (/game log, /game export, /game verify) takes seconds,
longer than the three seconds Discord gives a reply: each command defers first, so
Discord shows "thinking…", and only then reads the log."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from simcord.http import router

from bot.service import GameService
from bot.service.history import History

from ._support import pick_both, start_demo
from .conftest import Table


class Callbacks:
    """The interaction callbacks sent so far, and those sent when the log was read."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[dict[str, Any]] = []
        self.when_read: list[list[dict[str, Any]]] = []
        real = router.dispatch

        def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            if path.endswith("/callback"):
                self.sent.append(kwargs.get("json") or {})
            return real(backend, method, path, **kwargs)

        monkeypatch.setattr(router, "dispatch", dispatch)
        for name in ("log_lines", "export", "verify"):
            monkeypatch.setattr(History, name, self._noting(getattr(History, name)))

    def _noting(self, reading: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def noted(history: History, *args: Any) -> Any:
            self.when_read.append(list(self.sent))
            return await reading(history, *args)

        return noted


@pytest.mark.parametrize(
    ("command", "ephemeral"),
    [("game log", True), ("game export", True), ("game verify", False)],
)
async def test_long_readings_defer_before_reading_the_log(
    simcord_env,
    table: Table,
    service: GameService,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    ephemeral: bool,
) -> None:
    await start_demo(table)
    await pick_both(table)
    await table.alice.slash(table.channel, "game end")
    callbacks = Callbacks(monkeypatch)

    result = await table.carol.slash(table.channel, command)

    deferred = {"type": 5, **({"data": {"flags": 64}} if ephemeral else {})}
    assert callbacks.when_read == [[deferred]]  # the one answer Discord got, before reading
    assert callbacks.sent == [deferred]
    message = result.response
    assert message is not None and message.ephemeral == ephemeral
    assert message.content or message.attachments
