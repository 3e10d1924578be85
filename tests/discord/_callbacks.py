"""Which interaction callbacks the bot sent, and which it had sent when it began reading
a game's whole log (for the commands that must defer before that slow work)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from simcord.http import router

from bot.service.history import History


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
        for name in ("log_lines", "log_page", "export", "verify"):
            monkeypatch.setattr(History, name, self._noting(getattr(History, name)))

    def _noting(self, reading: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def noted(history: History, *args: Any, **kwargs: Any) -> Any:
            self.when_read.append(list(self.sent))
            return await reading(history, *args, **kwargs)

        return noted
