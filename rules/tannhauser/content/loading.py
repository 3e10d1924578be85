"""Loading the bundled content packs and any extra ones from a configured folder.

Every ``*.json`` file in ``content/data/`` is a pack; extra folders (the bot's
``UMPIRE_TANNHAUSER_PACKS`` setting) are read after it, in name order, so they can add
maps, factions and tokens but never silently replace the bundled ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from rules.core.packs import PackError, read_model
from rules.tannhauser.content.catalog import Catalog, build_catalog
from rules.tannhauser.content.pack import ContentPack

BUNDLED = Path(__file__).with_name("data")
MAX_PACK_FILES = 100


def pack_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise PackError(folder, [("(folder)", "does not exist or is not a folder")])
    files = sorted(folder.glob("*.json"))
    if len(files) > MAX_PACK_FILES:
        raise PackError(folder, [("(folder)", f"holds more than {MAX_PACK_FILES} pack files")])
    return files


def load_catalog(extra: Sequence[Path] = ()) -> Catalog:
    """The bundled packs plus the packs in ``extra`` folders."""
    paths = [*pack_files(BUNDLED)]
    for folder in extra:
        paths.extend(pack_files(folder))
    return build_catalog([(path, read_model(path, ContentPack)) for path in paths])


@cache
def bundled_catalog() -> Catalog:
    """The bundled content only (cached)."""
    return load_catalog()
