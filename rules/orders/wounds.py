"""Wounds, the Healthy and Wounded sides, death and healing ([07.1], [24.3]), for close
combat, shots and explosions alike.

Hits against a character: its critical hits wound first, one wound each; a card they flip
meets the normal hits with its Wounded side's armour ([08.1] step 08, read for shooting
and explosions too), and the normal hits beyond the armour (and, in close combat, the
defender's own hits) are wounds (``armour_after``, ``take_hits``).

Readings:
- **Wounds at the flip.** Wound counters are counted against the side in force. When the
  wounds on the Healthy side reach its life points, the card flips and those counters
  come off; wounds beyond the Healthy side's life points (from the same blow) are placed
  on the Wounded side at once. The character dies when the wounds on the Wounded side
  reach that side's life points. So a character lasts the Healthy side's life points
  plus the Wounded side's (the Wounded side usually prints fewer life points, which
  would kill every flipped character at once if the counters stayed).
- **Healing** removes wound counters, one per life point healed; healing a Wounded
  character beyond its last counter turns it back to Healthy, where the remaining points
  come off the Healthy side's life points (the mirror of the flip), and the Healthy
  side's values apply again.
- A dead character keeps its square as a dead marker: others may cross it, nobody moves
  it and it blocks no sight (only standing miniatures block, ``sight.blockers``).
"""

from __future__ import annotations

from rules.orders import events as ev
from rules.orders.flow import Flow
from rules.orders.state import Fighter, OrdersState


def damage_taken(state: OrdersState, fighter: Fighter) -> int:
    """Wounds since the character was last Healthy and unhurt: its wounds on the Healthy
    side, or the Healthy side's life points plus its wounds on the Wounded side."""
    if fighter.condition == "wounded":
        return state.characters[fighter.character].healthy.life_points + fighter.wounds
    return fighter.wounds


def would_flip(state: OrdersState, fighter: Fighter, count: int) -> bool:
    """Whether ``count`` more wounds turn a Healthy character to its Wounded side."""
    card = state.characters[fighter.character]
    return fighter.condition == "healthy" and fighter.wounds + count >= card.healthy.life_points


def would_kill(state: OrdersState, fighter: Fighter, count: int) -> bool:
    """Whether ``count`` more wounds kill the character."""
    card = state.characters[fighter.character]
    lasting = card.healthy.life_points + card.wounded.life_points
    return damage_taken(state, fighter) + count >= lasting


def armour_after(state: OrdersState, fighter: Fighter, criticals: int) -> int:
    """The armour ``fighter`` meets normal hits with once ``criticals`` have wounded it:
    its Wounded side's if they flip its card (or it is already Wounded)."""
    card = state.characters[fighter.character]
    flipped = fighter.condition == "wounded" or would_flip(state, fighter, criticals)
    return (card.wounded if flipped else card.healthy).armor


def take_hits(flow: Flow, fighter_id: str, criticals: int, wounds: int, cause: str) -> None:
    """The critical hits first, one wound each, then the ``wounds`` the normal hits made
    against ``armour_after`` (none once the criticals have killed the character)."""
    wound(flow, fighter_id, criticals, "a critical hit")
    wound(flow, fighter_id, wounds, cause)


def wound(flow: Flow, fighter_id: str, count: int, cause: str) -> None:
    """``count`` wounds on a standing character, with the flip and the death they cause."""
    state = flow.state
    fighter = state.fighter(fighter_id)
    if count <= 0 or not fighter.standing:
        return
    card = state.characters[fighter.character]
    flow.emit(ev.Wounded(fighter=fighter.id, count=count, cause=cause))
    if fighter.condition == "healthy":
        total = fighter.wounds + count
        if total < card.healthy.life_points:
            return
        carried = total - card.healthy.life_points
        flow.emit(ev.Flipped(fighter=fighter.id, carried=carried))
        if carried >= card.wounded.life_points:
            flow.emit(ev.Died(fighter=fighter.id, cause=cause))
        return
    if fighter.wounds + count >= card.wounded.life_points:
        flow.emit(ev.Died(fighter=fighter.id, cause=cause))


def heal(flow: Flow, fighter_id: str, points: int) -> None:
    """Heal ``points`` life points of a standing character (a Wounded one may turn back to
    Healthy)."""
    state = flow.state
    fighter = state.fighter(fighter_id)
    if points <= 0 or not fighter.standing:
        return
    card = state.characters[fighter.character]
    left = max(0, damage_taken(state, fighter) - points)
    recovered = fighter.condition == "wounded" and left < card.healthy.life_points
    wounds = (
        left if fighter.condition == "healthy" or recovered else left - card.healthy.life_points
    )
    flow.emit(ev.Healed(fighter=fighter.id, points=points, wounds=wounds, recovered=recovered))
