"""Combined interact ([18.1], [18.6]): other characters of the active player help the
activated character use a line of an item it carries, each from a gold Interact section
of its own.

Readings:
- The activated character is the carrier: it carries the item and pays the CP the line
  asks (extra CP add dice as usual). Only an item's line with a test may be combined.
- Each helper stands on the carrier's square or next to it (no wall or closed door
  between) and pays 1 CP on an open gold Interact section, counted against its own
  Maximum CP per turn, from the same screen; each helper's CP adds one die of the line's
  extra colour. It is not activated or engaged by joining.
- A line only one side may use takes helpers of that side only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.content.ips import FactionIs, IpsLine
from rules.orders.ips_sources import Source
from rules.orders.sections import gold_cp
from rules.orders.state import Fighter, OrdersState
from rules.orders.transfers import near


@dataclass(frozen=True)
class InteractHelper:
    fighter: Fighter
    placed: ev.Placed


def gold_interact(state: OrdersState, fighter: Fighter) -> ev.Placed | None:
    """1 CP on the first open gold Interact section of ``fighter``, if it may take it."""
    return gold_cp(state, fighter, "interact")


def side_needed(line: IpsLine) -> str | None:
    """The side a line is kept for, if any."""
    return next((c.side for c in line.conditions if isinstance(c, FactionIs)), None)


def helper_problem(
    state: OrdersState, carrier: Fighter, source: Source, line: IpsLine, helper: Fighter
) -> Rejection | None:
    """Why ``helper`` cannot help ``carrier`` use ``line`` of ``source``, or None."""
    named = f"{helper.id} {helper.name}"
    if source.kind != "item" or line.chance is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only a line of a carried item with a test is combined; the {source.name}'s is not.",
            rule.COMBINED_INTERACT,
        )
    if helper.seat != carrier.seat or helper.id == carrier.id or not helper.standing:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{named} is not another of your characters on the map.",
            rule.COMBINED_INTERACT,
        )
    if not near(state, carrier, helper):
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{named} on {helper.square} is not next to the carrier {carrier.id} on"
            f" {carrier.square}.",
            rule.COMBINED_INTERACT,
        )
    side = side_needed(line)
    if side is not None and helper.side != side:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only {side} characters may use this line of the {source.name}, so {named}"
            " cannot join.",
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


def interact_helpers(
    state: OrdersState,
    carrier: Fighter,
    source: Source,
    line: IpsLine,
    joined: tuple[str, ...],
    spend: int,
    interrupting: bool,
) -> tuple[InteractHelper, ...] | Rejection:
    """The characters named in ``joined``, each ready to help with 1 CP."""
    if joined and interrupting:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "An interrupting character interacts alone: combined orders are the active player's.",
            rule.COMBINED_INTERACT,
        )
    return gather_helpers(
        state,
        carrier,
        joined,
        spend,
        "interact",
        lambda helper: helper_problem(state, carrier, source, line, helper),
    )


def gather_helpers(
    state: OrdersState,
    lead: Fighter,
    joined: tuple[str, ...],
    spend: int,
    what: str,
    problem_of: Callable[[Fighter], Rejection | None],
) -> tuple[InteractHelper, ...] | Rejection:
    """The characters named in ``joined`` joining ``lead``'s combined ``what`` (interact
    or torture), each on a gold Interact section for 1 CP, once each, with ``problem_of``
    saying why one may not join; and enough CP behind the screen for ``spend`` and them."""
    found: list[InteractHelper] = []
    for helper_id in joined:
        helper = state.fighter(helper_id)
        if any(h.fighter.id == helper.id for h in found):
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{helper.id} {helper.name} is named twice in the combined {what}.",
                rule.COMBINED_INTERACT,
            )
        problem = problem_of(helper)
        if problem is not None:
            return problem
        placed = gold_interact(state, helper)
        assert placed is not None
        found.append(InteractHelper(fighter=helper, placed=placed))
    screen = state.player(lead.seat).cp
    if found and spend + len(found) > screen:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            f"The combined {what} needs {spend + len(found)} CP; you have {screen} behind"
            " your screen.",
            rule.COMBINED_INTERACT,
        )
    return tuple(found)
