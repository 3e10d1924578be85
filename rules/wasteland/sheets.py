"""Unit cards for ``/game sheet``: the units of a game once the army lists are revealed,
then every unit profile of the content packs (004 Models, Units, Weapons).

A game's units come from the reader's view: before the reveal it holds no unit (drafts
are secret), so the list offers the packs' profiles alone. A unit's card shows its
profile as played (rules gained in play included), its points, and what it has left.
"""

from __future__ import annotations

from rules.core.sheets import (
    POINTS,
    Sheet,
    SheetEntry,
    SheetRow,
    SheetSection,
    SheetTable,
    section,
    sections,
)
from rules.core.visibility import Viewer
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.seats import seat_label
from rules.wasteland.state import WastelandState, WUnit
from rules.wasteland.view import UnitView, view

SYSTEM = "wasteland"
PROFILE = "profile:"
STATUS = {
    "reserve": "in reserve",
    "table": "on the table",
    "embarked": "embarked",
    "ambush": "waiting in ambush",
    "destroyed": "destroyed",
    "evacuated": "evacuated",
    "deserted": "deserted",
}


def _units(state: WastelandState | None, viewer: Viewer) -> list[UnitView]:
    return [] if state is None else list(view(state, viewer).units)


def entries(state: WastelandState | None, viewer: Viewer, catalog: Catalog) -> list[SheetEntry]:
    found = [
        SheetEntry.of_piece(
            unit.id,
            unit.name,
            f"{seat_label(unit.seat)} · {len(unit.models)} of {unit.starting} models"
            f" · {STATUS.get(unit.status, unit.status)}",
        )
        for unit in _units(state, viewer)
    ]
    for profile in catalog.units.values():
        faction = catalog.factions[catalog.unit_faction[profile.id]]
        found.append(
            SheetEntry.of_content(
                PROFILE,
                profile.id,
                profile.name,
                f"{faction.name} · {profile.type} · {profile.points} points a model",
            )
        )
    return found


def sheet(state: WastelandState | None, viewer: Viewer, key: str, catalog: Catalog) -> Sheet | None:
    if key.startswith(PROFILE):
        profile = catalog.units.get(key.removeprefix(PROFILE))
        if profile is None:
            return None
        faction = catalog.factions[catalog.unit_faction[profile.id]]
        models = (
            str(profile.min_models)
            if profile.min_models == profile.max_models
            else f"{profile.min_models}-{profile.max_models}"
        )
        return _card(
            key, profile, catalog.weapons, faction.name, f"{profile.points} a model", models
        )
    shown = {unit.id: unit for unit in _units(state, viewer)}
    if state is None or key not in shown:
        return None
    unit = state.units[key]
    profile = profile_in_play(state, unit)
    card = _card(
        key, profile, state.weapons, seat_label(unit.seat), str(unit.cost), str(unit.starting)
    )
    return card.in_play(_in_game(state, unit, shown[key], profile), title=f"{unit.id} {unit.name}")


def _card(
    key: str,
    profile: UnitDef,
    weapons: dict[str, WeaponDef],
    owner: str,
    points: str,
    models: str,
) -> Sheet:
    facts = (
        SheetRow(name=POINTS.english, value=points),
        SheetRow(name="Models", value=models),
    )
    stats = (
        SheetRow(name="Move", value=f'{profile.move}"'),
        SheetRow(name="Will", value=f"{profile.will}+"),
        SheetRow(name="Life", value=f"{profile.life}+"),
        SheetRow(name="Base", value=f"{profile.base_mm} mm"),
        SheetRow(name="Height", value=profile.height),
    )
    carried = [weapons[w] for w in profile.weapons if w in weapons]
    table = SheetTable(
        columns=("Weapon", "Range", "Hit", "Damage", "Rules"),
        rows=tuple(_weapon_row(w) for w in carried),
    )
    return Sheet(
        system=SYSTEM,
        key=key,
        title=profile.name,
        subtitle=f"{profile.type.title()} unit · {owner}",
        description=profile.description,
        facts=facts,
        sections=sections(
            section("characteristics", rows=stats),
            section("weapons", table=table),
            section("rules", lines=[r.label() for r in profile.rules]),
        ),
    )


def _weapon_row(weapon: WeaponDef) -> tuple[str, ...]:
    if weapon.range is None:
        reach = "melee"
    elif weapon.min_range:
        reach = f'{weapon.min_range}-{weapon.range}"'
    else:
        reach = f'{weapon.range}"'
    return (
        weapon.name,
        reach,
        "auto" if weapon.autohit else f"{weapon.hit}+",
        str(weapon.damage) if weapon.damage else "-",
        ", ".join(r.label() for r in weapon.rules) or "-",
    )


def _in_game(
    state: WastelandState, unit: WUnit, shown: UnitView, profile: UnitDef
) -> SheetSection | None:
    rows = [
        SheetRow(name="Status", value=STATUS.get(shown.status, shown.status)),
        SheetRow(name="Models", value=f"{len(shown.models)} of {shown.starting} left"),
    ]
    hurt = [m for m in shown.models if profile.value("tough") and m.wounds > 0]
    if hurt:
        rows.append(SheetRow(name="Wounds", value=", ".join(f"{m.id} {m.wounds}" for m in hurt)))
    if shown.markers:
        rows.append(SheetRow(name="Suppression markers", value=str(shown.markers)))
    if shown.activated and shown.status == "table":
        rows.append(SheetRow(name="This round", value="activated"))
    if unit.broken_weapons:
        broken = [state.weapons[w].name if w in state.weapons else w for w in unit.broken_weapons]
        rows.append(SheetRow(name="Destroyed weapons", value=", ".join(broken)))
    if unit.low_ammo:
        rows.append(SheetRow(name="Low on ammunition", value=str(unit.low_ammo)))
    return section("in_game", rows=rows)
