"""Setting a game up (readings 27 and 64): the scenario, its table preset, both forces,
their deployment in the scenario's zones or along their own table edges (a unit out of
every enemy's spotting distance, or every unit of a side the scenario hides, goes down as
a hidden-movement marker, dealt to the hidden places by a secret draw, reading 12), the
shared deck shuffled and the first hands drawn."""

from __future__ import annotations

from rules.blackpowder.board import geo_unit
from rules.blackpowder.content.terrain import TableDef
from rules.blackpowder.events import (
    BattleSet,
    DeckFormed,
    Deployed,
    DummiesPlaced,
    ForcesMustered,
    HiddenDeployed,
    MarkersPlaced,
    MusteredUnit,
    PlacedMarker,
)
from rules.blackpowder.flow import Flow
from rules.blackpowder.fold import evolve
from rules.blackpowder.lots import secret_order
from rules.blackpowder.scenarios import (
    along_x,
    choose_scenario,
    deploys_hidden,
    spots_in,
    table_id,
    zone_length,
)
from rules.blackpowder.seats import marker_id, seat_label, unit_letter
from rules.blackpowder.sighting import seen_by_enemy
from rules.blackpowder.state import BPState, BPUnit, Obstacle, Point
from rules.blackpowder.turns import begin_turn
from rules.core.visibility import only
from rules.geometry.formations import arrange
from rules.geometry.pieces import Area, Height, Table, Terrain
from rules.geometry.units import PER_INCH, inches

SPACING = PER_INCH // 2
"""The gap between the bases of a deployed unit: half an inch."""


def set_up(flow: Flow) -> None:
    choose_scenario(flow)
    _lay_table(flow)
    _muster(flow)
    _deploy(flow)
    _form_deck(flow)
    begin_turn(flow, 1)


def _pt(point: tuple[float, float]) -> Point:
    return inches(point[0]), inches(point[1])


def _lay_table(flow: Flow) -> None:
    preset: TableDef = flow.catalog.tables[table_id(flow.state)]
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
    """Each seat in its zone (without one: the first along the bottom edge, the second
    along the top), each unit in a block facing the enemy; then every unit no enemy unit
    spots, and every unit of a side that deploys hidden, goes under a marker, and a side
    that deploys hidden adds its dummy markers on places of their own.

    Which hidden unit (or dummy) stands at which of the hidden places is drawn in secret
    (referee dice), the markers stand on the places themselves and are numbered along the
    zone, and the units on show are told first, every side's markers after them: nothing
    public depends on which unit a marker hides, or whether it hides one (reading 12)."""
    state = flow.state
    assert state.table is not None
    places: dict[str, Point] = {}
    spare: dict[str, list[Point]] = {}
    placed: list[Deployed] = []
    for seat in state.seats:
        own = state.on_table(seat)
        spots = spots_in(state, seat, len(own) + _dummies(state, seat, own))
        deep = deploys_hidden(state, seat)
        for unit, spot in zip(own, spots, strict=False):
            places[unit.id] = spot
            placed.append(Deployed(unit=unit.id, positions=_block(state, unit, spot, deep)))
        spare[seat] = spots[len(own) :]
    trial: BPState = state
    for event in placed:
        trial = evolve(trial, event)
    hidden: dict[str, list[str]] = {seat: [] for seat in state.seats}
    for event in placed:
        unit = trial.unit(event.unit)
        if not deploys_hidden(trial, unit.seat) and seen_by_enemy(trial, unit):
            flow.emit(event)
        else:
            hidden[unit.seat].append(unit.id)
    for seat in state.seats:
        spots = sorted([*(places[u] for u in hidden[seat]), *spare[seat]])
        if spots:
            _hide(flow, seat, hidden[seat], len(spare[seat]), spots)


def _dummies(state: BPState, seat: str, own: tuple[BPUnit, ...]) -> int:
    """How many dummy markers the seat puts down: the option's number for a side that
    deploys hidden, as many of them as leave each place as wide as its widest block and
    a quarter of an inch more (reading 12)."""
    if not own or not deploys_hidden(state, seat):
        return 0
    widest = 0
    for unit in own:
        models = _block(state, unit, (0, 0), deep=True)
        radius = geo_unit(state, unit).models[0].radius
        reach = [m[0] if along_x(state, seat) else m[1] for m in models]
        widest = max(widest, max(reach) - min(reach) + 2 * radius)
    room = zone_length(state, seat) // (widest + SPACING // 2)
    return max(0, min(state.options.dummies, room - len(own)))


def _block(state: BPState, unit: BPUnit, spot: Point, deep: bool = False) -> tuple[Point, ...]:
    """The unit's models in an open block around ``spot``, facing the enemy's edge; a side
    that deploys hidden stands in deep blocks (its front along its line of places), so its
    places, and its dummies' among them, lie closer together."""
    first = unit.seat == state.seats[0]
    facing = (1.0, 0.0) if deep else (0.0, -1.0) if first else (0.0, 1.0)
    block = arrange(geo_unit(state, unit), "blob", spot, facing=facing, spacing=SPACING)
    return tuple(m.centre for m in block.models)


def _hide(flow: Flow, seat: str, units: list[str], dummies: int, spots: list[Point]) -> None:
    """The seat's hidden units and dummies dealt to its hidden places by a secret draw; a
    marker on each place, numbered in the places' order along the zone."""
    pieces: list[str | None] = [*units, *[None] * dummies]
    dealt = secret_order(flow, pieces, f"placing {seat_label(seat)}'s hidden units")
    markers = [marker_id(seat, n) for n in range(1, len(spots) + 1)]
    flow.emit(
        MarkersPlaced(
            seat=seat,
            markers=tuple(
                PlacedMarker(marker=m, at=at) for m, at in zip(markers, spots, strict=True)
            ),
        )
    )
    empty = []
    for marker, spot, unit_id in zip(markers, spots, dealt, strict=True):
        if unit_id is None:
            empty.append(marker)
            continue
        unit = flow.state.unit(unit_id)
        flow.emit(
            HiddenDeployed(
                unit=unit_id,
                marker=marker,
                positions=_block(flow.state, unit, spot, deploys_hidden(flow.state, seat)),
                visibility=only(seat),
            )
        )
    if empty:
        flow.emit(DummiesPlaced(seat=seat, markers=tuple(empty), visibility=only(seat)))


def _form_deck(flow: Flow) -> None:
    cards = {}
    owners = {}
    state = flow.state
    copies: dict[str, int] = {}  # across both forces: a mirror match's cards stay apart
    for player in state.players:
        fielded = {state.profile(u).troop_type for u in state.on_table(player.seat)}
        for card in flow.catalog.forces[player.force].deck():
            if card.troop_type is not None and card.troop_type not in fielded:
                continue  # one troop card per troop type the force fields (reading 3)
            copies[card.id] = copies.get(card.id, 0) + 1
            key = card.id if copies[card.id] == 1 else f"{card.id}#{copies[card.id]}"
            cards[key] = card
            owners[key] = player.seat
    flow.emit(DeckFormed(cards=cards, owners=owners))
