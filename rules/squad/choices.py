"""What a seat may do now, for ``/act`` suggestions, buttons and DM menus: only what the
rules would accept (units, orders, targets in sight with their range, reachable enemies)."""

from __future__ import annotations

from rules.core.choices import ActionChoice
from rules.geometry.units import PER_INCH, show
from rules.squad.bodies import engaged_with, in_combat, unit_gap
from rules.squad.combat import reaches
from rules.squad.content.catalog import Catalog
from rules.squad.deployment import free_spot, reserves
from rules.squad.forces import force_points
from rules.squad.offered_moves import offered_moves
from rules.squad.seats import seat_label
from rules.squad.shooting import nearest
from rules.squad.state import AllocateWindow, SquadState, SUnit
from rules.squad.turns import sides_left


def legal(state: SquadState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    if state.finished or seat not in state.seats_in_play():
        return []
    if state.phase == "forces":
        return _forces(state, catalog)
    if state.phase == "deployment":
        return _deploy(state, seat) if state.deploying == seat else []
    window = state.waiting_window()
    if window is not None:
        if window.seat != seat:
            return []
        if isinstance(window, AllocateWindow):
            return _allocate(state, window)
        return [
            ActionChoice(
                notation="first me" if s == seat else f"first {s}",
                label=f"{seat_label(s)} activates first",
            )
            for s in sides_left(state)
        ]
    if state.activation is not None:
        unit = state.unit(state.activation.unit)
        return _follow_up(state, unit) if unit.seat == seat else []
    if state.to_act != seat:
        return []
    found: list[ActionChoice] = []
    for unit in state.on_table(seat):
        if not unit.activated:
            found.extend(_orders(state, unit))
    return found


def _forces(state: SquadState, catalog: Catalog) -> list[ActionChoice]:
    limit = state.options.points
    return [
        ActionChoice(
            notation=f"force {force.id}",
            label=f"{force.name} — {points} of {limit} points ({faction.name})",
            description=force.description[:100],
            private=True,
        )
        for faction in catalog.factions.values()
        for force in faction.forces
        if (points := force_points(catalog, force.units)) <= limit
    ]


def _deploy(state: SquadState, seat: str) -> list[ActionChoice]:
    found = []
    for unit in reserves(state, seat):
        if free_spot(state, unit) is not None:
            found.append(
                ActionChoice(notation=f"deploy {unit.id}", label=f"Deploy {unit.id} {unit.name}")
            )
        found.append(
            ActionChoice(
                notation=f"deploy {unit.id} at ",
                label=f"Deploy {unit.id} at a point (x,y inches)",
                complete=False,
            )
        )
    return found


def _allocate(state: SquadState, window: AllocateWindow) -> list[ActionChoice]:
    target = state.unit(window.target)
    numbers = ", ".join(m.id for m in reversed(target.living))
    return [
        ActionChoice(notation="allocate closest", label="The models closest to the shooters"),
        ActionChoice(notation=f"allocate {numbers}", label="The last-numbered models first"),
        ActionChoice(notation="allocate ", label="Name the models in order", complete=False),
    ]


def _orders(state: SquadState, unit: SUnit) -> list[ActionChoice]:
    label = f"{unit.id} {unit.name}"
    if in_combat(state, unit):
        return [
            ActionChoice(
                notation=f"assault {unit.id} {enemy.id}",
                label=f"{label}: fight on against {enemy.id}",
            )
            for enemy in engaged_with(state, unit)
        ]
    found: list[ActionChoice] = []
    # a panicked unit rallies first; the orders are offered as they would be after a rally
    for seen in nearest(state, unit):
        found.append(
            ActionChoice(
                notation=f"shoot {unit.id} at {seen.target.id}",
                label=f"{label}: shoot {seen.target.id} ({show(seen.gap)})",
            )
        )
    for enemy in _reachable(state, unit):
        found.append(
            ActionChoice(
                notation=f"assault {unit.id} {enemy.id}", label=f"{label}: assault {enemy.id}"
            )
        )
    found.append(ActionChoice(notation=f"hold {unit.id}", label=f"{label}: hold"))
    for rush in (False, True):
        word = "rush" if rush else "move"
        for move in offered_moves(state, unit, rush):
            found.append(
                ActionChoice(
                    notation=move.notation,
                    label=f"{label}: {word} {show(move.distance)} "
                    + ("towards " if move.straight else "aside, on the way round to ")
                    + move.goal,
                )
            )
        found.append(
            ActionChoice(
                notation=f"{word} {unit.id} to ",
                label=f"{label}: {word} to a point (x,y inches)",
                complete=False,
            )
        )
    return found


def _follow_up(state: SquadState, unit: SUnit) -> list[ActionChoice]:
    found: list[ActionChoice] = []
    if not unit.panicked:
        for seen in nearest(state, unit):
            found.append(
                ActionChoice(
                    notation=f"shoot at {seen.target.id}",
                    label=f"{unit.id}: shoot {seen.target.id} ({show(seen.gap)}, -1 moved)",
                )
            )
        for enemy in _reachable(state, unit):
            found.append(
                ActionChoice(notation=f"assault {enemy.id}", label=f"{unit.id}: assault {enemy.id}")
            )
    found.append(ActionChoice(notation="end", label=f"{unit.id}: end the activation"))
    return found


def _reachable(state: SquadState, unit: SUnit) -> list[SUnit]:
    move = state.profile(unit).move * PER_INCH
    return [
        enemy
        for enemy in state.on_table()
        if enemy.seat != unit.seat
        and unit_gap(state, unit, enemy) <= move
        and reaches(state, unit, enemy)
    ]
