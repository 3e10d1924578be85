"""Search orders ([13.1], [13.3], [13.4]).

The activated character spends 1-4 CP on a Search section while standing on a floor tile
with a room-type icon (never outdoors, on a borer, stairs or a drain outlet; a large
character on several names the one it searches, ``search_rooms``), and rolls
black dice: its Search value, plus the tile's search bonus, plus one die for each CP
beyond the first (reading of "bonuses from CP"). The faces give search points and icons.
Spy icons are spy points, used at once (before the deck is handled). The searcher then
answers a private window: `cycle [n]` (n points, each puts the top card under the deck,
same side up), `flip` and `shuffle` (each uses one icon rolled), `take` (the visible
card, if one of its room icons is the tile's and the unused points are at least its find
factor) or `stop`. Taking a card ends the search; the weight allowance is checked at
once ([06]). Helpers may join on gold Search sections (``combined_search``).
"""

from __future__ import annotations

from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.combined_search import on_foreign_ground, search_helpers
from rules.orders.content.terms import RoomType
from rules.orders.flow import Flow
from rules.orders.ground import GroundTile
from rules.orders.ips_passive import passive_dice
from rules.orders.search_deck import item_name, show_top, shuffle, top_item
from rules.orders.search_rooms import rooms_of, searchable_tiles, searched_tile
from rules.orders.sections import place
from rules.orders.spying import spend_spy_points
from rules.orders.state import Fighter, OrdersState, SearchWindow
from rules.orders.weight import check_weight

MAX_SEARCH_CP = 4


def search_dice(state: OrdersState, fighter: Fighter, cp: int, tile: GroundTile) -> int:
    """Black dice for ``fighter`` searching ``tile``: its Search value, the tile's bonus,
    a die per CP beyond the first and what always-on lines add."""
    bonus = tile.tile.search_bonus or 0
    extra = passive_dice(state, fighter, "search", "black")
    return state.side_of(fighter).search + bonus + max(0, cp - 1) + extra


def cannot_search(state: OrdersState, fighter: Fighter) -> Rejection | None:
    """Why ``fighter`` may not search where it stands, or None."""
    if not searchable_tiles(state, fighter):
        found = searched_tile(state, fighter, None)
        assert isinstance(found, Rejection)
        return found
    if not state.deck:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "The search deck is empty: there is nothing left to find.",
            rule.SEARCH_ORDER,
        )
    return None


def search(
    flow: Flow,
    fighter_id: str,
    cp: int | None,
    joined: tuple[str, ...] = (),
    where: str | None = None,
) -> Rejection | None:
    """A Search order of ``cp`` CP, joined by ``joined``, of the tile ``where`` names (a
    large character's choice, [16]) or the one the searcher stands on."""
    state = flow.state
    fighter = state.fighter(fighter_id)
    spend = cp if cp is not None else 1
    if not 1 <= spend <= MAX_SEARCH_CP:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"A Search order takes 1 to {MAX_SEARCH_CP} CP, not {spend}.",
            rule.SEARCH_ORDER,
        )
    tile = searched_tile(state, fighter, where)
    if isinstance(tile, Rejection):
        return tile
    problem = cannot_search(state, fighter)
    if problem is not None:
        return problem
    placed = place(state, fighter, "search", spend)
    if isinstance(placed, Rejection):
        return placed
    helpers = search_helpers(state, fighter, joined, spend, tile)
    if isinstance(helpers, Rejection):
        return helpers
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=fighter.id, order="search", placed=placed))
    for helper in helpers:
        flow.emit(ev.OrderPaid(fighter=helper.fighter.id, order="search", placed=(helper.placed,)))
    count = search_dice(state, fighter, spend, tile)
    faces = list(flow.faces("black", count, f"{fighter.id}'s search"))
    shares: list[ev.SearchShare] = []
    for helper in helpers:
        dice = search_dice(state, helper.fighter, 1, tile)
        rolled = flow.faces("black", dice, f"{helper.fighter.id}'s search")
        shares.append(
            ev.SearchShare(
                fighter=helper.fighter.id, dice=dice, points=sum(f.points for f in rolled)
            )
        )
        faces.extend(rolled)
    icons = [icon for face in faces for icon in face.icons]
    points = sum(face.points for face in faces)
    flips, shuffles, spies = icons.count("flip"), icons.count("shuffle"), icons.count("spy")
    flow.emit(
        ev.Searched(
            fighter=fighter.id,
            dice=count,
            points=points,
            flips=flips,
            shuffles=shuffles,
            spies=spies,
            helpers=tuple(shares),
            room=tile.tile.name if len(searchable_tiles(state, fighter)) > 1 else None,
        )
    )
    flow.emit(
        FrameOpened(
            frame=SearchWindow(
                seat=fighter.seat,
                fighter=fighter.id,
                points=points,
                flips=flips,
                shuffles=shuffles,
                helpers=tuple(h.fighter.id for h in helpers),
                tile=tile.key,
            )
        )
    )
    everyone = (fighter, *(h.fighter for h in helpers))
    mp = not helpers or all(on_foreign_ground(f, tile) for f in everyone)
    spend_spy_points(flow, fighter.seat, spies, mp=mp)
    return None


