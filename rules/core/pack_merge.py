"""Merging a system's content packs into one catalog, the same way for every system.

Packs are read in order (bundled first, then each extra folder). Identifiers are global
within a section across packs: a later pack may not redefine an item of an earlier one,
nor reuse a pack id. Every problem names the file and the field, as pack reading does:
``roster_extra.json: characters[2] (id 'warden'): is already defined in roster_iron.json``.
Cross-references are checked once everything is merged (:func:`check_references`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from rules.core.packs import PackError

Problem = tuple[str, str]


class Identified(Protocol):
    @property
    def id(self) -> str: ...


class Pack(Protocol):
    @property
    def id(self) -> str: ...


class PackMerge:
    """Items by section and id, with where each came from."""

    def __init__(self, sections: Iterable[str], built_in: Mapping[str, Mapping[str, Any]] = {}):
        self.items: dict[str, dict[str, Any]] = {name: {} for name in sections}
        self._origin: dict[tuple[str, str], Path] = {}
        self._packs: dict[str, Path] = {}
        for section, items in built_in.items():
            self.items[section].update(items)

    def keep(
        self, section: str, where: str, item: Identified, path: Path, problems: list[Problem]
    ) -> bool:
        """Keep ``item`` unless its id is taken in ``section`` (a problem then)."""
        if item.id in self.items[section]:
            first = self._origin.get((section, item.id))
            known = first.name if first is not None else "the built-in content"
            problems.append((f"{where} (id '{item.id}')", f"is already defined in {known}"))
            return False
        self.items[section][item.id] = item
        self._origin[(section, item.id)] = path
        return True

    def add(
        self,
        path: Path,
        pack: Pack,
        sections: Iterable[str] | None = None,
        nested: Callable[[PackMerge, Path, Any, list[Problem]], None] | None = None,
    ) -> None:
        """Merge one pack: its id, then each item of ``sections`` (all by default; each
        section is the pack's attribute of that name), then what ``nested`` adds (items
        inside items). Raises :class:`PackError` with every problem of the file."""
        problems: list[Problem] = []
        if pack.id in self._packs:
            problems.append(
                ("id", f"pack id '{pack.id}' is already used by {self._packs[pack.id].name}")
            )
        self._packs.setdefault(pack.id, path)
        for section in self.items if sections is None else sections:
            for index, item in enumerate(getattr(pack, section)):
                self.keep(section, f"{section}[{index}]", item, path, problems)
        if nested is not None:
            nested(self, path, pack, problems)
        if problems:
            raise PackError(path, problems)


def nested_items(parent: str, child: str) -> Callable[[PackMerge, Path, Any, list[Problem]], None]:
    """What :meth:`PackMerge.add` calls to keep items listed inside the items of ``parent``
    (unit profiles inside factions) in their own section ``child``, their ids global too;
    a parent refused as a duplicate brings none of its items."""

    def keep_children(merge: PackMerge, path: Path, pack: Any, problems: list[Problem]) -> None:
        for i, owner in enumerate(getattr(pack, parent)):
            if merge.items[parent].get(owner.id) is not owner:
                continue
            for j, item in enumerate(getattr(owner, child)):
                merge.keep(child, f"{parent}[{i}].{child}[{j}]", item, path, problems)

    return keep_children


def owners(merge: PackMerge, parent: str, child: str) -> dict[str, str]:
    """Each kept nested item's id and the id of the parent that brought it."""
    kept = merge.items[child]
    found: dict[str, str] = {}
    for owner in merge.items[parent].values():
        for item in getattr(owner, child):
            ident: str = item.id
            if kept.get(ident) is item:
                found[ident] = owner.id
    return found


def check_references(
    packs: Sequence[tuple[Path, Any]], problems_of: Callable[[Any], Iterable[Problem]]
) -> None:
    """Raise :class:`PackError` for the first pack with a reference to nothing."""
    for path, pack in packs:
        problems = list(problems_of(pack))
        if problems:
            raise PackError(path, problems)
