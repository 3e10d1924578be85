"""Reaction tests (reading 16, 003 Reaktionstests) after ranged fire and for an enemy
morale card, and the moves they cause: falling back a full move straight away from the
enemy (reading 17) or fleeing a full move towards the own table edge (reading 18; a unit
whose flight would leave the table is lost). A full move is the unit's allowance in the
open; it stops short where the table's edge or another unit is in the way (reading 31)."""

from __future__ import annotations

import math

from rules.blackpowder.actions import ChooseReaction
from rules.blackpowder.board import (
    Piece,
    area_type,
    artillery,
    geo_unit,
    models_of,
    pieces_of,
    shown_of,
)
from rules.blackpowder.dice import face
from rules.blackpowder.events import (
    LeftMelee,
    ReactionChosen,
    ReactionTested,
    Withdrew,
)
from rules.blackpowder.firing import nearest_first
from rules.blackpowder.flow import Flow
from rules.blackpowder.losses import casualties
from rules.blackpowder.modifiers import Modifier
from rules.blackpowder.moving import enemy_near
from rules.blackpowder.state import (
    BPState,
    BPUnit,
    Marker,
    MoraleTestsStep,
    ReactionChoiceWindow,
)
from rules.blackpowder.tables.casualties import Leaving, leaving_melee
from rules.blackpowder.tables.movement import movement_allowance
from rules.blackpowder.tables.reactions import (
    OFFICER_RADIUS,
    ReactingUnit,
    after_fire_modifiers,
    common_modifiers,
    reaction_test,
)
from rules.core.frames import FrameClosed, FrameOpened
from rules.geometry.formations import centroid
from rules.geometry.measure import within
from rules.geometry.moves import plan, shifted
from rules.geometry.units import PER_INCH

STEP = PER_INCH // 4
"""Hundredths: how much shorter each try of a blocked withdrawal is."""


def reacting(state: BPState, unit: BPUnit) -> ReactingUnit:
    profile = state.profile(unit)
    own = models_of(state, unit)
    officer_near = any(
        within(mine, theirs, OFFICER_RADIUS * PER_INCH)
        for other in state.on_table(unit.seat)
        if other.id != unit.id
        and state.profile(other).officer
        and state.profile(other).troop_type == profile.troop_type
        for theirs in models_of(state, other)
        for mine in own
    )
    return ReactingUnit(
        models=len(unit.models),
        officer=profile.officer,
        officer_within_6=officer_near,
        in_close_formation=unit.formation == "close",
    )


def _covers(state: BPState, unit: BPUnit) -> list[str]:
    """The best area cover of each model ("none" outside every area)."""
    assert state.table is not None
    found = []
    for model in models_of(state, unit):
        spot = model.shape().centroid
        covers = [area_type(state, a).cover for a in state.table.areas if a.polygon.contains(spot)]
        order = ("none", "light", "medium", "hard")
        found.append(max(covers, key=order.index, default="none"))
    return found


def after_fire(
    flow: Flow, target_id: str, shooter: BPUnit, casualties: int, volley: bool = False
) -> None:
    """The target's reaction test after losing ``casualties`` models to ``shooter``'s fire."""
    state = flow.state
    target = state.unit(target_id)
    if not target.on_table:
        return
    covers = _covers(state, target)
    profile = state.profile(target)
    modifiers = (
        *common_modifiers(reacting(state, target)),
        *after_fire_modifiers(
            casualties=casualties,
            locals_in_cover=profile.has("locals") and all(c in ("light", "medium") for c in covers),
            all_in_hard_cover=all(c == "hard" for c in covers),
            volley=volley,
            shooters_unspotted=not shooter.spotted,
            artillery_or_formed_fire=artillery(state.profile(shooter))
            or shooter.formation == "close",
        ),
    )
    react(flow, target, modifiers, f"fire from {shooter.id}", away_from=shooter)


def after_morale_card(flow: Flow, side: str) -> None:
    """Every unit of ``side`` that has lost at least half its models tests (reading 5), one
    after another (a test may wait for its owner's choice)."""
    testing = tuple(
        u.id
        for u in flow.state.on_table(side)
        if u.marker is None and 2 * len(u.models) <= u.starting
    )
    if testing:
        flow.emit(FrameOpened(frame=MoraleTestsStep(side=side, units=testing)))


def morale_test(flow: Flow, step: MoraleTestsStep) -> None:
    """The next unit's test; the rest wait below any window it opens."""
    first, rest = step.units[0], step.units[1:]
    if rest:
        flow.emit(FrameOpened(frame=MoraleTestsStep(side=step.side, units=rest)))
    unit = flow.state.unit(first)
    if unit.on_table:
        side = step.side
        state = flow.state
        modifiers = common_modifiers(reacting(state, unit), morale_card=True)
        # the nearest enemy piece as the table shows it (a dummy marker too: nobody can
        # tell it from the others)
        nearest = min(
            pieces_of(state, state.enemy(side)),
            key=lambda e: min(
                math.dist(m.centre, t.centre)
                for m in models_of(state, unit)
                for t in shown_of(state, e)
            ),
            default=None,
        )
        react(flow, unit, modifiers, "an enemy morale card", away_from=nearest)