def can_take(state: OrdersState, window: SearchWindow) -> Rejection | None:
    """Why the searcher may not take the visible card, or None."""
    if not state.deck:
        return reject(RejectionCode.ILLEGAL_MOVE, "The search deck is empty.", rule.SEARCH_ORDER)
    item = state.equipment[state.deck[0].up]
    here = window_rooms(state, window)
    if not set(item.rooms) & set(here):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"The {item.name} is found in {', '.join(item.rooms)}; this tile is"
            f" {', '.join(here)}: no room-type icon matches.",
            rule.SEARCH_ORDER,
        )
    if window.points < item.find_factor:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"The {item.name} has find factor {item.find_factor}; you have {window.points}"
            " unused search points.",
            rule.SEARCH_ORDER,
        )
    return None


def window_rooms(state: OrdersState, window: SearchWindow) -> tuple[RoomType, ...]:
    """The room-type icons of the tile being searched (a window saved before searches
    named their tile: the one under the searcher's square)."""
    assert state.ground is not None
    if window.tile is not None:
        return rooms_of(next((t for t in state.ground.tiles if t.key == window.tile), None))
    square = state.fighter(window.fighter).square
    return rooms_of(state.ground.tile_at(square) if square is not None else None)


def cycle(flow: Flow, window: SearchWindow, count: int) -> Rejection | None:
    if count < 1 or count > window.points:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"Each card put under the deck costs 1 search point; you have {window.points}"
            f" unused, so not {count}.",
            rule.SEARCH_ORDER,
        )
    if flow.trial:
        return None
    flow.emit(ev.DeckCycled(fighter=window.fighter, count=count))
    show_top(flow)
    _reopen(flow, window.model_copy(update={"points": window.points - count}), f"cycle {count}")
    return None


def use_icon(flow: Flow, window: SearchWindow, icon: str) -> Rejection | None:
    left = window.flips if icon == "flip" else window.shuffles
    if left < 1:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"This search rolled no {icon} icon left to use.",
            rule.SEARCH_ICONS,
        )
    if flow.trial:
        return None
    if icon == "flip":
        flow.emit(ev.DeckFlipped(fighter=window.fighter))
        show_top(flow)
        changed = window.model_copy(update={"flips": window.flips - 1})
    else:
        shuffle(flow)
        changed = window.model_copy(update={"shuffles": window.shuffles - 1})
    _reopen(flow, changed, icon)
    return None


def take(flow: Flow, window: SearchWindow, receiver: str | None = None) -> Rejection | None:
    """The visible card for the searcher, or for ``receiver``, another character of a
    combined search ([18.5])."""
    state = flow.state
    problem = can_take(state, window)
    if problem is not None:
        return problem
    if receiver is not None and receiver not in (window.fighter, *window.helpers):
        among = ", ".join((window.fighter, *window.helpers))
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only a character of this search ({among}) may receive the card, not {receiver}.",
            rule.COMBINED_SEARCH,
        )
    if flow.trial:
        return None
    fighter = state.fighter(receiver or window.fighter)
    top = state.deck[0]
    rooms = window_rooms(state, window)
    flow.emit(ev.EquipmentFound(fighter=fighter.id, item=top.up, card=top.card, rooms=rooms))
    flow.emit(FrameClosed(answer=f"take {top.up}"))
    show_top(flow)
    check_weight(flow, fighter.id)
    return None


def stop(flow: Flow, window: SearchWindow) -> Rejection | None:
    if not flow.trial:
        flow.emit(FrameClosed(answer="stop"))
    return None


def _reopen(flow: Flow, window: SearchWindow, answer: str) -> None:
    flow.emit(FrameClosed(answer=answer))
    flow.emit(FrameOpened(frame=window))


def window_text(state: OrdersState, window: SearchWindow) -> str:
    """The searcher's private prompt: the visible card and what is left to use."""
    top = top_item(state)
    item = state.equipment.get(top) if top is not None else None
    card = (
        f"{item_name(state, top)} (find factor {item.find_factor}, rooms"
        f" {', '.join(item.rooms)}, weight {item.weight})"
        if item is not None
        else "nothing (the deck is empty)"
    )
    icons = []
    if window.flips:
        icons.append(f"{window.flips} flip")
    if window.shuffles:
        icons.append(f"{window.shuffles} shuffle")
    extra = f" and {', '.join(icons)}" if icons else ""
    return (
        f"Searching with {window.fighter}: {window.points} search points{extra}. On top:"
        f" {card}. `cycle [n]`, `flip`, `shuffle`, `take` or `stop`."
    )
