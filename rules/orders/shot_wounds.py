"""Wounds taken from shots and explosions ([07.1]), as the events that carry them fold.

Readings (the source counts wound counters on each side of the card without saying what
becomes of those that flip it):
- Wounds reaching the Healthy side's Life Points flip the card to Wounded; the counters
  beyond that threshold stay on the Wounded side, and if they reach its Life Points too
  the character dies at once.
- A dead character keeps its square as its dead marker (it no longer blocks sight).
"""

from __future__ import annotations

from rules.orders.state import Condition, Fighter, OrdersState


def after_wounds(state: OrdersState, fighter: Fighter, count: int) -> Fighter:
    """``fighter`` once ``count`` more wound counters are on its card."""
    if count <= 0 or fighter.condition not in ("healthy", "wounded"):
        return fighter
    card = state.characters[fighter.character]
    wounds = fighter.wounds + count
    condition: Condition = fighter.condition
    if condition == "healthy" and wounds >= card.healthy.life_points:
        condition, wounds = "wounded", wounds - card.healthy.life_points
    if condition == "wounded" and wounds >= card.wounded.life_points:
        condition = "dead"
    return fighter.model_copy(update={"wounds": wounds, "condition": condition})


def take_wounds(state: OrdersState, fighter_id: str, count: int) -> OrdersState:
    fighters = tuple(
        after_wounds(state, f, count) if f.id == fighter_id else f for f in state.fighters
    )
    return state.model_copy(update={"fighters": fighters})
