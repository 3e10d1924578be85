"""The actions a seat may take now, as suggestions: every card it may play, the command
abilities its pool pays for, and for each unit still to act a move straight towards the
enemy's edge that would be accepted (``move <unit> to`` for any other point), its fire and
the charges it can make straight in."""

from __future__ import annotations

from rules.blackpowder.activation import may_act
from rules.blackpowder.board import geo_unit
from rules.blackpowder.charging import charge_route
from rules.blackpowder.firing import aims, weapon_for
from rules.blackpowder.moving import route
from rules.blackpowder.naming import card_name
from rules.blackpowder.readyfire import ready_units
from rules.blackpowder.state import BPState, BPUnit
from rules.blackpowder.tables.command import ability_cost
from rules.core.choices import ActionChoice
from rules.core.rejection import Rejection
from rules.core.wording import plural
from rules.geometry.formations import centroid
from rules.geometry.measure import unit_gap
from rules.geometry.points import describe_point
from rules.geometry.units import PER_INCH

STEPS = (4, 2)
"""Inches: the moves suggested towards the enemy's edge."""
CHARGE_REACH = 12
"""Inches: no allowance reaches further (4" and light cavalry's 6", 2" with no enemy near),
so farther enemies are not tried as charges."""


def legal(state: BPState, seat: str) -> list[ActionChoice]:
    picking = state.casualty_choice()
    if picking is not None:
        if picking.seat != seat or state.finished:
            return []
        nearest = " ".join(picking.among[: picking.count])
        return [
            ActionChoice(notation="nearest", label=f"{picking.unit} loses the nearest: {nearest}"),
            ActionChoice(
                notation="remove ",
                label=f"Pick {plural(picking.count, 'model')} of {', '.join(picking.among)}",
                complete=False,
            ),
        ]
    choosing = state.reaction_choice()
    if choosing is not None:
        if choosing.seat != seat or state.finished:
            return []
        return [
            ActionChoice(notation="fall back", label=f"{choosing.unit} falls back"),
            ActionChoice(notation="shaken", label=f"{choosing.unit} is shaken"),
        ]
    window = state.ready_fire()
    if window is not None:
        if window.seat != seat or state.finished:
            return []
        mover = state.unit(window.mover)
        return [
            *(
                ActionChoice(
                    notation=f"fire {u.piece}",
                    label=f"Enemy sighted! {u.piece} fires at {mover.id} (1 command point)",
                )
                for u in ready_units(state, seat, mover)
            ),
            ActionChoice(notation="pass", label="Hold fire"),
        ]
    if state.finished or state.go != seat or state.phase != "play":
        return []
    if state.activation is not None:
        return [*_moves(state, seat), ActionChoice(notation="done", label="No more actions")]
    found: list[ActionChoice] = []
    player = state.player(seat)
    if not state.played:
        for card in (*player.hand, *player.reserve):
            name = card_name(state, card).english
            found.append(ActionChoice(notation=f"play {card}", label=f"Play {name}"))
            kind = state.cards[card].kind
            if kind == "advance" and state.own_card(seat, card):
                found.append(
                    ActionChoice(
                        notation=f"play {card} decline",
                        label=f"Play {name} for command points",
                    )
                )
    found.extend(_abilities(state, seat))
    if state.played or not (player.hand or player.reserve):
        found.append(ActionChoice(notation="end", label="End the go"))
    return found


def _abilities(state: BPState, seat: str) -> list[ActionChoice]:
    player = state.player(seat)
    found: list[ActionChoice] = []
    own_troops = [
        c for c in player.hand if state.own_card(seat, c) and state.cards[c].kind == "troop"
    ]
    if player.points >= ability_cost("hold-back"):
        found.extend(
            ActionChoice(
                notation=f"hold {c}", label=f"Hold back {card_name(state, c).english}", private=True
            )
            for c in own_troops
        )
    for unit in state.on_table(seat):
        if unit.fleeing and player.points >= ability_cost("stand-fast"):
            found.append(
                ActionChoice(notation=f"stand fast {unit.piece}", label=f"Stand fast! {unit.piece}")
            )
        cost = ability_cost("command", len(unit.models))
        if player.points >= cost:
            found.append(
                ActionChoice(
                    notation=f"command {unit.piece}", label=f"Command {unit.piece} ({cost})"
                )
            )
    if player.points >= ability_cost("preparation"):
        found.extend(
            ActionChoice(
                notation=f"prepare {c}", label=f"Preparation: {card_name(state, c).english}"
            )
            for c in state.discard
            if state.own_card(seat, c) and state.cards[c].kind == "troop"
        )
    return found


def _moves(state: BPState, seat: str) -> list[ActionChoice]:
    found: list[ActionChoice] = []
    forward = -1 if seat == state.seats[0] else 1
    for unit in may_act(state):
        if unit.fleeing:  # reading 41: its only action is a rally roll
            found.append(
                ActionChoice(
                    notation=f"rally {unit.piece}", label=f"{unit.piece} tries to rally from flight"
                )
            )
            continue
        found.append(
            ActionChoice(
                notation=f"move {unit.piece} to ", label=f"Move {unit.piece}", complete=False
            )
        )
        step = _step(state, unit, forward)
        if step is not None:
            found.append(step)
        found.extend(_fire(state, unit))
        found.extend(_charges(state, unit))
        if unit.spent:
            found.append(
                ActionChoice(notation=f"reload {unit.piece}", label=f"Reload {unit.piece}")
            )
        if unit.shaken:
            found.append(ActionChoice(notation=f"rally {unit.piece}", label=f"Rally {unit.piece}"))
    return found


def _fire(state: BPState, unit: BPUnit) -> list[ActionChoice]:
    """Fire at every enemy unit on show, spotted, that a model sees within range."""
    weapon = weapon_for(state, unit, None)
    if isinstance(weapon, Rejection) or unit.fleeing:
        return []
    return [
        ActionChoice(
            notation=f"shoot {unit.piece} at {enemy.id}",
            label=f"{unit.piece} fires at {enemy.id}",
        )
        for enemy in state.on_table(state.enemy(unit.seat))
        if enemy.marker is None and enemy.spotted and aims(state, unit, enemy, weapon)
    ]


def _charges(state: BPState, unit: BPUnit) -> list[ActionChoice]:
    """Charge every enemy unit on show, spotted, that the unit reaches straight in."""
    if unit.shaken or unit.fleeing:
        return []
    own = geo_unit(state, unit)
    return [
        ActionChoice(
            notation=f"charge {unit.piece} {enemy.id}",
            label=f"{unit.piece} charges {enemy.id}",
        )
        for enemy in state.on_table(state.enemy(unit.seat))
        if enemy.marker is None
        and enemy.spotted
        and unit_gap(own, geo_unit(state, enemy)) <= CHARGE_REACH * PER_INCH
        and not isinstance(charge_route(state, unit, enemy), Rejection)
    ]


def _step(state: BPState, unit: BPUnit, forward: int) -> ActionChoice | None:
    x, y = centroid(geo_unit(state, unit).models)
    for inches in STEPS:
        to = (x, y + forward * inches * PER_INCH)
        if isinstance(route(state, unit, to), Rejection):
            continue
        shown = describe_point(*to)
        return ActionChoice(
            notation=f"move {unit.piece} to {shown}",
            label=f'Move {unit.piece} {inches}" forward',
        )
    return None
