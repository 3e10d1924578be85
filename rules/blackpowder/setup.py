"""Setting a game up (reading 27): the table preset, both forces, their deployment along
their own table edges (a unit out of every enemy's spotting distance goes down as a
hidden-movement marker, reading 12), the shared deck shuffled and the first hands drawn."""

from __future__ import annotations

from rules.blackpowder.board import geo_unit
from rules.blackpowder.content.terrain import TableDef
from rules.blackpowder.events import (
    BattleSet,
    DeckFormed,
    Deployed,
    ForcesMustered,
    HiddenDeployed,
    MarkerPlaced,
    MusteredUnit,
)
from rules.blackpowder.flow import Flow
from rules.blackpowder.fold import evolve
from rules.blackpowder.seats import marker_id, unit_letter
from rules.blackpowder.sighting import seen_by_enemy
from rules.blackpowder.state import BPState, Obstacle, Point
from rules.blackpowder.turns import begin_turn
from rules.core.visibility import only
from rules.geometry.formations import arrange, centroid
from rules.geometry.pieces import Area, Height, Table, Terrain
from rules.geometry.units import PER_INCH, inches

EDGE_DEPTH = 4 * PER_INCH
"""How far from its own table edge a unit's centre is set down."""
SPACING = PER_INCH // 2
"""The gap between the bases of a deployed unit: half an inch."""


def set_up(flow: Flow) -> None:
    _lay_table(flow)
    _muster(flow)
    _deploy(flow)
    _form_deck(flow)
    begin_turn(flow, 1)


def _pt(point: tuple[float, float]) -> Point:
    return inches(point[0]), inches(point[1])


def _lay_table(flow: Flow) -> None:
    preset: TableDef = flow.catalog.tables[flow.state.options.table]
    kinds = flow.catalog.terrain_types
    areas: list[Area] = []
    obstacles: list[Obstacle] = []
    used: set[str] = set()
    for piece in preset.pieces:
        kind = kinds[piece.type]
        used.add(kind.id)
        points = tuple(_pt(p) for p in piece.points)
        if kind.form == "obstacle":
            obstacles.append(
                Obstacle(id=piece.id, type=kind.id, name=piece.name or kind.name, points=points)
            )
            continue
        going = Terrain.CLEAR if kind.going == "open" else Terrain.DIFFICULT
        height = Height.TALL if kind.height == "high" else Height.LOW
        areas.append(Area(id=piece.id, points=points, classes=(going,), height=height))
    table = Table(width=preset.width * PER_INCH, depth=preset.depth * PER_INCH, areas=tuple(areas))
    flow.emit(
        BattleSet(
            table_id=preset.id,
            table=table,
            terrain={p.id: p.type for p in preset.pieces if kinds[p.type].form == "area"},
            terrain_types=tuple(kinds[k] for k in sorted(used)),
            obstacles=tuple(obstacles),
        )
    )


def _muster(flow: Flow) -> None:
    state = flow.state
    options = state.options
    forces = dict(zip(state.seats, (options.first_force, options.second_force), strict=True))
    units: list[MusteredUnit] = []
    profiles = {}
    for seat, force_id in forces.items():
        force = flow.catalog.forces[force_id]
        own = {u.id: u for u in force.units}
        for number, profile_id in enumerate(force.muster, start=1):
            profile = own[profile_id]
            profiles[profile.id] = profile
            units.append(
                MusteredUnit(
                    id=f"{unit_letter(seat)}{number}",
                    seat=seat,
                    profile=profile.id,
                    models=profile.models,
                )
            )
    weapons = sorted({w for p in profiles.values() for w in p.ranged})
    flow.emit(
        ForcesMustered(
            forces=forces,
            profiles=tuple(profiles[k] for k in sorted(profiles)),
            weapons=tuple(flow.catalog.ranged_weapons[w] for w in weapons),
            units=tuple(units),
            melee_weapons=tuple(
                flow.catalog.melee_weapons[w]
                for w in sorted({p.melee_weapon for p in profiles.values() if p.melee_weapon})
            ),
        )
    )


def _deploy(flow: Flow) -> None:
    """The first seat along the bottom edge, the second along the top, each unit in a
    block facing the enemy; then every unit no enemy unit spots goes under a marker."""
    state = flow.state
    assert state.table is not None
    placed: list[Deployed] = []
    for row, seat in enumerate(state.seats):
        own = state.on_table(seat)
        facing = (0.0, -1.0) if row == 0 else (0.0, 1.0)
        y = state.table.depth - EDGE_DEPTH if row == 0 else EDGE_DEPTH
        for slot, unit in enumerate(own):
            x = (2 * slot + 1) * state.table.width // (2 * len(own))
            block = arrange(geo_unit(state, unit), "blob", (x, y), facing=facing, spacing=SPACING)
            placed.append(Deployed(unit=unit.id, positions=tuple(m.centre for m in block.models)))
    trial: BPState = state
    for event in placed:
        trial = evolve(trial, event)
    markers: dict[str, int] = {}
    for event in placed:
        unit = trial.unit(event.unit)
        if seen_by_enemy(trial, unit):
            flow.emit(event)
            continue
        markers[unit.seat] = markers.get(unit.seat, 0) + 1
        marker = marker_id(unit.seat, markers[unit.seat])
        at = centroid(geo_unit(trial, unit).models)
        flow.emit(
            MarkerPlaced(marker=marker, seat=unit.seat, at=at),
            HiddenDeployed(
                unit=unit.id, marker=marker, positions=event.positions, visibility=only(unit.seat)
            ),
        )


def _form_deck(flow: Flow) -> None:
    cards = {}
    owners = {}
    state = flow.state
    for player in state.players:
        fielded = {state.profile(u).troop_type for u in state.on_table(player.seat)}
        copies: dict[str, int] = {}
        for card in flow.catalog.forces[player.force].deck():
            if card.troop_type is not None and card.troop_type not in fielded:
                continue  # one troop card per troop type the force fields (reading 3)
            copies[card.id] = copies.get(card.id, 0) + 1
            key = card.id if copies[card.id] == 1 else f"{card.id}#{copies[card.id]}"
            cards[key] = card
            owners[key] = player.seat
    flow.emit(DeckFormed(cards=cards, owners=owners))
