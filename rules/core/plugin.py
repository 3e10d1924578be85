"""What a game system declares so the rest of the product can offer it.

A system package exposes one :class:`SystemPlugin` through the ``umpire.systems``
entry-point group (see ``pyproject.toml``), so a system can also live in a separately
installed package. The bot, the renderers, the docs and every test harness find systems
only through these declarations; none of them names a system.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from rules.core.packs import schema_json
from rules.core.system import GameSystem


@dataclass(frozen=True)
class ContentPacks:
    """A system's content packs: the bundled folder, the pack model and its JSON Schema.

    Players add packs of their own in a folder named by the ``UMPIRE_<ID>_PACKS`` setting;
    the schema is kept in ``docs/<schema_file>`` so they can check their files.
    ``combine`` (when given) builds the system's content from packs already read and
    validated one by one, checking what they refer to across files and raising
    ``PackError``; tests use it to load a changed copy of the bundled folder.
    """

    bundled: Path
    model: type[BaseModel]
    schema_id: str
    schema_file: str
    combine: Callable[[list[tuple[Path, Any]]], object] | None = None

    def schema_text(self) -> str:
        return schema_json(self.model, self.schema_id)


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
    packs: ContentPacks | None = None
    listed: bool = True

    @property
    def pack_setting(self) -> str:
        """The environment variable naming a folder of extra content packs."""
        return f"UMPIRE_{self.id.upper()}_PACKS"
