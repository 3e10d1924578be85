"""What the searcher, the spy and an overloaded character's player are asked in private,
and the answer given for them when the deadline passes."""

from __future__ import annotations

from rules.orders.search import window_text
from rules.orders.search_deck import item_name
from rules.orders.state import DropWindow, OrdersState, SearchWindow, SpyWindow
from rules.orders.weight import allowance, load


def window_prompt(state: OrdersState, window: SearchWindow | SpyWindow | DropWindow) -> str:
    match window:
        case SearchWindow():
            return window_text(state, window)
        case SpyWindow():
            if window.looking:
                cards = "; ".join(
                    f"{i}. {item_name(state, c.up)} (other side {item_name(state, c.down)})"
                    for i, c in enumerate(state.deck[: window.looking], 1)
                )
                return (
                    f"The top of the search deck: {cards}. Put them back: `spy order 2 1 3"
                    " [flip 1]` (top first)."
                )
            if not window.mp:
                return (
                    f"You have {window.points} spy points from a combined search not wholly"
                    " on foreign ground (no MP): `spy deck [n]` (look at 3 search cards each"
                    " and reorder them) or `spy mission [n]` (a random enemy mission each)."
                )
            return (
                f"You have {window.points} spy points to use now: `spy mp [n]` (1 MP each),"
                " `spy deck [n]` (look at 3 search cards each and reorder them) or"
                " `spy mission [n]` (look at a random enemy mission each)."
            )
        case DropWindow():
            fighter = state.fighter(window.fighter)
            items = ", ".join(
                f"`{i}` ({state.equipment[i].weight})" if i in state.equipment else f"`{i}`"
                for i in fighter.equipment
            )
            return (
                f"{fighter.id} {fighter.name} carries weight {load(state, fighter)}, over its"
                f" allowance of {allowance(state, fighter)}: {items}. `drop <item>` until it"
                " is within it (dropped cards go under the search deck)."
            )


def timeout_answer(state: OrdersState, window: SearchWindow | SpyWindow | DropWindow) -> str:
    match window:
        case SearchWindow():
            return "stop"
        case SpyWindow():
            if window.looking:
                return "spy order " + " ".join(str(n) for n in range(1, window.looking + 1))
            if not window.mp:
                return "spy deck" if state.deck else "spy mission"
            return "spy mp"
        case DropWindow():
            fighter = state.fighter(window.fighter)
            heaviest = max(
                fighter.equipment,
                key=lambda i: state.equipment[i].weight if i in state.equipment else 0,
            )
            return f"drop {heaviest}"
