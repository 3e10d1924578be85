"""The two ways a lookup can go wrong: bad data on disk, or a question the data cannot answer."""

from __future__ import annotations

from rules.core.packs import PackError


class LookupProblem(LookupError):
    """A table, row, column or system that does not exist; the message lists what does."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


__all__ = ["LookupProblem", "PackError"]
