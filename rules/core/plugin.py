"""What a game system declares so the rest of the product can offer it.

A system package exposes one :class:`SystemPlugin` through the ``umpire.systems``
entry-point group (see ``pyproject.toml``), so a system can also live in a separately
installed package. The bot, the renderers, the docs and every test harness find systems
only through these declarations; none of them names a system.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from rules.core.packs import read_packs, schema_json
from rules.core.system import GameSystem

C = TypeVar("C")


@dataclass(frozen=True)
class ContentPacks(Generic[C]):
    """A system's content packs: the bundled folder, the pack model and its JSON Schema.

    Players add packs of their own in a folder named by the ``UMPIRE_<ID>_PACKS`` setting;
    the schema is kept in ``docs/<schema_file>`` so they can check their files.
    ``combine`` builds the system's content from packs already read and validated one by
    one, checking what they refer to across files and raising ``PackError``; tests use it
    to load a changed copy of the bundled folder.
    """

    bundled: Path
    model: type[BaseModel]
    schema_id: str
    schema_file: str
    combine: Callable[[list[tuple[Path, Any]]], C]

    def schema_text(self) -> str:
        return schema_json(self.model, self.schema_id)

    def load(self, extra: Sequence[Path] = ()) -> C:
        """The bundled packs and those in the ``extra`` folders, read after them in name
        order (they may add content but never silently replace it); the bundled content
        alone is read once and kept."""
        if not extra:
            kept: C = _bundled(self)
            return kept
        return self.combine(read_packs(self.bundled, extra, self.model))


@cache
def _bundled(packs: ContentPacks[C]) -> C:
    return packs.combine(read_packs(packs.bundled, (), packs.model))


@dataclass(frozen=True)
class SystemPlugin:
    """One game system as the product sees it before it is built.

    ``build`` makes the system with the extra content folders a server configured (none by
    default). ``listed`` systems are offered to players; an unlisted one (the demo race)
    exists only in tests and in local mode started with ``--demo``.
    """

    id: str
    name: str
    build: Callable[[Sequence[Path]], GameSystem[Any]]
    packs: ContentPacks[Any] | None = None
    listed: bool = True

    @property
    def pack_setting(self) -> str:
        """The environment variable naming a folder of extra content packs."""
        return f"UMPIRE_{self.id.upper()}_PACKS"
