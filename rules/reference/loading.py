"""Finding and validating pack files: ``rules_<system>.json`` and ``tables_<system>.json``.

Packs are discovered by name in each folder given, bundled data first, so a new game system
is added by dropping in its files. Any problem becomes a :class:`PackError` naming the file
and the field (``entries[3].body (id 'rush-order')``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import ValidationError

from rules.reference.errors import PackError
from rules.reference.fields import Pack

RULES_PREFIX = "rules_"
TABLES_PREFIX = "tables_"

P = TypeVar("P", bound=Pack)


@dataclass(frozen=True, slots=True)
class Loaded(Generic[P]):
    """A validated pack and the file it came from."""

    path: Path
    pack: P


def discover(folders: Iterable[Path], prefix: str) -> list[Path]:
    """Every ``<prefix><system>.json`` in the folders, folder by folder, sorted by name."""
    found: list[Path] = []
    for folder in folders:
        if not folder.is_dir():
            raise PackError(folder, [("(folder)", "does not exist or is not a folder")])
        found.extend(sorted(folder.glob(f"{prefix}*.json")))
    return found


def read_pack(path: Path, model: type[P], prefix: str) -> Loaded[P]:
    """Parse and validate one pack file; its ``system`` must match the file name."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PackError(path, [("(file)", f"cannot be read: {exc.strerror or exc}")]) from None
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        raise PackError(path, [(where, f"invalid JSON: {exc.msg}")]) from None
    try:
        pack = model.model_validate(raw)
    except ValidationError as exc:
        problems = [(describe_location(raw, error["loc"]), error["msg"]) for error in exc.errors()]
        raise PackError(path, problems) from None
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


def describe_location(raw: object, location: Sequence[int | str]) -> str:
    """``('entries', 3, 'title')`` → ``entries[3].title (id 'rush-order')``."""
    text = ""
    node: object = raw
    owner: str | None = None
    for step in location:
        if isinstance(step, int):
            text += f"[{step}]"
            node = node[step] if isinstance(node, list) and 0 <= step < len(node) else None
        else:
            text += f".{step}" if text else step
            node = node.get(step) if isinstance(node, dict) else None
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            owner = node["id"]
    text = text or "(top level)"
    return f"{text} (id '{owner}')" if owner is not None else text
