"""Combined torture ([17.3], [18.6]): other defending characters of the active player help
the captor torture its prisoner, each from a gold Interact section of its own.

Readings:
- The activated character is the captor (it carries the prisoner); it and every helper
  must be of the defender side. Each helper stands on the captor's square or next to it
  (no wall or closed door between) and pays 1 CP on an open gold Interact section,
  counted against its own Maximum CP per turn, from the same screen: 1 more black die.
- The torture chamber's dice count once, for the captor standing on a tile that has
  them.
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import rules_cited as rule
from rules.orders.combined_interact import InteractHelper, gather_helpers, gold_interact
from rules.orders.state import Fighter, OrdersState
from rules.orders.transfers import near


def helper_problem(state: OrdersState, captor: Fighter, helper: Fighter) -> Rejection | None:
    """Why ``helper`` cannot join ``captor``'s torture, or None."""
    named = f"{helper.id} {helper.name}"
    if captor.side != "defender":
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only defender characters take part in a combined torture; {captor.id} is not.",
            rule.COMBINED_INTERACT,
        )
    if helper.seat != captor.seat or helper.id == captor.id or not helper.standing:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{named} is not another of your characters on the map.",
            rule.COMBINED_INTERACT,
        )
    if helper.side != "defender":
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only defender characters take part in a combined torture; {named} is not.",
            rule.COMBINED_INTERACT,
        )
    if not near(state, captor, helper):
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{named} on {helper.square} is not next to the captor {captor.id} on {captor.square}.",
            rule.COMBINED_INTERACT,
        )
    if gold_interact(state, helper) is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{named} cannot join: it has no open gold Interact section, or no CP left of"
            " its Maximum CP per turn.",
            rule.COMBINED_INTERACT,
        )
    return None


def torture_helpers(
    state: OrdersState, captor: Fighter, joined: tuple[str, ...], cp: int
) -> tuple[InteractHelper, ...] | Rejection:
    """The characters named in ``joined``, each ready to add a die for 1 CP."""
    return gather_helpers(
        state, captor, joined, cp, "torture", lambda helper: helper_problem(state, captor, helper)
    )
