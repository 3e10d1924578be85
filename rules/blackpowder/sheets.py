"""Unit cards for ``/game sheet``, in English or German: the units of a game as the reader
sees them, then every unit profile of the content packs (003: troop qualities, special
rules, weapons; reading 2: the three scores).

A game's units come from the reader's view, which leaves out every enemy unit under a
hidden-movement marker: such a unit is neither listed nor shown as on the table (its
profile's card stays open to all, as content). Its owner sees it with its marker.
"""

from __future__ import annotations

from rules.blackpowder.content.cards import CardDef
from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.content.units import UnitDef
from rules.blackpowder.content.weapons import MeleeWeaponDef, RangedWeaponDef
from rules.blackpowder.phrasebook import say, word
from rules.blackpowder.seats import seat_label
from rules.blackpowder.state import BPState, BPUnit
from rules.blackpowder.view import view
from rules.core.language import Language, Phrase
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

SYSTEM = "blackpowder"
PROFILE = "profile:"
FORMATIONS = {
    "close": "close-formation",
    "loose": "loose-formation",
    "column": "column",
}


def _name(english: str, german: str, language: Language) -> str:
    return german if language is Language.GERMAN else english


def _units(state: BPState | None, viewer: Viewer) -> list[BPUnit]:
    return [] if state is None else list(view(state, viewer).units)


def _force_of(state: BPState, seat: str) -> str | None:
    return next((p.force for p in state.players if p.seat == seat), None)


def entries(
    state: BPState | None, viewer: Viewer, catalog: Catalog, language: Language
) -> list[SheetEntry]:
    found = []
    for unit in _units(state, viewer):
        assert state is not None
        profile = state.profiles[unit.profile]
        left = say("sheet-left", left=len(unit.models), starting=unit.starting).in_(language)
        found.append(
            SheetEntry.of_piece(
                unit.id,
                _name(profile.name, profile.name_de, language),
                f"{seat_label(unit.seat)} · {left}",
                unit.name,
                profile.name,
                profile.name_de,
            )
        )
    for profile in catalog.units.values():
        force = catalog.forces[catalog.unit_force[profile.id]]
        points = say("sheet-points-count", points=profile.points).in_(language)
        found.append(
            SheetEntry.of_content(
                PROFILE,
                profile.id,
                _name(profile.name, profile.name_de, language),
                f"{_name(force.name, force.name_de, language)} · "
                f"{word(profile.quality).in_(language)} · {points}",
                profile.name,
                profile.name_de,
            )
        )
    return found


def sheet(
    state: BPState | None, viewer: Viewer, key: str, catalog: Catalog, language: Language
) -> Sheet | None:
    if key.startswith(PROFILE):
        profile = catalog.units.get(key.removeprefix(PROFILE))
        if profile is None:
            return None
        owner = catalog.forces[catalog.unit_force[profile.id]]
        forced = Phrase(owner.name, owner.name_de)
        return _card(
            key,
            profile,
            forced,
            catalog.ranged_weapons,
            catalog.melee_weapons,
            owner.cards,
            language,
        )
    shown = {unit.id: unit for unit in _units(state, viewer)}
    if state is None or key not in shown:
        return None
    unit = shown[key]
    profile = state.profiles[unit.profile]
    force = catalog.forces.get(_force_of(state, unit.seat) or "")
    forced = Phrase(force.name, force.name_de) if force else Phrase(seat_label(unit.seat))
    card = _card(
        key,
        profile,
        forced,
        state.weapons,
        state.melee_weapons,
        tuple(state.cards.values()),
        language,
    )
    kind = word(profile.quality)
    subtitle = say("sheet-unit-of-side", kind=kind, force=forced, seat=seat_label(unit.seat))
    return card.in_play(
        _in_game(unit, state, language),
        title=f"{unit.id} {card.title}",
        subtitle=subtitle.in_(language),
    )


