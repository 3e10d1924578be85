"""The shared card deck (readings 3, 4 and 6): shuffling with the game's dice, told to
nobody at the table, and drawing back up to the hand of 3."""

from __future__ import annotations

from rules.blackpowder.events import CardsDrawn, DeckShuffled, HandFilled
from rules.blackpowder.flow import Flow
from rules.blackpowder.lots import secret_order
from rules.blackpowder.tables.command import HAND_SIZE
from rules.core.visibility import REFEREE, only


def shuffle(flow: Flow) -> None:
    """The discard pile and what is left of the draw pile, in a new order: one die per
    place, of as many sides as cards are left to place (referee-only dice)."""
    left = [*flow.state.draw_pile, *flow.state.discard]
    order = secret_order(flow, left, "shuffling the deck")
    flow.emit(DeckShuffled(order=tuple(order), visibility=REFEREE))


def draw_up(flow: Flow, seat: str) -> None:
    """``seat`` draws back up to 3 from the top of the draw pile (none while holding 3 or
    more, fewer when the pile runs out)."""
    state = flow.state
    wanted = min(HAND_SIZE - len(state.player(seat).hand), len(state.draw_pile))
    if wanted <= 0:
        return
    flow.emit(
        CardsDrawn(seat=seat, cards=state.draw_pile[:wanted], visibility=only(seat)),
        HandFilled(seat=seat, count=wanted),
    )
