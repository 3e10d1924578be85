"""What a seat may do now, for ``/act`` suggestions, buttons and DM menus: only what the
rules would accept (markers on legal squares, characters that may be activated, tiles
behind the screen, squares a Move order reaches with their cost)."""

from __future__ import annotations

from itertools import combinations
from typing import Literal

from rules.core.choices import ActionChoice
from rules.core.rejection import Rejection
from rules.core.wording import plural
from rules.grid.facing import Facing
from rules.orders.activation import BUY_COST, DISCARD_COST
from rules.orders.aiming import aim_at_character, firing_weapons, targeting_dice, zone_dice
from rules.orders.barriers import (
    adjacent_elements,
    defence_of,
    fighter_edge_target,
    side_squares,
)
from rules.orders.capture import load, prisoners_of
from rules.orders.close_combat import enemies_in_reach, helper_problem
from rules.orders.combined_move import combined_moves
from rules.orders.combined_torture import helper_problem as torture_helper_problem
from rules.orders.content.catalog import Catalog
from rules.orders.content.characters import CombatDice
from rules.orders.deployment import decoys_left, legal_squares, to_place
from rules.orders.frames import BidWindow, InitiativeOffer, InterruptOffer, InterruptWindow
from rules.orders.interruptions import order_refused
from rules.orders.ips_choices import ips_choices
from rules.orders.movement import destinations
from rules.orders.search_choices import search_choices, window_choices
from rules.orders.sections import headroom, most_cp
from rules.orders.state import (
    HAND_LIMIT,
    DropWindow,
    Fighter,
    OrdersState,
    SearchWindow,
    SpyWindow,
)

FACINGS = ("north", "east", "south", "west")


