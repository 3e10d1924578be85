"""Healing by an IPS effect ([24.3]): wound counters come off; a Wounded character whose
wounds fall below its Healthy side's life points turns back to its Healthy side, whose
values apply at once.

Reading: wounds are counted from the start (the card's flip keeps them), so a character
is Wounded while its wounds reach the Healthy side's life points. Dead, captured and
exited characters are not healed.
"""

from __future__ import annotations

from rules.orders import events as ev
from rules.orders.flow import Flow


def heal(flow: Flow, fighter_id: str, points: int) -> None:
    state = flow.state
    fighter = state.fighter(fighter_id)
    healed = min(points, fighter.wounds)
    if healed <= 0 or not fighter.standing:
        flow.emit(ev.Healed(fighter=fighter_id, points=0))
        return
    left = fighter.wounds - healed
    again = (
        fighter.condition == "wounded"
        and left < state.characters[fighter.character].healthy.life_points
    )
    flow.emit(ev.Healed(fighter=fighter_id, points=healed, healthy_again=again))
