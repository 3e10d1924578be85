"""Equipment and weight ([06]): what a character carries counts against the weight
allowance of its card side in force, checked whenever it gains something.

Readings: a character over its allowance after a search drops items of the player's
choice (a window, `drop <item>`) until it is within it again; in a game with a search deck
every dropped card goes under the deck with the dropped item's side up. Prisoners will
count once capturing is played; until then only equipment weighs.
"""

from __future__ import annotations

from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.search_deck import item_name, show_top
from rules.orders.state import DropWindow, Fighter, OrdersState


def load(state: OrdersState, fighter: Fighter, extra: tuple[str, ...] = ()) -> int:
    """The weight ``fighter`` carries (with ``extra`` items added)."""
    return sum(
        state.equipment[item].weight
        for item in (*fighter.equipment, *extra)
        if item in state.equipment
    )


def allowance(state: OrdersState, fighter: Fighter) -> int:
    return state.side_of(fighter).weight


def too_heavy(
    state: OrdersState, fighter: Fighter, item: str, verb: str = "carry"
) -> Rejection | None:
    """Why ``fighter`` may not gain ``item`` ([06]), or None."""
    carried = load(state, fighter)
    weight = state.equipment[item].weight if item in state.equipment else 0
    limit = allowance(state, fighter)
    if carried + weight <= limit:
        return None
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        f"{fighter.id} {fighter.name} carries weight {carried} of its allowance {limit}; the"
        f" {item_name(state, item)} (weight {weight}) is too heavy to {verb}.",
        rule.WEIGHT,
    )


def check_weight(flow: Flow, fighter_id: str) -> None:
    """[06] after a gain: over the allowance, the player drops items until legal."""
    state = flow.state
    fighter = state.fighter(fighter_id)
    if load(state, fighter) > allowance(state, fighter) and fighter.equipment:
        flow.emit(FrameOpened(frame=DropWindow(seat=fighter.seat, fighter=fighter.id)))


def drop(flow: Flow, window: DropWindow, item: str) -> Rejection | None:
    state = flow.state
    fighter = state.fighter(window.fighter)
    if item not in fighter.equipment:
        carried = ", ".join(f"`{i}`" for i in fighter.equipment) or "nothing"
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{fighter.id} carries no `{item}` (it carries {carried}).",
            rule.WEIGHT,
        )
    if flow.trial:
        return None
    flow.emit(ev.EquipmentDropped(fighter=fighter.id, item=item, under=True))
    if len(state.deck) == 0:
        show_top(flow)
    after = flow.state.fighter(fighter.id)
    if load(flow.state, after) <= allowance(flow.state, after) or not after.equipment:
        flow.emit(FrameClosed(answer=f"dropped {item}"))
    return None
