"""The bundled data folder and cached loaders for it, optionally with an extra pack folder."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from rules.reference.book import TableBook
from rules.reference.index import RulesIndex

DATA_DIR = Path(__file__).resolve().parent / "data"
"""Bundled ``rules_<system>.json`` and ``tables_<system>.json`` files."""


def _folders(extra: str | os.PathLike[str] | None) -> tuple[Path, ...]:
    return (DATA_DIR,) if extra is None else (DATA_DIR, Path(extra).resolve())


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
