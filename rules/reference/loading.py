"""Finding and validating pack files: ``rules_<system>.json`` and ``tables_<system>.json``.

Packs are discovered by name in each folder given, bundled data first, so a new game system
is added by dropping in its files. A translation beside a pack (``rules_<system>.<lang>.json``,
e.g. ``rules_blackpowder.de.json``) is a companion of that pack, not a pack of its own, and is
not read here. Any problem becomes a :class:`PackError` naming the file
and the field (``entries[3].body (id 'rush-order')``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from rules.core.packs import PackError, read_model
from rules.reference.fields import Pack

RULES_PREFIX = "rules_"
TABLES_PREFIX = "tables_"

LANGUAGE_SUFFIX = re.compile(r"\.[a-z]{2}$")
"""How a translation's file stem ends: ``rules_blackpowder.de``."""

P = TypeVar("P", bound=Pack)


@dataclass(frozen=True, slots=True)
class Loaded(Generic[P]):
    """A validated pack and the file it came from."""

    path: Path
    pack: P


def discover(folders: Iterable[Path], prefix: str) -> list[Path]:
    """Every ``<prefix><system>.json`` in the folders, folder by folder, sorted by name;
    translations (``<prefix><system>.<lang>.json``) are left out."""
    found: list[Path] = []
    for folder in folders:
        if not folder.is_dir():
            raise PackError(folder, [("(folder)", "does not exist or is not a folder")])
        found.extend(
            path for path in sorted(folder.glob(f"{prefix}*.json")) if not is_translation(path)
        )
    return found


def is_translation(path: Path) -> bool:
    """Whether ``path`` is a language companion of a pack (``rules_squad.de.json``)."""
    return LANGUAGE_SUFFIX.search(path.stem) is not None


def read_pack(path: Path, model: type[P], prefix: str) -> Loaded[P]:
    """Parse and validate one pack file; its ``system`` must match the file name."""
    pack = read_model(path, model)
    expected = path.stem.removeprefix(prefix)
    if pack.system != expected:
        raise PackError(
            path, [("system", f"is '{pack.system}' but the file name says '{expected}'")]
        )
    return Loaded(path, pack)


def read_packs(folders: Sequence[Path], model: type[P], prefix: str) -> list[Loaded[P]]:
    """Every pack of one kind in the folders; one system may be split over several files."""
    loaded = [read_pack(path, model, prefix) for path in discover(folders, prefix)]
    names: dict[str, Loaded[P]] = {}
    for item in loaded:
        first = names.setdefault(item.pack.system, item)
        if first.pack.name != item.pack.name:
            raise PackError(
                item.path,
                [("name", f"is '{item.pack.name}' but {first.path} calls it '{first.pack.name}'")],
            )
    return loaded
