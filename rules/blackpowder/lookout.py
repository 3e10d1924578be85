"""When spotting is checked (reading 11): a unit starting an action spots every enemy unit
it can (a marker so spotted is replaced by its unit's models, or taken away when it hides
none, reading 12); at the end of every action a spotted unit out of every enemy's spotting
distance is spotted no more."""

from __future__ import annotations

from rules.blackpowder.board import Piece
from rules.blackpowder.events import DummyFound, LostSight, Revealed, Spotted
from rules.blackpowder.flow import Flow
from rules.blackpowder.sighting import seen_by_enemy, spots, spotting
from rules.blackpowder.state import BPUnit, Marker
from rules.geometry.units import PER_INCH


def reveal(flow: Flow, unit: BPUnit, why: str) -> None:
    """``unit``'s hidden-movement marker, if it has one, is replaced by its models
    (reading 12); ``why`` says what gave it away."""
    if unit.marker is None:
        return
    flow.emit(
        Revealed(
            marker=unit.marker,
            unit=unit.id,
            positions=tuple((m.x, m.y) for m in unit.models),
            why=why,
        )
    )


def look_out(flow: Flow, spotter: Piece) -> None:
    """``spotter`` (a unit, or a dummy marker) starts an action: every enemy unit it spots
    is spotted, and every enemy dummy marker it spots is found out and taken away."""
    state = flow.state
    enemy_seat = state.enemy(spotter.seat)
    name = spotter.id if isinstance(spotter, Marker) else spotter.piece
    hidden = isinstance(spotter, Marker) or spotter.hidden
    for enemy in state.on_table(enemy_seat):
        if enemy.spotted:
            continue
        found = spotting(flow.state, spotter, enemy)
        if found is None or not found.spotted:
            continue
        reveal(flow, enemy, f"spotted by {name}")
        if hidden:
            # a hidden spotter's distance, column and special rules would tell where its
            # models stand and what they are: only that it spotted is said
            flow.emit(Spotted(spotter=name, unit=enemy.id, distance=None, reach=None))
            continue
        flow.emit(
            Spotted(
                spotter=name,
                unit=enemy.id,
                distance=round(found.distance * PER_INCH),
                reach=found.reach,
                modifiers=tuple(m.shown() for m in found.modifiers),
            )
        )
    for dummy in state.dummies_of(enemy_seat):
        if spots(flow.state, spotter, dummy):
            flow.emit(DummyFound(marker=dummy.id, spotter=name))


def lose_sight(flow: Flow) -> None:
    """The end of an action: spotted units no enemy spots any more."""
    for unit in flow.state.on_table():
        if unit.spotted and not seen_by_enemy(flow.state, unit):
            flow.emit(LostSight(unit=unit.id))
