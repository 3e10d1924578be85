"""Where a move may end (reading 67): no model or marker ends on another piece. A move is
refused when it would end on any marker (every marker is public), when a hidden unit's
marker would end on models on show, or when it would end on the mover's own side's hidden
models (its owner knows where they stand); models on show are kept apart by the geometry
itself.

Spotting comes first as a unit starts its action, so what it finds may stand where the
move was to end. Then the move is not made: the enemy the move would have run into is
revealed where it stands hidden, and the unit has not yet acted, so its owner may give it
another order."""

from __future__ import annotations

from rules.blackpowder.board import marker_model, models_of
from rules.blackpowder.events import MoveHeld
from rules.blackpowder.flow import Flow
from rules.blackpowder.lookout import reveal
from rules.blackpowder.phrasebook import say
from rules.blackpowder.state import BPState, BPUnit, Marker, Point
from rules.core.language import Phrase
from rules.geometry.measure import overlaps
from rules.geometry.pieces import Model


def counter_at(piece: str, seat: str, at: Point) -> Model:
    """A marker's counter standing at ``at``."""
    return marker_model(Marker(id=piece, seat=seat, x=at[0], y=at[1]))


def landing(
    state: BPState, piece: str, seat: str, models: tuple[Model, ...], counter: Model | None
) -> Phrase | None:
    """Why ``models`` (and the mover's marker ``counter``, if it moves under one) may not
    end where they stand, or None."""
    ending = (*models, *((counter,) if counter is not None else ()))
    for marker in state.markers:
        if marker.id == piece:
            continue
        other_counter = marker_model(marker)
        if any(overlaps(mine, other_counter) for mine in ending):
            return say("ends-on-marker", piece=piece, marker=marker.id)
    for unit in state.on_table():
        if unit.piece == piece:
            continue
        theirs = models_of(state, unit)
        if not unit.hidden and counter is not None and any(overlaps(counter, t) for t in theirs):
            return say("marker-ends-on-models", piece=piece, unit=unit.id)
        if unit.hidden and unit.seat == seat:
            for mine in models:
                other = next((t for t in theirs if overlaps(mine, t)), None)
                if other is not None:
                    return say(
                        "ends-on-own-hidden",
                        piece=piece,
                        model=mine.id,
                        other=other.id,
                        unit=unit.id,
                        marker=unit.marker or "",
                    )
    return None


def run_into(
    state: BPState, seat: str, models: tuple[Model, ...], counter: Model | None
) -> tuple[BPUnit, ...]:
    """The hidden enemy units whose models a move ending so would stand on."""
    ending = (*models, *((counter,) if counter is not None else ()))
    return tuple(
        enemy
        for enemy in state.on_table(state.enemy(seat))
        if enemy.hidden
        and any(overlaps(mine, theirs) for mine in ending for theirs in models_of(state, enemy))
    )


def found_in_the_way(
    flow: Flow,
    before: BPState,
    piece: str,
    seat: str,
    ending: tuple[Model, ...] | None,
    counter: Model | None = None,
) -> bool:
    """After the mover's spotting: whether its move, checked again (``ending``: where its
    models would end, None when the move is now refused), is stopped by what was found or
    by hidden enemies it would run into (revealed now). A stopped move is told in public
    and the mover keeps its action."""
    state = flow.state
    if ending is not None:
        hit = run_into(state, seat, ending, counter)
        if not hit:
            return False
        for enemy in hit:
            reveal(flow, enemy, f"in the way of {piece}")
        flow.emit(MoveHeld(piece=piece, blockers=tuple(e.id for e in hit)))
        return True
    side = state.enemy(seat)
    found = tuple(u.id for u in before.on_table(side) if u.hidden and not state.unit(u.id).hidden)
    flow.emit(MoveHeld(piece=piece, blockers=found))
    return True
