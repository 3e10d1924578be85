"""The bundled packs (every ``*.json`` in ``content/data/``) and any extra folders given,
read after them in name order, so they can add content but never silently replace it."""

from __future__ import annotations

from pathlib import Path

from rules.core.plugin import ContentPacks
from rules.orders.content.catalog import Catalog, build_catalog
from rules.orders.content.pack import SCHEMA_ID, ContentPack

PACKS: ContentPacks[Catalog] = ContentPacks(
    bundled=Path(__file__).with_name("data"),
    model=ContentPack,
    schema_id=SCHEMA_ID,
    schema_file="orders-pack.schema.json",
    combine=build_catalog,
)
load_catalog = PACKS.load
