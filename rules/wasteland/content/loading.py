"""Loading the bundled Wasteland packs and any extra ones from a configured folder.

Every ``*.json`` file in ``content/data/`` is a pack; extra folders (the bot's
``UMPIRE_WASTELAND_PACKS`` setting) are read after it, in name order, so they can add
weapons, factions and battlefields but never silently replace the bundled ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from rules.core.packs import pack_files, read_model
from rules.wasteland.content.catalog import Catalog, build_catalog
from rules.wasteland.content.pack import ContentPack

BUNDLED = Path(__file__).with_name("data")


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
