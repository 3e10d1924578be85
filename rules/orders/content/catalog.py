"""All loaded packs of the order-tile game merged into one catalog, cross-references checked.

Identifiers are global across packs within a section: a later pack may not redefine a
die colour, order tile, ability, piece of equipment, card, door, tile, mission, generator,
faction or character of an earlier one. Characters of factions and mercenaries share one
section. Every reference must lead somewhere: abilities named by character sides, the
faction a mercenary counts as, the character a reanimation raises, the die colours a
chance rolls, the equipment on each card, the doors a tile prints (a large one must fit
along the tile), and what missions name. Each problem names the file and the field.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core.pack_merge import PackMerge, Problem, check_references, nested_items
from rules.orders.content.abilities import AbilityDef
from rules.orders.content.characters import CharacterDef
from rules.orders.content.dice import DieDef
from rules.orders.content.equipment import EquipmentCardDef, EquipmentDef
from rules.orders.content.factions import FactionDef
from rules.orders.content.ips import AddDice, IpsLine, Reanimate
from rules.orders.content.missions import (
    DestroyElement,
    Eradicate,
    FindEquipment,
    HoldTile,
    MissionDef,
)
from rules.orders.content.orders import OrderTileDef
from rules.orders.content.pack import ContentPack
from rules.orders.content.scenarios import GeneratorDef
from rules.orders.content.tiles import DoorDef, TileDef


@dataclass(frozen=True)
class Catalog:
    dice: dict[str, DieDef] = field(default_factory=dict)
    order_tiles: dict[str, OrderTileDef] = field(default_factory=dict)
    abilities: dict[str, AbilityDef] = field(default_factory=dict)
    equipment: dict[str, EquipmentDef] = field(default_factory=dict)
    cards: dict[str, EquipmentCardDef] = field(default_factory=dict)
    doors: dict[str, DoorDef] = field(default_factory=dict)
    tiles: dict[str, TileDef] = field(default_factory=dict)
    missions: dict[str, MissionDef] = field(default_factory=dict)
    generators: dict[str, GeneratorDef] = field(default_factory=dict)
    factions: dict[str, FactionDef] = field(default_factory=dict)
    characters: dict[str, CharacterDef] = field(default_factory=dict)
    character_faction: dict[str, str | None] = field(default_factory=dict)
    """Each character's faction id; ``None`` for a mercenary."""
    sources: tuple[str, ...] = ()

    def bag(self) -> list[OrderTileDef]:
        """The order-tile bag: every tile as many times as its count, in id order."""
        return [tile for _, tile in sorted(self.order_tiles.items()) for _ in range(tile.count)]


FLAT = (
    "dice",
    "order_tiles",
    "abilities",
    "equipment",
    "cards",
    "doors",
    "tiles",
    "missions",
    "generators",
    "factions",
)
SECTIONS = (*FLAT, "characters")
_FACTION_CHARACTERS = nested_items("factions", "characters")


def _keep_characters(merge: PackMerge, path: Path, pack: Any, problems: list[Problem]) -> None:
    _FACTION_CHARACTERS(merge, path, pack, problems)
    for index, character in enumerate(pack.mercenaries):
        merge.keep("characters", f"mercenaries[{index}]", character, path, problems)


def build_catalog(packs: Sequence[tuple[Path, ContentPack]]) -> Catalog:
    """Merge packs in order and check every reference; problems raise ``PackError``."""
    merge = PackMerge(SECTIONS)
    for path, pack in packs:
        merge.add(path, pack, FLAT, _keep_characters)
    factions: dict[str, FactionDef] = merge.items["factions"]
    characters: dict[str, CharacterDef] = merge.items["characters"]
    owner: dict[str, str | None] = {ident: None for ident in characters}
    for faction in factions.values():
        for character in faction.characters:
            if characters.get(character.id) is character:
                owner[character.id] = faction.id
    catalog = Catalog(
        dice=merge.items["dice"],
        order_tiles=merge.items["order_tiles"],
        abilities=merge.items["abilities"],
        equipment=merge.items["equipment"],
        cards=merge.items["cards"],
        doors=merge.items["doors"],
        tiles=merge.items["tiles"],
        missions=merge.items["missions"],
        generators=merge.items["generators"],
        factions=factions,
        characters=characters,
        character_faction=owner,
        sources=tuple(p.name for p, _ in packs),
    )
    check_references(packs, lambda pack: _reference_problems(catalog, pack))
    return catalog


def _where(section: str, index: int, ident: str) -> str:
    return f"{section}[{index}] (id '{ident}')"