def _card(
    key: str,
    profile: UnitDef,
    force: Phrase,
    ranged: dict[str, RangedWeaponDef],
    melee: dict[str, MeleeWeaponDef],
    cards: tuple[CardDef, ...],
    language: Language,
) -> Sheet:
    def said(saying: str, **values: str | int | Phrase) -> str:
        return say(saying, **values).in_(language)

    troop_card = next((c for c in cards if c.troop_type == profile.troop_type), None)
    facts = [
        SheetRow(name=said("sheet-points"), value=str(profile.points)),
        SheetRow(name=said("sheet-models"), value=str(profile.models)),
        SheetRow(name=said("sheet-quality"), value=word(profile.quality).in_(language)),
    ]
    if troop_card is not None:
        facts.append(
            SheetRow(
                name=said("sheet-activated-by"),
                value=_name(troop_card.name, troop_card.name_de, language),
            )
        )
    stats = [
        SheetRow(name=said("sheet-shooting"), value=said("sheet-score", score=profile.shooting)),
        SheetRow(name=said("sheet-melee"), value=said("sheet-score", score=profile.melee)),
        SheetRow(name=said("sheet-defence"), value=said("sheet-score", score=profile.defence)),
    ]
    rows: list[tuple[str, ...]] = []
    for ident in profile.ranged:
        weapon = ranged.get(ident)
        if weapon is None:
            continue
        rules = ", ".join(word(r).in_(language) for r in weapon.rules) or "-"
        rows.append(
            (
                _name(weapon.name, weapon.name_de, language),
                f'{weapon.range}"',
                f"{weapon.near}+",
                f"{weapon.far}+",
                rules,
            )
        )
    melee_weapon = melee.get(profile.melee_weapon or "")
    if melee_weapon is not None:
        rows.append(
            (
                _name(melee_weapon.name, melee_weapon.name_de, language),
                word("melee").in_(language),
                "-",
                "-",
                word(melee_weapon.kind).in_(language),
            )
        )
    table = SheetTable(
        columns=(
            said("sheet-weapon"),
            said("sheet-range"),
            said("sheet-near"),
            said("sheet-far"),
            said("sheet-weapon-rules"),
        ),
        rows=tuple(rows),
    )
    special = [word(rule).in_(language) for rule in profile.special_rules]
    if profile.officer:
        special.insert(0, word("officer").in_(language))
    if profile.elite:
        special.append(word("elite").in_(language))
    if profile.vehicle is not None:
        vehicle = word("wagon") if profile.vehicle == "wagon" else say("sheet-canoe")
        special.append(f"{vehicle.in_(language)}: {said('sheet-large-target')}")
    return Sheet(
        system=SYSTEM,
        key=key,
        title=_name(profile.name, profile.name_de, language),
        subtitle=said("sheet-unit-of", kind=word(profile.quality), force=force),
        description=profile.description if language is Language.ENGLISH else "",
        facts=tuple(facts),
        sections=sections(
            section("characteristics", language, rows=stats),
            section("weapons", language, table=table),
            section("rules", language, lines=special),
        ),
        language=language,
    )


def _in_game(unit: BPUnit, state: BPState, language: Language) -> SheetSection | None:
    def said(saying: str, **values: str | int | Phrase) -> str:
        return say(saying, **values).in_(language)

    where = said("sheet-on-table") if unit.on_table else said("sheet-gone")
    if unit.marker is not None:
        where += f" ({word('hidden-movement').in_(language)}: {unit.marker})"
    rows = [
        SheetRow(name=said("sheet-where"), value=where),
        SheetRow(
            name=said("sheet-models"),
            value=said("sheet-left", left=len(unit.models), starting=unit.starting),
        ),
    ]
    formation = FORMATIONS.get(unit.formation)
    rows.append(
        SheetRow(
            name=said("sheet-formation"),
            value=word(formation).in_(language) if formation else said("sheet-open"),
        )
    )
    states = [
        word(ident).in_(language)
        for ident, held in (
            ("shaken", unit.shaken),
            ("fleeing", unit.fleeing),
            ("falling-back", unit.fallen_back),
            ("powder-smoke", unit.smoke),
        )
        if held
    ]
    if unit.spotted:
        states.append(said("sheet-spotted"))
    if states:
        rows.append(SheetRow(name=said("sheet-state"), value=", ".join(states)))
    if unit.spent:
        spent = [
            _name(w.name, w.name_de, language) if (w := state.weapons.get(i)) else i
            for i in unit.spent
        ]
        rows.append(SheetRow(name=said("sheet-must-reload"), value=", ".join(spent)))
    return section("in_game", language, rows=rows)
