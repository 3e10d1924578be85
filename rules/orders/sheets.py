"""Character cards for ``/game sheet``: the characters of a game, then every character
card of the content packs ([07.1] Healthy and Wounded sides, [14] special abilities).

The game's characters come from the reader's view: while markers lie face down (the
deployment) it places no character on a square, so a card never tells which marker is
which. The order-tile game has no points; a card shows both sides of the character, its
abilities, and in a game its condition, wounds, square, facing and what it carries.
"""

from __future__ import annotations

from rules.core.names import pretty
from rules.core.sheets import (
    Sheet,
    SheetEntry,
    SheetRow,
    SheetSection,
    SheetTable,
    section,
    sections,
)
from rules.core.visibility import Viewer
from rules.grid.squares import square_name
from rules.orders.content.abilities import AbilityDef
from rules.orders.content.catalog import Catalog
from rules.orders.content.characters import CharacterDef, CharacterSide, CombatDice
from rules.orders.content.equipment import EquipmentDef
from rules.orders.seats import seat_label
from rules.orders.state import Fighter, OrdersState
from rules.orders.view import view

SYSTEM = "orders"
CHARACTER = "character:"
CONDITIONS = {
    "healthy": "Healthy side up",
    "wounded": "Wounded side up",
    "dead": "dead",
    "captured": "captured",
    "exited": "left the complex",
}


def _fighters(state: OrdersState | None, viewer: Viewer) -> list[Fighter]:
    return [] if state is None else list(view(state, viewer).fighters)


def _faction(catalog: Catalog, character: str) -> str:
    faction = catalog.factions.get(catalog.character_faction.get(character) or "")
    return faction.name if faction else "Mercenary"


def entries(state: OrdersState | None, viewer: Viewer, catalog: Catalog) -> list[SheetEntry]:
    found = [
        SheetEntry.of_piece(
            fighter.id,
            fighter.name,
            f"{seat_label(fighter.seat)} · {CONDITIONS.get(fighter.condition, '')}",
            fighter.character,
        )
        for fighter in _fighters(state, viewer)
    ]
    for character in catalog.characters.values():
        if character.risen:
            continue  # raised only by reanimation: never a card a player picks
        found.append(
            SheetEntry.of_content(
                CHARACTER,
                character.id,
                character.name,
                _faction(catalog, character.id),
            )
        )
    return found


def sheet(state: OrdersState | None, viewer: Viewer, key: str, catalog: Catalog) -> Sheet | None:
    if key.startswith(CHARACTER):
        character = catalog.characters.get(key.removeprefix(CHARACTER))
        if character is None:
            return None
        return _card(key, character, catalog.abilities, _faction(catalog, character.id))
    shown = {f.id: f for f in _fighters(state, viewer)}
    if state is None or key not in shown:
        return None
    fighter = shown[key]
    character = state.characters[fighter.character]
    card = _card(key, character, catalog.abilities, _faction(catalog, character.id))
    return card.in_play(
        _in_game(fighter, state.equipment),
        title=f"{fighter.id} {fighter.name}",
        subtitle=f"{card.subtitle} · {seat_label(fighter.seat)}",
    )


def _dice(dice: CombatDice) -> str:
    return f"{dice.dice}" + (f" +{dice.auto_hits}" if dice.auto_hits else "")


def _values(side: CharacterSide) -> tuple[str, ...]:
    return (
        str(side.movement),
        str(side.max_cp),
        f"{_dice(side.combat.front)} / {_dice(side.combat.flank)} / {_dice(side.combat.rear)}",
        str(side.shooting),
        str(side.armor),
        str(side.search),
        str(side.life_points),
        str(side.weight),
        str(side.bonus_cp) if side.bonus_cp else "-",
    )


LABELS = (
    "Movement",
    "Max CP",
    "Combat front/flank/rear",
    "Shooting",
    "Armor",
    "Search",
    "Life points",
    "Weight",
    "Bonus CP",
)


def _card(
    key: str, character: CharacterDef, abilities: dict[str, AbilityDef], faction: str
) -> Sheet:
    healthy, wounded = _values(character.healthy), _values(character.wounded)
    table = SheetTable(
        columns=("", "Healthy", "Wounded"),
        rows=tuple(zip(LABELS, healthy, wounded, strict=True)),
    )
    rules = []
    for ability in dict.fromkeys((*character.healthy.abilities, *character.wounded.abilities)):
        known = abilities.get(ability)
        where = "" if ability in character.wounded.abilities else " (Healthy side only)"
        rules.append(
            SheetRow(
                name=(known.name if known else pretty(ability)) + where,
                value=known.description if known else "",
            )
        )
    facts = [SheetRow(name="Faction", value=faction)]
    if character.large:
        facts.append(SheetRow(name="Large", value="2 x 2 squares"))
    return Sheet(
        system=SYSTEM,
        key=key,
        title=character.name,
        subtitle=f"Character · {faction}",
        description=character.description,
        facts=tuple(facts),
        sections=sections(
            section("characteristics", table=table),
            section("rules", title="Special abilities", rows=rules),
        ),
    )


def _in_game(fighter: Fighter, equipment: dict[str, EquipmentDef]) -> SheetSection | None:
    rows = [
        SheetRow(name="Condition", value=CONDITIONS.get(fighter.condition, fighter.condition)),
        SheetRow(name="Wounds", value=str(fighter.wounds)),
    ]
    if fighter.square is not None:
        where = f"{square_name(fighter.square)}, facing {fighter.facing.value}"
        rows.append(SheetRow(name="Square", value=where))
    carried = [equipment[i].name if i in equipment else pretty(i) for i in fighter.equipment]
    rows.append(SheetRow(name="Carries", value=", ".join(carried) or "nothing"))
    if fighter.captor is not None:
        rows.append(SheetRow(name="Prisoner of", value=fighter.captor))
    if fighter.engaged:
        rows.append(SheetRow(name="Close combat", value="engaged"))
    return section("in_game", rows=rows)
