"""The actions a seat may take now, as suggestions: every card it may play, the command
abilities its pool pays for, and for each unit still to act the moves worth making that
would be accepted (towards the enemy's edge, cover, an objective, the nearest enemy; ``move
<unit> to`` for any other point), its fire and the charges it can make straight in."""

from __future__ import annotations

from rules.blackpowder.abilities import DUMMY_MODELS
from rules.blackpowder.activation import may_act, waiting_dummies
from rules.blackpowder.board import geo_unit
from rules.blackpowder.charging import charge_route
from rules.blackpowder.destinations import Destination, destinations
from rules.blackpowder.dummies import dummy_route
from rules.blackpowder.firing import aims
from rules.blackpowder.formations import check_form
from rules.blackpowder.german_notation import in_german
from rules.blackpowder.moving import enemy_near, route
from rules.blackpowder.naming import card_name, weapon_name
from rules.blackpowder.phrasebook import MODELS, say
from rules.blackpowder.readyfire import loaded_in_range, ready_units
from rules.blackpowder.state import BPState, BPUnit, Formation, Marker
from rules.blackpowder.tables.command import ability_cost
from rules.blackpowder.tables.movement import BASE_INCHES, movement_allowance
from rules.core.choices import ActionChoice
from rules.core.language import Language, Phrase
from rules.core.rejection import Rejection
from rules.geometry.formations import centroid
from rules.geometry.measure import unit_gap
from rules.geometry.points import describe_point
from rules.geometry.units import PER_INCH, show

EN = Language.ENGLISH
CHARGE_REACH = 12
"""Inches: no allowance reaches further (4" and light cavalry's 6", 2" with no enemy near),
so farther enemies are not tried as charges."""


def legal(state: BPState, seat: str, language: Language = EN) -> list[ActionChoice]:
    """``seat``'s choices as it types them, written and labelled in ``language``;
    looking at its own hand at any time."""
    found = answers(state, seat, language)
    if state.phase == "play" and not state.finished and seat in state.seats:
        found.append(
            ActionChoice(notation="hand", label=say("choice-hand").in_(language), private=True)
        )
    if language is Language.GERMAN:
        return [c.model_copy(update={"notation": in_german(c.notation)}) for c in found]
    return found


def answers(state: BPState, seat: str, language: Language = EN) -> list[ActionChoice]:
    """What ``seat`` may answer the game's question with, labelled in ``language`` (the
    notation, which a menu submits, stays Umpire's English)."""
    return [
        ActionChoice(notation=notation, label=label.in_(language), private=private, complete=done)
        for notation, label, private, done in _offered(state, seat)
    ]


Offer = tuple[str, Phrase, bool, bool]
"""A choice: its notation, its label in both languages, whether it is private and whether
it is complete."""


def _choice(notation: str, label: Phrase, private: bool = False, complete: bool = True) -> Offer:
    return notation, label, private, complete


