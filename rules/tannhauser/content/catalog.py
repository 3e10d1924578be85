"""All loaded content packs merged into one catalog, with cross-references checked.

Identifiers are global across packs: a second pack may not redefine a map, character or
token of the first. Every reference (a character's faction, affiliations, special object
and pack tokens; a bonus token's equipment and restriction; a crate's equipment) must
name something in the catalog.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rules.core.pack_merge import PackMerge, check_references
from rules.tannhauser.content.characters import (
    PACK_KINDS,
    AffiliationDef,
    CharacterDef,
    FactionDef,
)
from rules.tannhauser.content.equipment import BonusTokenDef, CrateDef, EquipmentDef
from rules.tannhauser.content.maps import MapDef
from rules.tannhauser.content.modes import DEATHMATCH, ModeDef
from rules.tannhauser.content.pack import ContentPack


@dataclass(frozen=True)
class Catalog:
    modes: dict[str, ModeDef] = field(default_factory=dict)
    maps: dict[str, MapDef] = field(default_factory=dict)
    factions: dict[str, FactionDef] = field(default_factory=dict)
    affiliations: dict[str, AffiliationDef] = field(default_factory=dict)
    characters: dict[str, CharacterDef] = field(default_factory=dict)
    equipment: dict[str, EquipmentDef] = field(default_factory=dict)
    bonus_tokens: dict[str, BonusTokenDef] = field(default_factory=dict)
    crates: dict[str, CrateDef] = field(default_factory=dict)
    sources: tuple[str, ...] = ()

    def roster(self, faction: str, against: str | None = None) -> list[CharacterDef]:
        """Characters a side of ``faction`` may choose when facing ``against``."""
        return [
            c
            for c in self.characters.values()
            if c.faction == faction or (c.mercenary and (against is None or c.loyal_to != against))
        ]


SECTIONS = (
    "modes",
    "maps",
    "factions",
    "affiliations",
    "characters",
    "equipment",
    "bonus_tokens",
    "crates",
)


def build_catalog(packs: Sequence[tuple[Path, ContentPack]]) -> Catalog:
    """Merge packs in order and check every reference; problems raise :class:`PackError`."""
    merge = PackMerge(SECTIONS, {"modes": {DEATHMATCH.id: DEATHMATCH}})
    for path, pack in packs:
        merge.add(path, pack)
    catalog = Catalog(
        **{name: dict(items) for name, items in merge.items.items()},
        sources=tuple(p.name for p, _ in packs),
    )
    check_references(packs, lambda pack: _reference_problems(catalog, pack))
    return catalog


def _reference_problems(catalog: Catalog, pack: ContentPack) -> Iterable[tuple[str, str]]:
    for index, char in enumerate(pack.characters):
        where = f"characters[{index}] (id '{char.id}')"
        if char.faction is not None and char.faction not in catalog.factions:
            yield f"{where}.faction", f"unknown faction '{char.faction}'"
        if char.loyal_to is not None and char.loyal_to not in catalog.factions:
            yield f"{where}.loyal_to", f"unknown faction '{char.loyal_to}'"
        for affiliation in char.affiliations:
            if affiliation not in catalog.affiliations:
                yield f"{where}.affiliations", f"unknown affiliation '{affiliation}'"
        special = catalog.equipment.get(char.special_object)
        if special is None:
            yield f"{where}.special_object", f"unknown equipment '{char.special_object}'"
        for kind in PACK_KINDS:
            for token in char.packs.of(kind):
                if token not in catalog.equipment:
                    yield f"{where}.packs.{kind}", f"unknown equipment '{token}'"
    for index, bonus in enumerate(pack.bonus_tokens):
        where = f"bonus_tokens[{index}] (id '{bonus.id}')"
        if bonus.equipment not in catalog.equipment:
            yield f"{where}.equipment", f"unknown equipment '{bonus.equipment}'"
        for faction in bonus.restriction.factions:
            if faction not in catalog.factions:
                yield f"{where}.restriction.factions", f"unknown faction '{faction}'"
        for character in bonus.restriction.characters:
            if character not in catalog.characters:
                yield f"{where}.restriction.characters", f"unknown character '{character}'"
    for index, crate in enumerate(pack.crates):
        if crate.equipment is not None and crate.equipment not in catalog.equipment:
            yield (
                f"crates[{index}] (id '{crate.id}').equipment",
                f"unknown equipment '{crate.equipment}'",
            )
