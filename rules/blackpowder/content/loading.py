"""The bundled packs (every ``*.json`` in ``content/data/``) and any extra ones from the
folders of the bot's ``UMPIRE_BLACKPOWDER_PACKS`` setting, read after them in name order, so
they can add weapons, forces, terrain types and tables but never silently replace the
bundled ones."""

from __future__ import annotations

from pathlib import Path

from rules.blackpowder.content.catalog import Catalog, build_catalog
from rules.blackpowder.content.pack import SCHEMA_ID, ContentPack
from rules.core.plugin import ContentPacks

PACKS: ContentPacks[Catalog] = ContentPacks(
    bundled=Path(__file__).with_name("data"),
    model=ContentPack,
    schema_id=SCHEMA_ID,
    schema_file="blackpowder-pack.schema.json",
    combine=build_catalog,
)
load_catalog = PACKS.load
