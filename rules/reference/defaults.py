"""The bundled reference data, each installed game system's own entries, and cached
loaders for them, optionally with an extra pack folder."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from rules.core.registry import available_systems
from rules.reference.book import TableBook
from rules.reference.index import RulesIndex

DATA_DIR = Path(__file__).resolve().parent / "data"
"""Bundled ``rules_<topic>.json`` and ``tables_<topic>.json`` files that belong to no game
system (the dice conventions every system shares)."""


def system_folders() -> tuple[Path, ...]:
    """The reference folders the registered game systems declare."""
    return tuple(s.reference for s in available_systems() if s.reference is not None)


def _folders(extra: str | os.PathLike[str] | None) -> tuple[Path, ...]:
    bundled = (DATA_DIR, *system_folders())
    return bundled if extra is None else (*bundled, Path(extra).resolve())


def load_default_index(extra: str | os.PathLike[str] | None = None) -> RulesIndex:
    """All bundled rules entries, plus those in ``extra`` if given; loaded once, then cached."""
    return _index(_folders(extra))


def load_default_tables(extra: str | os.PathLike[str] | None = None) -> TableBook:
    """All bundled tables, plus those in ``extra`` if given; loaded once, then cached."""
    return _book(_folders(extra))


@cache
def _index(folders: tuple[Path, ...]) -> RulesIndex:
    return RulesIndex.from_folders(*folders)


@cache
def _book(folders: tuple[Path, ...]) -> TableBook:
    return TableBook.from_folders(*folders)
