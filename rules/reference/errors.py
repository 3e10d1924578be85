"""The two ways a lookup can go wrong: bad data on disk, or a question the data cannot answer."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


class LookupProblem(LookupError):
    """A table, row, column or system that does not exist; the message lists what does."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class PackError(ValueError):
    """A data pack that cannot be used; every problem names the file and the field."""

    def __init__(self, path: Path, problems: Sequence[tuple[str, str]]) -> None:
        self.path = path
        self.problems = list(problems)
        lines = [f"Invalid data pack {path}:"]
        lines.extend(f"  - {path.name}: {field}: {message}" for field, message in self.problems)
        super().__init__("\n".join(lines))
