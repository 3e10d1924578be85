"""The choices offered for searching, spying, dropping, handing equipment over and leaving
the map: only what the rules would accept now."""

from __future__ import annotations

from rules.core.choices import ActionChoice
from rules.orders.combined_search import helper_problem
from rules.orders.exits import ways_out
from rules.orders.ground import GroundTile
from rules.orders.search import MAX_SEARCH_CP, can_take, cannot_search
from rules.orders.search_deck import item_name, top_item
from rules.orders.search_rooms import searchable_tiles
from rules.orders.sections import headroom, most_cp
from rules.orders.spying import enemy_missions
from rules.orders.state import DropWindow, Fighter, OrdersState, SearchWindow, SpyWindow
from rules.orders.transfers import has_moved, near
from rules.orders.weight import too_heavy

MOST_CYCLED = 6


def search_choices(state: OrdersState, fighter: Fighter) -> list[ActionChoice]:
    """What the activated ``fighter`` may do besides moving: search, hand over or pick up
    equipment, leave the map."""
    found: list[ActionChoice] = []
    if headroom(state, fighter) <= 0:
        return _transfers(state, fighter)
    most = min(most_cp(state, fighter, "search"), MAX_SEARCH_CP)
    if most > 0 and cannot_search(state, fighter) is None:
        tiles = searchable_tiles(state, fighter)
        for tile in tiles:
            found.extend(_searches(state, fighter, tile, most, named=len(tiles) > 1))
    movement = state.side_of(fighter).movement
    points = most_cp(state, fighter, "move") * movement
    if points > 0 and ways_out(state, fighter, points):
        found.append(ActionChoice(notation="exit", label=f"{fighter.id} leaves the map"))
    return found + _transfers(state, fighter)


def _searches(
    state: OrdersState, fighter: Fighter, tile: GroundTile, most: int, named: bool
) -> list[ActionChoice]:
    """Searches of ``tile`` with 1 to ``most`` CP, and one joined by every helper that
    may; ``named``: the tile is said (a large character on several, [16])."""
    verb = f"search in {tile.key}" if named else "search"
    room = f" the {tile.tile.name}" if named else ""
    found = [
        ActionChoice(
            notation=verb if cp == 1 else f"{verb} cp {cp}",
            label=f"{fighter.id} searches{room} with {cp} CP",
        )
        for cp in range(1, most + 1)
    ]
    helpers = [
        h.id
        for h in state.standing(fighter.seat)
        if helper_problem(state, fighter, h, tile) is None
    ][: max(0, state.player(fighter.seat).cp - 1)]
    if helpers:
        found.append(
            ActionChoice(
                notation=f"{verb} with {', '.join(helpers)}",
                label=f"{', '.join([fighter.id, *helpers])} search{room} together",
            )
        )
    return found


def _transfers(state: OrdersState, fighter: Fighter) -> list[ActionChoice]:
    if not has_moved(state, fighter):
        return []
    found: list[ActionChoice] = []
    for friend in state.standing(fighter.seat):
        if friend.id == fighter.id or not near(state, fighter, friend):
            continue
        for item in sorted(set(fighter.equipment)):
            if too_heavy(state, friend, item) is None:
                found.append(
                    ActionChoice(
                        notation=f"give {item} to {friend.id}",
                        label=f"{fighter.id} gives the {item_name(state, item)} to {friend.id}",
                    )
                )
        if fighter.magnetic and not friend.magnetic:
            found.append(
                ActionChoice(
                    notation=f"give magnetic card to {friend.id}",
                    label=f"{fighter.id} gives its magnetic card to {friend.id}",
                )
            )
    for body in state.fighters:
        if body.condition != "dead" or not near(state, fighter, body):
            continue
        for item in sorted(set(body.equipment)):
            if too_heavy(state, fighter, item) is None:
                found.append(
                    ActionChoice(
                        notation=f"pick up {item}",
                        label=f"{fighter.id} picks up the {item_name(state, item)} of {body.id}",
                    )
                )
        if body.magnetic and not fighter.magnetic:
            found.append(
                ActionChoice(
                    notation="pick up magnetic card",
                    label=f"{fighter.id} picks up the magnetic card of {body.id}",
                )
            )
    return found


def window_choices(
    state: OrdersState, window: SearchWindow | SpyWindow | DropWindow
) -> list[ActionChoice]:
    match window:
        case SearchWindow():
            return _searching(state, window)
        case SpyWindow():
            return _spying(state, window)
        case DropWindow():
            carried = state.fighter(window.fighter).equipment
            return [
                ActionChoice(
                    notation=f"drop {item}",
                    label=f"Drop the {item_name(state, item)}",
                    private=True,
                )
                for item in sorted(set(carried))
            ]


def _searching(state: OrdersState, window: SearchWindow) -> list[ActionChoice]:
    found: list[ActionChoice] = []
    top = top_item(state)
    if can_take(state, window) is None:
        found.append(
            ActionChoice(notation="take", label=f"Take the {item_name(state, top)}", private=True)
        )
        for helper in window.helpers:
            found.append(
                ActionChoice(
                    notation=f"take for {helper}",
                    label=f"Take the {item_name(state, top)} for {helper}",
                    private=True,
                )
            )
    for count in range(1, min(window.points, MOST_CYCLED) + 1):
        found.append(
            ActionChoice(
                notation="cycle" if count == 1 else f"cycle {count}",
                label=f"Put {count} card{'s' if count > 1 else ''} under the deck",
                private=True,
            )
        )
    if window.flips:
        found.append(ActionChoice(notation="flip", label="Flip the whole deck", private=True))
    if window.shuffles:
        found.append(ActionChoice(notation="shuffle", label="Shuffle the deck", private=True))
    found.append(ActionChoice(notation="stop", label="Stop searching", private=True))
    return found


def _spying(state: OrdersState, window: SpyWindow) -> list[ActionChoice]:
    if window.looking:
        kept = " ".join(str(n) for n in range(1, window.looking + 1))
        upside = " ".join(str(n) for n in range(window.looking, 0, -1))
        return [
            ActionChoice(
                notation=f"spy order {kept}", label="Put them back as they were", private=True
            ),
            ActionChoice(
                notation=f"spy order {upside}", label="Put them back reversed", private=True
            ),
            ActionChoice(
                notation=f"spy order {kept} flip 1", label="Turn the top card over", private=True
            ),
        ]
    found = (
        [
            ActionChoice(
                notation="spy mp", label=f"{window.points} spy points become MP", private=True
            )
        ]
        if window.mp
        else []
    )
    if window.points > 1 and window.mp:
        found.append(
            ActionChoice(notation="spy mp 1", label="1 spy point becomes 1 MP", private=True)
        )
    if state.deck:
        found.append(
            ActionChoice(notation="spy deck", label="Look at the top 3 search cards", private=True)
        )
    if state.missions and enemy_missions(state, window.seat, window.seen):
        found.append(
            ActionChoice(
                notation="spy mission", label="Look at a random enemy mission", private=True
            )
        )
    return found
