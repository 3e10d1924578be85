"""Games with a search deck, mission cards and other floor tiles, for the search, mission,
weight and exit tests: built on the small hand-made ground of ``builders``."""

from __future__ import annotations

from rules.grid.board import Board
from rules.grid.floor import FloorElement
from rules.orders import events as ev
from rules.orders.ground import Ground, GroundTile
from rules.orders.state import DeckCard, OrdersState
from tests.orders.builders import CATALOG, fold, ground, sq


def deck_card(card: str, flipped: bool = False) -> DeckCard:
    found = CATALOG.cards[card]
    return DeckCard(card=card, front=found.front, back=found.back, flipped=flipped)


def with_deck(state: OrdersState, *cards: DeckCard) -> OrdersState:
    """``state`` with a search deck of ``cards``, top first."""
    defs = tuple(CATALOG.cards.values())
    items = sorted({i for c in defs for i in (c.front, c.back)})
    return fold(
        state,
        [
            ev.SearchDeckSet(
                cards=cards, card_defs=defs, equipment=tuple(CATALOG.equipment[i] for i in items)
            )
        ],
    )


def with_missions(state: OrdersState, **held: tuple[str, ...]) -> OrdersState:
    """``state`` with the bundled mission cards and these held by each seat."""
    events: list[ev.OrdersEvent] = [ev.MissionDeckSet(missions=tuple(CATALOG.missions.values()))]
    events += [ev.MissionsSeen(seat=seat, missions=missions) for seat, missions in held.items()]
    return fold(state, events)


def retiled(
    west: str = "barracks", east: str = "courtyard", destroyed: tuple[str, ...] = ()
) -> Ground:
    """The test ground with other floor tiles west and east of the wall (same keys), and
    one destroyed floor element for each name in ``destroyed`` on A1."""
    base = ground()
    tiles = tuple(
        GroundTile(
            key=t.key,
            tile=CATALOG.tiles[west if t.key == "barracks" else east],
            squares=t.squares,
        )
        for t in base.tiles
    )
    floor = tuple(
        FloorElement(name=name, squares=frozenset({sq("A1")}), destroyed=True) for name in destroyed
    )
    board = Board(size=base.board.size, barriers=base.board.barriers, floor=floor)
    return Ground(board=board, tiles=tiles, squares=base.squares)
