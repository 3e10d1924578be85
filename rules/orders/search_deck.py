"""The search deck ([13.2], [13.4]): the equipment cards nobody was handed at set-up, in
an order and with sides up that nobody knows; only the top card is ever shown.

Readings: the defender's shuffle under the table (free to reorder and turn cards) is a
shuffle by dice told to nobody: one die per position, then one two-sided die per card for
the side that faces up. The attacker's cut is left out (it changes nothing a shuffle told
to nobody does not already hide). A shuffle icon shuffles the same way.
"""

from __future__ import annotations

from rules.core.visibility import REFEREE
from rules.orders import events as ev
from rules.orders.flow import Flow
from rules.orders.state import DeckCard, OrdersState


def secret_pick(flow: Flow, count: int, purpose: str) -> int:
    """A random index below ``count`` from one die recorded for nobody at the table."""
    if count <= 1:
        return 0
    return flow.roll(1, count, purpose=purpose, visibility=REFEREE).values[0] - 1


def shuffled(flow: Flow, cards: tuple[DeckCard, ...], purpose: str) -> tuple[DeckCard, ...]:
    """``cards`` in an order and with sides up drawn by secret dice."""
    left = list(cards)
    ordered: list[DeckCard] = []
    while left:
        ordered.append(left.pop(secret_pick(flow, len(left), f"{purpose}: the next card")))
    return tuple(
        card.model_copy(update={"flipped": secret_pick(flow, 2, f"{purpose}: a side") == 1})
        for card in ordered
    )


def set_deck(flow: Flow, card_ids: tuple[str, ...]) -> None:
    """[13.2] the cards left over after the starting equipment form the deck."""
    catalog = flow.catalog
    dealt = tuple(catalog.cards[c] for c in card_ids)
    cards = shuffled(
        flow,
        tuple(DeckCard(card=c.id, front=c.front, back=c.back) for c in dealt),
        "the search deck",
    )
    # every card enters the game: a starting item dropped later goes under the deck too
    defs = tuple(catalog.cards[c] for c in sorted(catalog.cards))
    items = sorted({item for c in defs for item in (c.front, c.back)})
    flow.emit(
        ev.SearchDeckSet(
            cards=cards,
            card_defs=defs,
            equipment=tuple(catalog.equipment[i] for i in items),
            visibility=REFEREE,
        )
    )
    show_top(flow)


def show_top(flow: Flow) -> None:
    """The top card, shown to everyone."""
    deck = flow.state.deck
    flow.emit(ev.DeckTop(item=deck[0].up if deck else None, cards=len(deck)))


def shuffle(flow: Flow) -> None:
    """[13.4] the shuffle icon: the whole deck shuffled out of sight."""
    cards = shuffled(flow, flow.state.deck, "shuffling the search deck")
    flow.emit(ev.DeckArranged(cards=cards, why="shuffle", visibility=REFEREE))
    show_top(flow)


def top_item(state: OrdersState) -> str | None:
    return state.deck[0].up if state.deck else None


def item_name(state: OrdersState, item: str | None) -> str:
    if item is None:
        return "nothing"
    found = state.equipment.get(item)
    return found.name if found is not None else item