def legal(state: OrdersState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    if state.finished or seat not in state.seats_in_play():
        return []
    if state.phase == "deployment":
        return _deploy(state, catalog, seat) if state.deploying == seat else []
    if state.phase == "facing":
        return [
            ActionChoice(notation=f"face {f.id} {way}", label=f"{f.id} {f.name} faces {way}")
            for f in state.standing(seat)
            if f.id not in state.faced
            for way in FACINGS
        ]
    window = state.waiting_window()
    if window is not None:
        if window.seat != seat:
            return []
        if isinstance(window, InterruptOffer | InitiativeOffer | BidWindow):
            return _duel(state, window)
        if isinstance(window, InterruptWindow):
            return _in_round(state, catalog, state.fighter(window.fighter), interrupting=True)
        if window.frame == "redraw":
            return [
                ActionChoice(notation="keep", label="Keep the 5 tiles drawn", private=True),
                ActionChoice(
                    notation="redraw", label="Set them aside and draw 5 new ones", private=True
                ),
            ]
        if isinstance(window, SearchWindow | SpyWindow | DropWindow):
            return window_choices(state, window)
        if window.frame == "radio":
            return [
                ActionChoice(
                    notation="radio random", label="Radio markers placed at random", private=True
                )
            ]
        return _reduce(state, seat)
    if state.active != seat or state.phase != "activation":
        return []
    if state.activation is not None:
        fighter = state.fighter(state.activation.fighter)
        if not fighter.standing:
            return [ActionChoice(notation="done", label=f"End {fighter.id}'s round")]
        return _combat(state, catalog, fighter) + _in_round(state, catalog, fighter)
    return _round_start(state, seat)


def _deploy(state: OrdersState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    generator = catalog.generators.get(state.generator)
    decoys = generator.decoys if generator else 0
    distance = generator.marker_distance if generator else 0
    found: list[ActionChoice] = []
    markers: list[str | None] = list(to_place(state, seat))
    if decoys_left(state, seat, decoys) > 0:
        markers.append(None)
    for marker in markers:
        word = marker or "decoy"
        name = state.fighter(marker).name if marker else "a decoy"
        for square in legal_squares(state, seat, marker, distance):
            found.append(
                ActionChoice(
                    notation=f"deploy {word} at {square}",
                    label=f"{word} ({name}) face down on {square}",
                    private=True,
                )
            )
    return found


def _reduce(state: OrdersState, seat: str) -> list[ActionChoice]:
    hand = state.player(seat).hand
    excess = len(hand) - HAND_LIMIT
    if excess <= 0:
        return [ActionChoice(notation="discard none", label="Keep every tile", private=True)]
    seen: set[tuple[str, ...]] = set()
    found = []
    for picked in combinations(sorted(hand), excess):
        if picked in seen:
            continue
        seen.add(picked)
        found.append(
            ActionChoice(
                notation="discard " + ", ".join(picked),
                label="Discard " + ", ".join(picked),
                private=True,
            )
        )
    return found


def _round_start(state: OrdersState, seat: str) -> list[ActionChoice]:
    player = state.player(seat)
    found: list[ActionChoice] = []
    own = state.standing(seat)
    all_engaged = all(f.engaged for f in own)
    for fighter in own:
        if fighter.engaged and not all_engaged:
            continue
        verb = "reactivate" if fighter.engaged else "activate"
        found.append(
            ActionChoice(
                notation=f"activate {fighter.id}",
                label=f"{verb.capitalize()} {fighter.id} {fighter.name}",
            )
        )
        for tile in sorted(set(player.hand)):
            found.append(
                ActionChoice(
                    notation=f"activate {fighter.id} {tile}",
                    label=f"{verb.capitalize()} {fighter.id} {fighter.name} with `{tile}`",
                    description=_sections(state, tile),
                )
            )
    if player.cp >= BUY_COST and (state.bag or state.discard):
        found.append(ActionChoice(notation="buy", label="Pay 1 CP: draw an order tile"))
    if player.cp >= DISCARD_COST:
        for tile in sorted(set(state.discard)):
            found.append(
                ActionChoice(
                    notation=f"take {tile}",
                    label=f"Pay 2 CP: take `{tile}` from the discard pile",
                    private=True,
                )
            )
    found.append(ActionChoice(notation="pass", label="Pass"))
    return found


def _in_round(
    state: OrdersState, catalog: Catalog, fighter: Fighter, interrupting: bool = False
) -> list[ActionChoice]:
    found: list[ActionChoice] = []
    if not fighter.tile_this_round:
        for tile in sorted(set(state.player(fighter.seat).hand)):
            found.append(
                ActionChoice(
                    notation=f"assign {tile}",
                    label=f"Assign `{tile}` to {fighter.id}",
                    description=_sections(state, tile),
                )
            )
    more = order_refused(state) is None if interrupting else True
    if more and most_cp(state, fighter, "move", interrupting) > 0 and headroom(state, fighter) > 0:
        movement = state.side_of(fighter).movement
        reached = destinations(state, fighter, interrupting)
        for square, cost in sorted(reached.items(), key=lambda i: i[0].order):
            cp = max(1, -(-cost // movement))
            found.append(
                ActionChoice(
                    notation=f"move to {square}",
                    label=f"Move {fighter.id} to {square} ({cost} movement points, {cp} CP)",
                )
            )
    if not interrupting and most_cp(state, fighter, "move") > 0:
        for helper, theirs, mine in combined_moves(state, fighter):
            found.append(
                ActionChoice(
                    notation=f"move to {mine} with {helper} to {theirs}",
                    label=f"Move {fighter.id} to {mine} and {helper} to {theirs} together",
                )
            )
    if interrupting:
        if more:
            found.extend(_shots(state, fighter, interrupting=True))
            found.extend(_combat(state, catalog, fighter, interrupting=True))
            found.extend(ips_choices(state, catalog, fighter, interrupting=True))
    else:
        found.extend(_shots(state, fighter))
        found.extend(search_choices(state, fighter))
        found.extend(ips_choices(state, catalog, fighter))
    end = f"End {fighter.id}'s interruption" if interrupting else f"End {fighter.id}'s round"
    found.append(ActionChoice(notation="done", label=end))
    return found


def _duel(
    state: OrdersState, window: InterruptOffer | InitiativeOffer | BidWindow
) -> list[ActionChoice]:
    """Bids from what is behind the screen: at least 1 CP to ask, 0 or more to answer."""
    cp = state.player(window.seat).cp
    if isinstance(window, BidWindow):
        return [
            ActionChoice(notation=f"bid {n}", label=f"Bid {n} CP secretly", private=True)
            for n in range(cp + 1)
        ]
    found = [ActionChoice(notation="let pass", label="No duel", private=True)]
    if isinstance(window, InitiativeOffer):
        found.extend(
            ActionChoice(
                notation=f"demand initiative bid {n}",
                label=f"Demand the initiative, bidding {n} CP",
                private=True,
            )
            for n in range(1, cp + 1)
        )
        return found
    chancers = dict.fromkeys(c.fighter for c in window.chances)  # one may meet two triggers
    found.extend(
        ActionChoice(
            notation=f"interrupt {fighter} bid {n}",
            label=f"{fighter} interrupts {window.mover}, bidding {n} CP",
            private=True,
        )
        for fighter in chancers
        for n in range(1, cp + 1)
    )
    return found


def _shots(state: OrdersState, fighter: Fighter, interrupting: bool = False) -> list[ActionChoice]:
    """A 1-CP shot at each enemy in sight with each weapon ready to fire ([09.3])."""
    if not fighter.standing or most_cp(state, fighter, "shoot", interrupting) <= 0:
        return []
    carried = firing_weapons(state, fighter)
    found: list[ActionChoice] = []
    for weapon in carried:
        if weapon.id in fighter.dry or weapon.fire is None:
            continue
        explosive = weapon.area is not None
        named = f" with {weapon.id}" if len(carried) > 1 or explosive else ""
        for target in state.standing():
            aim = aim_at_character(state, fighter, weapon.fire, target, explosive)
            if isinstance(aim, Rejection):
                continue
            blue = targeting_dice(state, fighter, weapon.fire, 0)
            if weapon.area is not None:
                damage = f"blast {_dice(weapon.area.red_damage)} in its red zone"
            else:
                dice = zone_dice(weapon.fire, aim.zone)
                if dice is None:
                    continue
                damage = f"{aim.zone} zone {_dice(dice)}"
            found.append(
                ActionChoice(
                    notation=f"shoot {target.id}{named}",
                    label=(
                        f"shoot {target.id}{named} — {plural(aim.range, 'square')},"
                        f" {blue} blue dice vs {aim.range}, {damage}"
                    ),
                )
            )
    return found


def _dice(dice: CombatDice) -> str:
    auto = f" +{dice.auto_hits}" if dice.auto_hits else ""
    return f"{dice.dice} red{auto}"


def _sections(state: OrdersState, tile: str) -> str:
    sections = state.order_tiles[tile].sections
    return ", ".join(f"{s.order.replace('_', ' ')} {s.colour} {s.max_cp}" for s in sections)


def _edge_choices(
    state: OrdersState,
    catalog: Catalog,
    fighter: Fighter,
    part: Literal["door", "wall"],
    side: Facing,
) -> list[ActionChoice]:
    """Close combat against the door or wall on ``side`` of ``fighter``: one choice, or
    one for each square of a large character's side when both have one ([16])."""
    whole = fighter_edge_target(state, fighter, part, side)
    if not isinstance(whole, Rejection):
        named = [(f"fight {part} {side.value}", whole)]
    else:  # none there, or two along a large character's side: each square says which
        named = []
        along = side_squares(state, fighter, side)
        for square in along if len(along) > 1 else ():
            target = fighter_edge_target(state, fighter, part, side, square)
            if not isinstance(target, Rejection):
                named.append((f"fight {part} {side.value} at {square}", target))
    return [
        ActionChoice(notation=notation, label=f"{fighter.id} attacks {target.describe()}")
        for notation, target in named
        if defence_of(state, catalog, target) is not None
    ]


def _combat(
    state: OrdersState, catalog: Catalog, fighter: Fighter, interrupting: bool = False
) -> list[ActionChoice]:
    """Close combat against adjacent enemies, doors, walls and floor elements that can be
    destroyed; a capture of an adjacent Wounded enemy; torture of a prisoner carried (an
    interrupting character fights alone and does not torture)."""
    found: list[ActionChoice] = []
    if fighter.square is None:
        return found
    most = most_cp(state, fighter, "close_combat", interrupting)
    if most > 0:
        room = state.side_of(fighter).weight - load(state, fighter)
        fits = len(prisoners_of(state, fighter)) + 1 <= state.side_of(fighter).weight
        for enemy in enemies_in_reach(state, fighter):
            found.append(
                ActionChoice(
                    notation=f"fight {enemy.id}",
                    label=f"{fighter.id} fights {enemy.id} {enemy.name}",
                )
            )
            helpers = [
                h.id
                for h in state.standing(fighter.seat)
                if h.id != fighter.id and helper_problem(state, fighter, enemy, h) is None
            ][: max(0, state.player(fighter.seat).cp - 1)]
            if helpers and not interrupting:
                found.append(
                    ActionChoice(
                        notation=f"fight {enemy.id} with {', '.join(helpers)}",
                        label=f"{', '.join([fighter.id, *helpers])} fight {enemy.id} together",
                    )
                )
            if most > 1:
                found.append(
                    ActionChoice(
                        notation=f"fight {enemy.id} cp {most}",
                        label=f"{fighter.id} strikes {enemy.id} hard ({most} CP)",
                    )
                )
            if enemy.condition == "wounded" and fits:
                drop = " (drops equipment)" if room < 1 else ""
                found.append(
                    ActionChoice(
                        notation=f"capture {enemy.id}",
                        label=f"{fighter.id} tries to capture {enemy.id} {enemy.name}{drop}",
                    )
                )
        for part in ("door", "wall"):
            for side in Facing:
                found.extend(_edge_choices(state, catalog, fighter, part, side))
        for element in adjacent_elements(state, state.squares_of(fighter)):
            if defence_of(state, catalog, element) is not None:
                found.append(
                    ActionChoice(
                        notation=f"fight {element.name}",
                        label=f"{fighter.id} attacks {element.describe()}",
                    )
                )
    if most_cp(state, fighter, "interact") > 0 and not interrupting:
        for prisoner in prisoners_of(state, fighter):
            found.append(
                ActionChoice(
                    notation=f"torture {prisoner.id}",
                    label=f"{fighter.id} tortures the prisoner {prisoner.id} {prisoner.name}",
                )
            )
            helpers = [
                h.id
                for h in state.standing(fighter.seat)
                if h.id != fighter.id and torture_helper_problem(state, fighter, h) is None
            ][: max(0, state.player(fighter.seat).cp - 1)]
            if helpers:
                found.append(
                    ActionChoice(
                        notation=f"torture {prisoner.id} with {', '.join(helpers)}",
                        label=f"{', '.join([fighter.id, *helpers])} torture {prisoner.id}",
                    )
                )
    return found
