"""Unit cards for ``/game sheet``: the units of a game once the forces are revealed, then
every unit profile of the content packs (001: SH, AS, T, ML, range bands).

Forces stay secret until all are chosen, and the reader's view holds no unit before
then, so the list offers the packs' profiles alone. A unit's card in a game adds its
models left, its order and its state.
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
from rules.squad.content.catalog import Catalog
from rules.squad.content.units import ABILITIES, UnitDef
from rules.squad.content.weapons import BAND_LIMIT_INCHES, BANDS, WeaponDef
from rules.squad.seats import seat_label
from rules.squad.state import SquadState, SUnit
from rules.squad.view import view

SYSTEM = "squad"
PROFILE = "profile:"
STATUS = {
    "reserve": "not deployed yet",
    "table": "on the table",
    "destroyed": "destroyed",
    "routed": "routed",
}
BAND_HEADINGS = tuple(f'≤{BAND_LIMIT_INCHES[name]}"' for name in BANDS)


def _units(state: SquadState | None, viewer: Viewer) -> list[SUnit]:
    return [] if state is None else list(view(state, viewer).units)


def entries(state: SquadState | None, viewer: Viewer, catalog: Catalog) -> list[SheetEntry]:
    found = [
        SheetEntry.of_piece(
            unit.id,
            unit.name,
            f"{seat_label(unit.seat)} · {len(unit.living)} of {len(unit.models)} models"
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
                f"{faction.name} · {profile.kind} · {profile.points} points",
            )
        )
    return found


def sheet(state: SquadState | None, viewer: Viewer, key: str, catalog: Catalog) -> Sheet | None:
    if key.startswith(PROFILE):
        profile = catalog.units.get(key.removeprefix(PROFILE))
        if profile is None:
            return None
        faction = catalog.factions[catalog.unit_faction[profile.id]]
        return _card(key, profile, catalog.weapons, faction.name)
    shown = {unit.id: unit for unit in _units(state, viewer)}
    if state is None or key not in shown:
        return None
    unit = shown[key]
    card = _card(key, state.profile(unit), state.weapons, seat_label(unit.seat))
    return card.in_play(_in_game(unit, state.profile(unit)), title=f"{unit.id} {unit.name}")


def _card(key: str, profile: UnitDef, weapons: dict[str, WeaponDef], owner: str) -> Sheet:
    stats = [
        SheetRow(name="Move", value=f'{profile.move}"'),
        SheetRow(name="SH", value=str(profile.sh)),
        SheetRow(name="AS", value=str(profile.assault)),
        SheetRow(name="T", value=str(profile.toughness)),
        SheetRow(name="ML", value=str(profile.morale)),
        SheetRow(name="Size", value=str(profile.size)),
    ]
    if profile.kind == "individual":
        stats.append(SheetRow(name="Wounds", value=str(profile.wounds)))
    carried = [weapons[w] for w in profile.weapons if w in weapons]
    table = SheetTable(
        columns=("Weapon", *BAND_HEADINGS, "CC", "Shots"),
        rows=tuple(_weapon_row(w) for w in carried),
    )
    return Sheet(
        system=SYSTEM,
        key=key,
        title=profile.name,
        subtitle=f"{profile.kind.title()} · {owner}",
        description=profile.description,
        facts=(
            SheetRow(name=POINTS.english, value=str(profile.points)),
            SheetRow(name="Models", value=str(profile.models)),
            SheetRow(name="Base", value=f"{profile.base_mm} mm"),
        ),
        sections=sections(
            section("characteristics", rows=stats),
            section("weapons", table=table),
            section(
                "rules",
                rows=[
                    SheetRow(name=a.replace("_", " ").title(), value=ABILITIES[a])
                    for a in profile.abilities
                ],
            ),
        ),
    )


def _weapon_row(weapon: WeaponDef) -> tuple[str, ...]:
    bands = tuple(str(s) if (s := weapon.strength(b)) else "-" for b in BANDS)
    return (weapon.name, *bands, str(weapon.cc) if weapon.cc else "-", str(weapon.shots))


def _in_game(unit: SUnit, profile: UnitDef) -> SheetSection | None:
    rows = [
        SheetRow(name="Status", value=STATUS.get(unit.status, unit.status)),
        SheetRow(name="Models", value=f"{len(unit.living)} of {len(unit.models)} left"),
    ]
    if profile.kind == "individual" and unit.living:
        rows.append(
            SheetRow(name="Wounds", value=f"{unit.living[0].wounds} of {profile.wounds} left")
        )
    if unit.order is not None:
        rows.append(SheetRow(name="Order", value=unit.order))
    if unit.activated:
        rows.append(SheetRow(name="This turn", value="activated"))
    if unit.holding:
        rows.append(SheetRow(name="Hold", value="reaction ready"))
    if unit.panicked:
        rows.append(SheetRow(name="Morale", value="panicked"))
    return section("in_game", rows=rows)
