"""Character cards for ``/game sheet``: the characters on the board once the packs are
revealed, then every character sheet of the content packs (source 000, "Characters",
"Equipment", "Skills").

Tannhäuser has no points: a team is three heroes and two troopers. A sheet shows its health
rows (the top row first), skills, affiliations, equipment slots and what each pack puts in
them. A game's characters come from the reader's view, which holds none until the packs
are revealed, so secret teams and packs never show; a character's card there adds its
current row, circle and the equipment it carries now.
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
from rules.tannhauser.content.catalog import Catalog
from rules.tannhauser.content.characters import PACK_KINDS, CharacterDef
from rules.tannhauser.content.equipment import EquipmentDef
from rules.tannhauser.present import view
from rules.tannhauser.state import TannhauserState
from rules.tannhauser.view import TokenView

SYSTEM = "tannhauser"
CHARACTER = "character:"


def _dash(value: int | None) -> str:
    return "-" if value is None else str(value)


def _tokens(state: TannhauserState | None, viewer: Viewer, catalog: Catalog) -> list[TokenView]:
    return [] if state is None else list(view(state, catalog, viewer).tokens)


def _side(sheet: CharacterDef, catalog: Catalog) -> str:
    if sheet.mercenary:
        loyal = catalog.factions.get(sheet.loyal_to or "")
        return f"Mercenary (loyal to {loyal.name})" if loyal else "Mercenary"
    faction = catalog.factions.get(sheet.faction or "")
    return faction.name if faction else pretty(sheet.faction or "")


def entries(state: TannhauserState | None, viewer: Viewer, catalog: Catalog) -> list[SheetEntry]:
    found = []
    for token in _tokens(state, viewer, catalog):
        where = "dead" if token.dead else (f"on {token.circle}" if token.circle else "to enter")
        found.append(
            SheetEntry(
                key=token.key,
                name=token.name,
                detail=f"{pretty(token.seat)} · {token.kind} · row {token.row + 1} of "
                f"{token.rows} · {where}",
                names=(token.short, token.character),
                in_game=True,
            )
        )
    for sheet in catalog.characters.values():
        found.append(
            SheetEntry.of_content(
                CHARACTER,
                sheet.id,
                sheet.name,
                f"{_side(sheet, catalog)} · {sheet.kind}",
            )
        )
    return found


def sheet(
    state: TannhauserState | None, viewer: Viewer, key: str, catalog: Catalog
) -> Sheet | None:
    if key.startswith(CHARACTER):
        character = catalog.characters.get(key.removeprefix(CHARACTER))
        if character is None:
            return None
        return _card(key, character, catalog, catalog.equipment)
    shown = {t.key: t for t in _tokens(state, viewer, catalog)}
    if state is None or key not in shown:
        return None
    token = shown[key]
    character = state.sheets[token.character]
    card = _card(key, character, catalog, {**catalog.equipment, **state.gear})
    return card.in_play(_in_game(token), subtitle=f"{card.subtitle} · {pretty(token.seat)}")


def _card(
    key: str, character: CharacterDef, catalog: Catalog, gear: dict[str, EquipmentDef]
) -> Sheet:
    def name(item: str) -> str:
        found = gear.get(item)
        return found.name if found else pretty(item)

    rows = SheetTable(
        columns=("Row", "Combat", "Stamina", "Mental", "Move"),
        rows=tuple(
            (str(n), _dash(r.combat), _dash(r.stamina), _dash(r.mental), str(r.movement))
            for n, r in enumerate(character.rows, start=1)
        ),
    )
    affiliations = [
        catalog.affiliations[a].name if a in catalog.affiliations else pretty(a)
        for a in character.affiliations
    ]
    packs = [SheetRow(name="Special object", value=name(character.special_object))]
    packs += [
        SheetRow(
            name=f"{kind.title()} pack",
            value=", ".join(name(i) for i in character.packs.of(kind)) or "-",
        )
        for kind in PACK_KINDS
    ]
    items = dict.fromkeys(i for kind in PACK_KINDS for i in character.pack(kind))
    weapons = [gear[i] for i in items if i in gear and (gear[i].is_weapon or gear[i].is_grenade)]
    return Sheet(
        system=SYSTEM,
        key=key,
        title=character.name,
        subtitle=f"{character.kind.title()} · {_side(character, catalog)}",
        description=character.description,
        facts=(
            SheetRow(name="Health rows", value=str(len(character.rows))),
            SheetRow(name="Equipment slots", value=str(character.slots)),
            SheetRow(name="Affiliation", value=", ".join(affiliations)),
        ),
        sections=sections(
            section("characteristics", table=rows),
            section("rules", title="Skills", lines=[pretty(s.value) for s in character.skills]),
            section("equipment", rows=packs),
            section("weapons", table=_weapons(weapons)),
        ),
    )


def _weapons(weapons: list[EquipmentDef]) -> SheetTable:
    return SheetTable(
        columns=("Weapon", "Dice", "Traits"),
        rows=tuple(
            (w.name, str(w.attack_pool) if w.is_weapon else "-", ", ".join(w.traits) or "-")
            for w in weapons
        ),
    )


def _in_game(token: TokenView) -> SheetSection | None:
    if token.dead:
        state = "dead"
    elif token.circle is None:
        state = "not on the board yet"
    else:
        state = f"on {token.circle}"
    rows = [
        SheetRow(name="Where", value=state),
        SheetRow(name="Health row", value=f"{token.row + 1} of {token.rows}"),
    ]
    if not token.dead:
        combat, stamina, mental, move = token.values
        rows.append(
            SheetRow(
                name="Now",
                value=f"Combat {_dash(combat)} · Stamina {_dash(stamina)} · "
                f"Mental {_dash(mental)} · Move {move}",
            )
        )
        rows.append(SheetRow(name="Carries", value=", ".join(token.equipment) or "nothing"))
    if token.overwatch:
        rows.append(SheetRow(name="Overwatch", value="set"))
    elif token.activated:
        rows.append(SheetRow(name="This turn", value="activated"))
    return section("in_game", rows=rows)
