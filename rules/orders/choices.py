"""What a seat may do now, for ``/act`` suggestions, buttons and DM menus: only what the
rules would accept (markers on legal squares, characters that may be activated, tiles
behind the screen, squares a Move order reaches with their cost)."""

from __future__ import annotations

from itertools import combinations

from rules.core.choices import ActionChoice
from rules.orders.activation import BUY_COST, DISCARD_COST
from rules.orders.content.catalog import Catalog
from rules.orders.deployment import decoys_left, legal_squares, to_place
from rules.orders.ips_choices import ips_choices
from rules.orders.movement import destinations
from rules.orders.sections import headroom, most_cp
from rules.orders.state import HAND_LIMIT, Fighter, OrdersState

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
        if window.frame == "redraw":
            return [
                ActionChoice(notation="keep", label="Keep the 5 tiles drawn", private=True),
                ActionChoice(
                    notation="redraw", label="Set them aside and draw 5 new ones", private=True
                ),
            ]
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
        return _in_round(state, fighter) + ips_choices(state, catalog, fighter)
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


def _in_round(state: OrdersState, fighter: Fighter) -> list[ActionChoice]:
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
    if most_cp(state, fighter, "move") > 0 and headroom(state, fighter) > 0:
        movement = state.side_of(fighter).movement
        for square, cost in sorted(destinations(state, fighter).items(), key=lambda i: i[0].order):
            cp = max(1, -(-cost // movement))
            found.append(
                ActionChoice(
                    notation=f"move to {square}",
                    label=f"Move {fighter.id} to {square} ({cost} movement points, {cp} CP)",
                )
            )
    found.append(ActionChoice(notation="done", label=f"End {fighter.id}'s round"))
    return found


def _sections(state: OrdersState, tile: str) -> str:
    sections = state.order_tiles[tile].sections
    return ", ".join(f"{s.order.replace('_', ' ')} {s.colour} {s.max_cp}" for s in sections)
