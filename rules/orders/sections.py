"""Placing CP on order sections ([02.2], [04.2]): which sections an order may use and how
many CP it may take.

An order of any type but Move takes its CP on one empty section of its type, at most the
section's printed maximum. Move takes CP on one or more Move sections (merged), each
holding CP already or not (added again), up to each section's maximum. Every CP counts
toward the character's Maximum CP per turn, and comes from behind the player's screen.
Black sections serve the activated character only (and an interrupting one carrying an
item that makes them count as red, [24.3]); red and gold also an interrupting one.
When the player names no tile, sections are taken black first (keeping red and gold for
interruptions), then in the order the tiles were assigned.
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import rules_cited as rule
from rules.orders.content.terms import OrderType
from rules.orders.events import Placed
from rules.orders.ips_cp import max_cp, screen_cp
from rules.orders.ips_passive import black_orders_as_red
from rules.orders.state import Fighter, OrdersState

_COLOUR_ORDER = {"black": 0, "red": 1, "gold": 2}
ORDER_WORDS: dict[OrderType, str] = {
    "move": "Move",
    "close_combat": "Close Combat",
    "shoot": "Shoot",
    "search": "Search",
    "interact": "Interact",
}


def open_sections(
    state: OrdersState, fighter: Fighter, order: OrderType, interrupting: bool = False
) -> list[tuple[int, int, int]]:
    """``(tile index, section index, CP it can still take)`` for each section of
    ``fighter``'s tiles that ``order`` may use now, in the order they are used."""
    found: list[tuple[int, int, int, int]] = []
    as_red = interrupting and black_orders_as_red(state, fighter)
    for t, assigned in enumerate(fighter.tiles):
        sections = state.order_tiles[assigned.tile].sections
        for s, section in enumerate(sections):
            if section.order != order:
                continue
            if interrupting and section.colour == "black" and not as_red:
                continue
            placed = assigned.cp[s]
            if order != "move" and placed:
                continue
            room = section.max_cp - placed
            if room > 0:
                found.append((_COLOUR_ORDER[section.colour], t, s, room))
    found.sort()
    return [(t, s, room) for _, t, s, room in found]


def gold_sections(
    state: OrdersState, fighter: Fighter, order: OrderType
) -> list[tuple[int, int, int]]:
    """The open gold sections of ``order`` on ``fighter``'s tiles, as :func:`open_sections`
    gives them: where a character joining a combined order pays ([18.1])."""
    return [
        (t, s, room)
        for t, s, room in open_sections(state, fighter, order)
        if state.order_tiles[fighter.tiles[t].tile].sections[s].colour == "gold"
    ]


def gold_cp(state: OrdersState, fighter: Fighter, order: OrderType) -> Placed | None:
    """1 CP on the first open gold ``order`` section of ``fighter``, if it may take one."""
    if headroom(state, fighter) < 1:
        return None
    found = gold_sections(state, fighter, order)
    return Placed(tile=found[0][0], section=found[0][1], cp=1) if found else None


def headroom(state: OrdersState, fighter: Fighter) -> int:
    """CP the character may still take this turn: its maximum less what it took, and no
    more than its player has behind the screen."""
    left = max_cp(state, fighter) - fighter.spent
    return max(0, min(left, screen_cp(state, fighter)))


def most_cp(
    state: OrdersState, fighter: Fighter, order: OrderType, interrupting: bool = False
) -> int:
    """The most CP one ``order`` could take now (0: none)."""
    sections = open_sections(state, fighter, order, interrupting)
    if not sections:
        return 0
    room = sum(r for _, _, r in sections) if order == "move" else max(r for _, _, r in sections)
    return min(room, headroom(state, fighter))


def over_limits(state: OrdersState, fighter: Fighter, cp: int, what: str) -> Rejection | None:
    """Why ``cp`` more CP cannot be spent on ``fighter`` for ``what``: past its Maximum CP
    per turn, or more than its player has behind the screen ([02.2])."""
    limit = max_cp(state, fighter)
    if fighter.spent + cp > limit:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{fighter.id} {fighter.name} has {max(0, limit - fighter.spent)} CP left of its"
            f" Maximum CP per turn ({limit}); {what} needs {cp}.",
            rule.LIMITS,
        )
    screen = screen_cp(state, fighter)
    if cp > screen:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            f"You have {screen} CP behind your screen; {what} needs {cp}.",
            rule.LIMITS,
        )
    return None


def place(
    state: OrdersState,
    fighter: Fighter,
    order: OrderType,
    cp: int,
    interrupting: bool = False,
) -> tuple[Placed, ...] | Rejection:
    """Where ``cp`` CP for one ``order`` go, or the rule that refuses them."""
    word = ORDER_WORDS[order]
    if cp < 1:
        return reject(RejectionCode.BAD_ARGUMENT, "An order takes at least 1 CP.", rule.LIMITS)
    sections = open_sections(state, fighter, order, interrupting)
    if not sections:
        return _no_section(state, fighter, order, interrupting)
    over = over_limits(state, fighter, cp, "the order")
    if over is not None:
        return over
    if order != "move":
        for t, s, room in sections:
            if room >= cp:
                return (Placed(tile=t, section=s, cp=cp),)
        best = max(room for _, _, room in sections)
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"No {word} section of {fighter.id} takes {cp} CP: the largest printed maximum"
            f" among its empty ones is {best}.",
            rule.LIMITS,
        )
    placed: list[Placed] = []
    left = cp
    for t, s, room in sections:
        take = min(room, left)
        placed.append(Placed(tile=t, section=s, cp=take))
        left -= take
        if not left:
            return tuple(placed)
    room = sum(r for _, _, r in sections)
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        f"{fighter.id}'s Move sections can take {room} more CP, not {cp}.",
        rule.LIMITS,
    )


def _no_section(
    state: OrdersState, fighter: Fighter, order: OrderType, interrupting: bool
) -> Rejection:
    word = ORDER_WORDS[order]
    if not fighter.tiles:
        text = (
            f"{fighter.id} has no order tile: assign one first (`assign <tile>`)."
            if not interrupting
            else f"{fighter.id} has no order tile to interrupt with."
        )
        return reject(RejectionCode.ILLEGAL_MOVE, text, rule.ACTIVATE)
    used = any(
        section.order == order and (not interrupting or section.colour != "black")
        for assigned in fighter.tiles
        for section in state.order_tiles[assigned.tile].sections
    )
    if used:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"An order section that already holds CP cannot take more: every {word} section"
            f" of {fighter.id} has been used this turn.",
            rule.LIMITS,
        )
    colour = " red or gold" if interrupting else ""
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        f"{fighter.id}'s order tiles have no{colour} {word} section.",
        rule.LIMITS,
    )
