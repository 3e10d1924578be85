"""Combined search ([18.1], [18.5]): other characters of the active player search along
with the activated character, each from a gold Search section of its own.

Readings:
- Each helper stands on the searched floor tile (a large one at least partly, [18.5])
  and pays 1 CP on an open gold Search section, counted against its own Maximum CP per
  turn, from the same screen; it is not activated or engaged by joining.
- Each helper rolls its own Search value plus the tile's search bonus in black dice (the
  bonus counts for every searcher on the tile); all the points and icons are pooled in
  one search window.
- One card at most is taken: `take` gives it to the activated character, `take for A2`
  to another participant; the receiver's weight allowance is checked.
- Foreign ground: the defender side's ground is every indoor tile, the rest is the
  attackers'; a character of no side is on foreign ground everywhere. Every searcher
  counts as on the searched tile (a large one may stand partly outdoors). As searching is
  indoors only, spy points from a combined search become MP only when every searcher is
  not of the defender side; otherwise they go on the deck or missions, and are lost when
  neither can take them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.ground import GroundTile
from rules.orders.search_rooms import stands_on
from rules.orders.sections import gold_cp
from rules.orders.state import Fighter, OrdersState


@dataclass(frozen=True)
class SearchHelper:
    fighter: Fighter
    placed: ev.Placed


def gold_search(state: OrdersState, fighter: Fighter) -> ev.Placed | None:
    """1 CP on the first open gold Search section of ``fighter``, if it may take it."""
    return gold_cp(state, fighter, "search")


def helper_problem(
    state: OrdersState, searcher: Fighter, helper: Fighter, tile: GroundTile
) -> Rejection | None:
    """Why ``helper`` cannot join ``searcher``'s search of ``tile``, or None."""
    named = f"{helper.id} {helper.name}"
    if helper.seat != searcher.seat or helper.id == searcher.id or not helper.standing:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{named} is not another of your characters on the map.",
            rule.COMBINED_SEARCH,
        )
    if helper.square is None or not stands_on(state, helper, tile):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{named} on {helper.square} is not on the floor tile {searcher.id} searches:"
            " every character in a combined search stands on the same floor tile (a large"
            " one at least partly).",
            rule.COMBINED_SEARCH,
        )
    if gold_search(state, helper) is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{named} cannot join: it has no open gold Search section, or no CP left of its"
            " Maximum CP per turn.",
            rule.COMBINED_SEARCH,
        )
    return None


def search_helpers(
    state: OrdersState, searcher: Fighter, joined: tuple[str, ...], spend: int, tile: GroundTile
) -> tuple[SearchHelper, ...] | Rejection:
    """The characters named in ``joined``, each ready to join ``searcher``'s search of
    ``tile`` with ``spend`` CP."""
    found: list[SearchHelper] = []
    for helper_id in joined:
        helper = state.fighter(helper_id)
        if any(h.fighter.id == helper.id for h in found):
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{helper.id} {helper.name} is named twice in the combined search.",
                rule.COMBINED_SEARCH,
            )
        problem = helper_problem(state, searcher, helper, tile)
        if problem is not None:
            return problem
        placed = gold_search(state, helper)
        assert placed is not None
        found.append(SearchHelper(fighter=helper, placed=placed))
    screen = state.player(searcher.seat).cp
    if found and spend + len(found) > screen:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            f"The combined search needs {spend + len(found)} CP; you have {screen} behind"
            " your screen.",
            rule.COMBINED_SEARCH,
        )
    return tuple(found)


def on_foreign_ground(fighter: Fighter, tile: GroundTile) -> bool:
    """Whether ``fighter``, searching ``tile``, stands on ground not its side's (indoor
    tiles are the defender side's; a large character partly on the tile counts as on
    it)."""
    if fighter.side is None:
        return True
    indoor = tile.tile.terrain == "indoor"
    return indoor != (fighter.side == "defender")