def _reference_problems(catalog: Catalog, pack: ContentPack) -> Iterable[Problem]:
    for i, ability in enumerate(pack.abilities):
        yield from _ips_problems(catalog, f"{_where('abilities', i, ability.id)}.ips", ability.ips)
    for i, faction in enumerate(pack.factions):
        for j, character in enumerate(faction.characters):
            where = f"factions[{i}].characters[{j}] (id '{character.id}')"
            if character.counts_as is not None:
                yield f"{where}.counts_as", "only a mercenary counts as another faction"
            yield from _character_problems(catalog, where, character)
    for i, character in enumerate(pack.mercenaries):
        where = _where("mercenaries", i, character.id)
        if character.counts_as is None:
            yield f"{where}.counts_as", "a mercenary names the faction it counts as"
        elif character.counts_as not in catalog.factions:
            yield f"{where}.counts_as", f"unknown faction '{character.counts_as}'"
        yield from _character_problems(catalog, where, character)
    for i, item in enumerate(pack.equipment):
        yield from _ips_problems(catalog, f"{_where('equipment', i, item.id)}.ips", item.ips)
    for i, card in enumerate(pack.cards):
        for face in ("front", "back"):
            ident = getattr(card, face)
            if ident not in catalog.equipment:
                yield f"{_where('cards', i, card.id)}.{face}", f"unknown equipment '{ident}'"
    for i, tile in enumerate(pack.tiles):
        yield from _tile_problems(catalog, _where("tiles", i, tile.id), tile)
    for i, mission in enumerate(pack.missions):
        yield from _mission_problems(catalog, _where("missions", i, mission.id), mission)


def _character_problems(catalog: Catalog, where: str, character: CharacterDef) -> Iterable[Problem]:
    for side_name in ("healthy", "wounded"):
        side = getattr(character, side_name)
        for k, ability in enumerate(side.abilities):
            if ability not in catalog.abilities:
                yield f"{where}.{side_name}.abilities[{k}]", f"unknown ability '{ability}'"
        yield from _ips_problems(catalog, f"{where}.{side_name}.ips", side.ips)


def _ips_problems(catalog: Catalog, where: str, lines: Sequence[IpsLine]) -> Iterable[Problem]:
    for k, line in enumerate(lines):
        here = f"{where}[{k}]"
        pools = [*(line.chance.dice if line.chance is not None else ())]
        if isinstance(line.effect, AddDice):
            pools.append(line.effect.dice)
        for pool in pools:
            if pool.colour not in catalog.dice:
                yield f"{here}", f"no die of colour '{pool.colour}' is defined"
        effect = line.effect
        if isinstance(effect, Reanimate):
            risen = catalog.characters.get(effect.into)
            if risen is None:
                yield f"{here}.effect.into", f"unknown character '{effect.into}'"
            elif not risen.risen:
                yield f"{here}.effect.into", f"'{effect.into}' is not a reanimated character"


def _tile_problems(catalog: Catalog, where: str, tile: TileDef) -> Iterable[Problem]:
    for k, printed in enumerate(tile.doors):
        door = catalog.doors.get(printed.door)
        if door is None:
            yield f"{where}.doors[{k}].door", f"unknown door '{printed.door}'"
            continue
        if not tile.run_fits(tile.square(printed.at), printed.side, door.width):
            yield f"{where}.doors[{k}].at", f"the large door '{door.id}' runs off the tile"
    for k, element in enumerate(tile.elements):
        yield from _ips_problems(catalog, f"{where}.elements[{k}].ips", element.ips)
    yield from _ips_problems(catalog, f"{where}.ips", tile.ips)


def _mission_problems(catalog: Catalog, where: str, mission: MissionDef) -> Iterable[Problem]:
    condition = mission.condition
    here = f"{where}.condition"
    if isinstance(condition, Eradicate) and condition.character not in catalog.characters:
        yield f"{here}.character", f"unknown character '{condition.character}'"
    if isinstance(condition, FindEquipment) and condition.equipment not in catalog.equipment:
        yield f"{here}.equipment", f"unknown equipment '{condition.equipment}'"
    if isinstance(condition, DestroyElement | HoldTile):
        tile = catalog.tiles.get(condition.tile)
        if tile is None:
            yield f"{here}.tile", f"unknown tile '{condition.tile}'"
        elif isinstance(condition, DestroyElement):
            element = next((e for e in tile.elements if e.id == condition.element), None)
            if element is None:
                yield f"{here}.element", f"tile '{tile.id}' has no element '{condition.element}'"
            elif element.defence is None:
                yield f"{here}.element", f"'{condition.element}' cannot be destroyed"