def react(
    flow: Flow,
    unit: BPUnit,
    modifiers: tuple[Modifier, ...],
    cause: str,
    away_from: Piece | None,
    melee: bool = False,
) -> None:
    """A reaction test and the move its outcome calls for; out of a ``melee`` a unit that
    falls back or flees first rolls for its losses (reading 17)."""
    state = flow.state
    rolled = face(flow.dice(1, f"{unit.id} reaction test")[0])
    reaction = reaction_test(rolled, state.profile(unit).quality, modifiers)
    flow.emit(
        ReactionTested(
            unit=unit.id,
            cause=cause,
            face=rolled,
            modifiers=tuple(m.shown() for m in modifiers),
            result=reaction.result,
            outcome=reaction.outcome,
        )
    )
    if reaction.outcome in ("fall-back", "fall-back-and-shaken") and away_from is not None:
        fall_back(flow, unit.id, away_from, melee)
    elif reaction.outcome == "flight":
        if melee and isinstance(away_from, BPUnit):
            _leave_melee(flow, unit.id, "flight", away_from)
        flee(flow, unit.id)
    elif reaction.outcome == "fall-back-or-shaken":
        away = None if away_from is None else _named(away_from)
        flow.emit(
            FrameOpened(
                frame=ReactionChoiceWindow(seat=unit.seat, unit=unit.id, away=away, melee=melee)
            )
        )


def _named(piece: Piece) -> str:
    return piece.id if isinstance(piece, Marker) else piece.piece


def fall_back(flow: Flow, unit_id: str, enemy: Piece, melee: bool = False) -> None:
    """A full move straight away from ``enemy``; out of a melee, the losses first."""
    if melee and isinstance(enemy, BPUnit):
        _leave_melee(flow, unit_id, "fall-back", enemy)
    unit = flow.state.unit(unit_id)
    if unit.on_table:
        _withdraw(flow, unit_id, "fall-back", _away(flow.state, unit, enemy))


def flee(flow: Flow, unit_id: str) -> None:
    """A full move straight towards the unit's own table edge (reading 31)."""
    state = flow.state
    unit = state.unit(unit_id)
    if unit.on_table:
        edge = 1.0 if unit.seat == state.seats[0] else -1.0
        _withdraw(flow, unit_id, "flight", (0.0, edge))


def _leave_melee(flow: Flow, unit_id: str, how: Leaving, enemy: BPUnit) -> None:
    """One die per model (003 Aus dem Kampf zurückweichen und fliehen): the models lost are
    those nearest the enemy."""
    unit = flow.state.unit(unit_id)
    if not unit.on_table:
        return
    faces = [face(r) for r in flow.dice(len(unit.models), f"{unit.id} leaves the melee")]
    losses = leaving_melee(how, faces)
    flow.emit(LeftMelee(unit=unit.id, how=how, faces=losses.faces, lost=losses.removed))
    if losses.removed:
        fallen = nearest_first(flow.state, unit, flow.state.unit(enemy.id))[: losses.removed]
        flow.emit(casualties(flow.state.unit(unit.id), fallen))


def choose(flow: Flow, seat: str, action: ChooseReaction) -> None:
    """The owner's answer on row 2: fall back straight away from the enemy, or be shaken."""
    window = flow.state.reaction_choice()
    assert window is not None and window.seat == seat
    flow.emit(
        FrameClosed(answer=action.choice),
        ReactionChosen(unit=window.unit, choice=action.choice),
    )
    state = flow.state
    unit = state.unit(window.unit)
    enemy: Piece | None = None
    if window.away is not None:
        enemy = state.by_piece(window.away) or state.dummy(window.away)
    standing = isinstance(enemy, Marker) or (enemy is not None and enemy.on_table)
    if action.choice == "fall-back" and enemy is not None and standing and unit.on_table:
        fall_back(flow, unit.id, enemy, window.melee)


def _away(state: BPState, unit: BPUnit, enemy: Piece) -> tuple[float, float]:
    ux, uy = centroid(models_of(state, unit))
    ex, ey = centroid(shown_of(state, enemy))
    length = math.hypot(ux - ex, uy - ey) or 1.0
    return (ux - ex) / length, (uy - ey) / length


def _withdraw(flow: Flow, unit_id: str, how: Leaving, direction: tuple[float, float]) -> None:
    state = flow.state
    unit = state.unit(unit_id)
    assert state.table is not None
    full = (
        movement_allowance(
            state.profile(unit).special_rules, enemy_within_24=enemy_near(state, unit)
        ).inches
        * PER_INCH
    )
    before = geo_unit(state, unit)
    others = [geo_unit(state, u) for u in state.on_table() if u.id != unit.id and not u.hidden]
    for distance in range(full, -1, -STEP):
        after = shifted(before, round(direction[0] * distance), round(direction[1] * distance))
        if not all(state.table.contains(m) for m in after.models):
            if how == "flight":
                flow.emit(Withdrew(unit=unit.id, how="flight", positions=(), distance=full))
                return
            continue
        if distance and not plan(before, after, state.table, others).ok:
            continue
        if distance:
            flow.emit(
                Withdrew(
                    unit=unit.id,
                    how=how,
                    positions=tuple(m.centre for m in after.models),
                    distance=distance,
                )
            )
        return