def _offered(state: BPState, seat: str) -> list[Offer]:
    picking = state.casualty_choice()
    if picking is not None:
        if picking.seat != seat or state.finished:
            return []
        nearest = " ".join(picking.among[: picking.count])
        return [
            _choice("nearest", say("choice-nearest", unit=picking.unit, models=nearest)),
            _choice(
                "remove ",
                say("choice-pick", count=MODELS(picking.count), among=", ".join(picking.among)),
                complete=False,
            ),
        ]
    choosing = state.reaction_choice()
    if choosing is not None:
        if choosing.seat != seat or state.finished:
            return []
        return [
            _choice("fall back", say("choice-fall-back", unit=choosing.unit)),
            _choice("shaken", say("choice-shaken", unit=choosing.unit)),
        ]
    window = state.ready_fire()
    if window is not None:
        if window.seat != seat or state.finished:
            return []
        mover = state.unit(window.mover)
        return [
            *(
                _choice(
                    f"fire {u.piece}{_with(state, u, w)}",
                    say(
                        "choice-ready-fire",
                        unit=u.piece,
                        mover=mover.id,
                        weapon=_with_named(state, u, w),
                    ),
                )
                for u in ready_units(state, seat, mover)
                for w in loaded_in_range(state, u, mover)
            ),
            _choice("pass", say("choice-hold-fire")),
        ]
    if state.finished or state.go != seat or state.phase != "play":
        return []
    if state.activation is not None:
        return [*_moves(state, seat), _choice("done", say("choice-done"))]
    found: list[Offer] = []
    player = state.player(seat)
    if not state.played:
        for card in (*player.hand, *player.reserve):
            name = card_name(state, card)
            found.append(_choice(f"play {card}", say("choice-play", card=name)))
            kind = state.cards[card].kind
            if kind == "advance" and state.own_card(seat, card):
                found.append(_choice(f"play {card} decline", say("choice-decline", card=name)))
    found.extend(_abilities(state, seat))
    if state.played or not (player.hand or player.reserve):
        found.append(_choice("end", say("choice-end")))
    return found


def _abilities(state: BPState, seat: str) -> list[Offer]:
    player = state.player(seat)
    found: list[Offer] = []
    own_troops = [
        c for c in player.hand if state.own_card(seat, c) and state.cards[c].kind == "troop"
    ]
    if player.points >= ability_cost("hold-back"):
        found.extend(
            _choice(f"hold {c}", say("choice-hold", card=card_name(state, c)), private=True)
            for c in own_troops
        )
    for unit in state.on_table(seat):
        if unit.fleeing and player.points >= ability_cost("stand-fast"):
            found.append(
                _choice(f"stand fast {unit.piece}", say("choice-stand-fast", unit=unit.piece))
            )
        cost = ability_cost("command", len(unit.models))
        if player.points >= cost:
            found.append(
                _choice(f"command {unit.piece}", say("choice-command", unit=unit.piece, cost=cost))
            )
    cost = ability_cost("command", DUMMY_MODELS)
    if player.points >= cost:
        found.extend(
            _choice(f"command {m.id}", say("choice-command", unit=m.id, cost=cost))
            for m in state.dummies_of(seat)
        )
    if player.points >= ability_cost("preparation"):
        found.extend(
            _choice(f"prepare {c}", say("choice-prepare", card=card_name(state, c)))
            for c in state.discard
            if state.own_card(seat, c) and state.cards[c].kind == "troop"
        )
    return found


def _moves(state: BPState, seat: str) -> list[Offer]:
    found: list[Offer] = []
    for unit in may_act(state):
        if unit.fleeing:  # reading 41: its only action is a rally roll
            found.append(
                _choice(f"rally {unit.piece}", say("choice-rally-flight", unit=unit.piece))
            )
            continue
        found.append(
            _choice(f"move {unit.piece} to ", say("choice-move", unit=unit.piece), complete=False)
        )
        found.extend(_steps(state, unit))
        found.extend(_fire(state, unit))
        found.extend(_charges(state, unit))
        if unit.spent:
            found.append(_choice(f"reload {unit.piece}", say("choice-reload", unit=unit.piece)))
        if unit.shaken:
            found.append(_choice(f"rally {unit.piece}", say("choice-rally", unit=unit.piece)))
        found.extend(_forms(state, unit))
    for marker in waiting_dummies(state):
        found.append(
            _choice(f"move {marker.id} to ", say("choice-move", unit=marker.id), complete=False)
        )
        found.extend(_dummy_steps(state, marker))
    return found


def _forms(state: BPState, unit: BPUnit) -> list[Offer]:
    """Every other formation the unit may take where it stands (reading 60)."""
    kinds: tuple[Formation, ...] = ("close", "open", "loose", "column")
    return [
        _choice(
            f"form {unit.piece} {kind}",
            say("choice-form", unit=unit.piece, formation=say(f"formation-{kind}")),
        )
        for kind in kinds
        if kind != unit.formation and not isinstance(check_form(state, unit, kind, None), Rejection)
    ]


