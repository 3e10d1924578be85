"""Which log records one reader may see, as a condition on the ``events`` table.

A record's ``scope`` is ``public``, ``referee`` or ``seats:A,B`` (the seats that may read
it); a seated reader sees public records and those naming their seat, a spectator public
records alone, and the referee (audits after the end) everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Reader:
    seat: str | None = None
    everything: bool = False

    def condition(self, mark: str = "?") -> tuple[str, tuple[Any, ...]]:
        """SQL true for the records this reader may see, and its parameters, written with
        the backend's parameter ``mark`` (``?`` for SQLite, ``%s`` for PostgreSQL) and
        only what both databases understand."""
        if self.everything:
            return "1 = 1", ()
        if self.seat is None:
            return "scope = 'public'", ()
        seat = self.seat.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        return (
            f"(scope = 'public' OR (scope LIKE {mark} "
            f"AND (',' || substr(scope, 7) || ',') LIKE {mark} ESCAPE '\\'))",
            ("seats:%", f"%,{seat},%"),
        )
