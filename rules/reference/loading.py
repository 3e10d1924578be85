"""Finding and validating pack files: ``rules_<system>.json`` and ``tables_<system>.json``,
and the companions of a rules pack in another language, ``rules_<system>.<language>.json``
(``rules_dice.de.json``: the same schema, the same entry ids, title, aliases and body in
that language).

Packs are discovered by name in each folder given, bundled data first, so a new game system
is added by dropping in its files. Any problem becomes a :class:`PackError` naming the file
and the field (``entries[3].body (id 'rush-order')``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from rules.core.language import Language
from rules.core.packs import PackError, read_model
from rules.reference.fields import Pack

RULES_PREFIX = "rules_"
TABLES_PREFIX = "tables_"

P = TypeVar("P", bound=Pack)


@dataclass(frozen=True, slots=True)
class Loaded(Generic[P]):
    """A validated pack and the file it came from."""

    path: Path
    pack: P


def language_of_file(path: Path) -> Language | None:
    """The language a pack file is a companion in (``rules_dice.de.json``: German), or
    None for a pack in English, the language every pack is first written in. A suffix
    naming no language Umpire speaks is refused."""
    _, dot, suffix = path.stem.partition(".")
    if not dot:
        return None
    spoken = [language.value for language in Language if language is not Language.ENGLISH]
    if suffix not in spoken:
        raise PackError(
            path,
            [("(file name)", f"'{suffix}' is no language of a companion ({', '.join(spoken)})")],
        )
    return Language(suffix)


def _files(folders: Iterable[Path], prefix: str) -> list[Path]:
    found: list[Path] = []
    for folder in folders:
        if not folder.is_dir():
            raise PackError(folder, [("(folder)", "does not exist or is not a folder")])
        found.extend(sorted(folder.glob(f"{prefix}*.json")))
    return found


def discover(folders: Iterable[Path], prefix: str) -> list[Path]:
    """Every ``<prefix><system>.json`` in the folders, folder by folder, sorted by name
    (companions in other languages left out)."""
    return [path for path in _files(folders, prefix) if "." not in path.stem]


def discover_companions(folders: Iterable[Path], prefix: str) -> list[tuple[Language, Path]]:
    """Every ``<prefix><system>.<language>.json`` in the folders, with its language."""
    found = []
    for path in _files(folders, prefix):
        language = language_of_file(path)
        if language is not None:
            found.append((language, path))
    return found


def read_pack(path: Path, model: type[P], prefix: str) -> Loaded[P]:
    """Parse and validate one pack file; its ``system`` must match the file name."""
    pack = read_model(path, model)
    expected = path.stem.removeprefix(prefix).partition(".")[0]
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