def _choosing(state: BPState, unit: BPUnit) -> bool:
    """Whether the unit has more than one loaded weapon to choose from."""
    return len([w for w in state.profile(unit).ranged if w not in unit.spent]) > 1


def _with(state: BPState, unit: BPUnit, weapon: str) -> str:
    """`` with <weapon>`` when the unit has a weapon to choose (reading 62)."""
    return f" with {weapon}" if _choosing(state, unit) else ""


def _with_named(state: BPState, unit: BPUnit, weapon: str) -> Phrase:
    """`` with its musket`` (``mit Muskete``) when the unit has a weapon to choose."""
    if not _choosing(state, unit):
        return Phrase("")
    return say("with-weapon", weapon=weapon_name(state, weapon))


def _fire(state: BPState, unit: BPUnit) -> list[Offer]:
    """Fire at every enemy unit on show, spotted, that a model sees within range: one
    choice for each loaded weapon that reaches it (reading 62)."""
    if unit.fleeing:
        return []
    found = []
    for enemy in state.on_table(state.enemy(unit.seat)):
        if enemy.marker is not None or not enemy.spotted:
            continue
        for weapon in state.profile(unit).ranged:
            if weapon in unit.spent or not aims(state, unit, enemy, state.weapons[weapon]):
                continue
            found.append(
                _choice(
                    f"shoot {unit.piece} at {enemy.id}{_with(state, unit, weapon)}",
                    say(
                        "choice-fire",
                        unit=unit.piece,
                        enemy=enemy.id,
                        weapon=_with_named(state, unit, weapon),
                    ),
                )
            )
    return found


def _charges(state: BPState, unit: BPUnit) -> list[Offer]:
    """Charge every enemy unit on show, spotted, that the unit reaches straight in."""
    if unit.shaken or unit.fleeing:
        return []
    own = geo_unit(state, unit)
    return [
        _choice(
            f"charge {unit.piece} {enemy.id}",
            say("choice-charge", unit=unit.piece, enemy=enemy.id),
        )
        for enemy in state.on_table(state.enemy(unit.seat))
        if enemy.marker is None
        and enemy.spotted
        and unit_gap(own, geo_unit(state, enemy)) <= CHARGE_REACH * PER_INCH
        and not isinstance(charge_route(state, unit, enemy), Rejection)
    ]


def _steps(state: BPState, unit: BPUnit) -> list[Offer]:
    """Moves worth suggesting (reading 10): as far as the unit may go towards the enemy's
    edge, the nearest cover, objective and enemy, each one the rules accept."""
    centre = centroid(geo_unit(state, unit).models)
    rules = state.profile(unit).special_rules
    reach = movement_allowance(rules, enemy_within_24=enemy_near(state, unit)).inches
    found = destinations(
        state,
        unit,
        centre,
        reach * PER_INCH,
        lambda to: not isinstance(route(state, unit, to), Rejection),
    )
    return [_towards(unit.piece, d) for d in found]


def _dummy_steps(state: BPState, marker: Marker) -> list[Offer]:
    centre = (marker.x, marker.y)
    near = enemy_near(state, marker)
    reach = max(
        (
            movement_allowance(state.profile(u).special_rules, enemy_within_24=near).inches
            for u in state.on_table(marker.seat)
        ),
        default=BASE_INCHES,
    )
    found = destinations(
        state,
        marker,
        centre,
        reach * PER_INCH,
        lambda to: not isinstance(dummy_route(state, marker, to), Rejection),
    )
    return [_towards(marker.id, d) for d in found]


def _towards(piece: str, found: Destination) -> Offer:
    return _choice(
        f"move {piece} to {describe_point(*found.to)}",
        say("choice-towards", unit=piece, distance=show(found.distance), place=found.towards),
    )
