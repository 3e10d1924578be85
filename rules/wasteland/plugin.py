"""Wasteland Tactics as the product finds it: the system, built with any extra content packs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules.core.plugin import ContentPacks, SystemPlugin
from rules.wasteland.content.catalog import build_catalog
from rules.wasteland.content.loading import BUNDLED, bundled_catalog, load_catalog
from rules.wasteland.content.pack import SCHEMA_ID, ContentPack
from rules.wasteland.system import WastelandSystem


def build(extra_packs: Sequence[Path]) -> WastelandSystem:
    return WastelandSystem(load_catalog(extra_packs) if extra_packs else bundled_catalog())


PLUGIN = SystemPlugin(
    id=WastelandSystem.id,
    name=WastelandSystem.name,
    build=build,
    packs=ContentPacks(
        bundled=BUNDLED,
        model=ContentPack,
        schema_id=SCHEMA_ID,
        combine=build_catalog,
        schema_file="wasteland-pack.schema.json",
    ),
)
