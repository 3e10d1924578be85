"""How many CP one character may still spend, as IPS effects change it: CP given to a
risen character alone raise its Maximum CP per turn and sit behind the screen for it only
([22]); a revealed scrambled radio marker holds the character to its bonus CP ([15.4]).

Reading: a risen character spends the CP given to it first, so what is left of them is
what its player cannot spend on anyone else.
"""

from __future__ import annotations

from rules.orders.state import Fighter, OrdersState


def scrambled_cap(state: OrdersState, fighter: Fighter) -> int | None:
    """The most CP ``fighter`` may have spent this turn under a revealed scrambled marker
    (its bonus CP); None when it is not scrambled."""
    for scrambling in state.ips.scrambling:
        for marker in scrambling.markers:
            if marker.fighter == fighter.id and marker.revealed and marker.frequency == "scrambled":
                return state.side_of(fighter).bonus_cp
    return None


def max_cp(state: OrdersState, fighter: Fighter) -> int:
    """The character's Maximum CP per turn: its card's, raised by CP given to it alone,
    and no more than its bonus CP while scrambled."""
    limit = state.side_of(fighter).max_cp + state.ips.earmarked_cp(state.turn, fighter.id)
    cap = scrambled_cap(state, fighter)
    return limit if cap is None else min(limit, cap)


def reserved(state: OrdersState, fighter: Fighter) -> int:
    """CP behind the screen kept for ``fighter`` alone (given to it, not yet spent)."""
    return max(0, state.ips.earmarked_cp(state.turn, fighter.id) - fighter.spent)


def screen_cp(state: OrdersState, fighter: Fighter) -> int:
    """The CP behind its player's screen ``fighter`` may spend: all but those kept for
    other characters."""
    others = sum(
        reserved(state, f) for f in state.fighters if f.seat == fighter.seat and f.id != fighter.id
    )
    return max(0, state.player(fighter.seat).cp - others)
