"""Loading the bundled Wasteland packs and any extra ones from a configured folder.

Every ``*.json`` file in ``content/data/`` is a pack; extra folders (the bot's
``UMPIRE_WASTELAND_PACKS`` setting) are read after it, in name order, so they can add
weapons, factions and battlefields but never silently replace the bundled ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from rules.core.packs import read_packs
from rules.wasteland.content.catalog import Catalog, build_catalog
from rules.wasteland.content.pack import ContentPack

BUNDLED = Path(__file__).with_name("data")


def load_catalog(extra: Sequence[Path] = ()) -> Catalog:
    """The bundled packs plus the packs in ``extra`` folders."""
    return build_catalog(read_packs(BUNDLED, extra, ContentPack))


@cache
def bundled_catalog() -> Catalog:
    """The bundled content only (cached)."""
    return load_catalog()
