"""Lines that happen by themselves ([11.1] "automatic"): in the Initiative phase, in the
Final phase, and when a character enters the square of a laid mine. Each is used when its
timing comes and its conditions hold; a line with a test rolls it like any other."""

from __future__ import annotations

from collections.abc import Iterator

from rules.grid.squares import Square
from rules.orders.content.ips import Timing
from rules.orders.flow import Flow
from rules.orders.ips import line_problem, resolve
from rules.orders.ips_conditions import condition_problem
from rules.orders.ips_passive import ability_sources
from rules.orders.ips_sources import Source, carried, marker_source
from rules.orders.state import Fighter, OrdersState


def _own_lines(state: OrdersState, timing: Timing) -> Iterator[tuple[Fighter, Source, int]]:
    """Lines of ``timing`` on the characters' cards and carried items, in label order."""
    for fighter in sorted(state.standing(), key=lambda f: f.id):
        for source in (*ability_sources(state, fighter), *carried(state, fighter)):
            for index, line in enumerate(source.lines):
                if line.timing == timing:
                    yield fighter, source, index


def run_timing(flow: Flow, timing: Timing) -> None:
    """Use every line of ``timing`` whose conditions hold (cards and items, then laid
    markers whose owner's character is the user)."""
    for fighter, source, index in list(_own_lines(flow.state, timing)):
        current = flow.state.find(fighter.id)
        if current is None or not current.standing:
            continue
        line = source.lines[index]
        if line_problem(flow.state, flow.catalog, current, source, line, None, None) is None:
            resolve(flow, current.id, source, index)
    for marker in flow.state.ips.laid:
        source = marker_source(flow.state, marker)
        user = _marker_user(flow.state, marker.seat)
        for index, line in enumerate(source.lines):
            still = marker.key in {m.key for m in flow.state.ips.laid}
            if user is None or not still or line.timing != timing:
                continue
            if condition_problem(flow.state, user, source, line, None) is None:
                resolve(flow, user.id, source, index)


def _marker_user(state: OrdersState, seat: str) -> Fighter | None:
    """Whose line a laid marker's is: a character of the seat that laid it (the first by
    label, alive or not; it only names the player)."""
    own = sorted((f for f in state.fighters if f.seat == seat), key=lambda f: f.id)
    return own[0] if own else None


def entered(flow: Flow, fighter_id: str, squares: tuple[Square, ...]) -> None:
    """A character entered these squares in turn: live mines there go off ([24.2])."""
    for square in squares:
        for marker in flow.state.ips.laid:
            if marker.square != square or not marker.armed:
                continue
            source = marker_source(flow.state, marker)
            fighter = flow.state.fighter(fighter_id)
            for index, line in enumerate(source.lines):
                if (
                    line.timing == "enter_square"
                    and condition_problem(flow.state, fighter, source, line, None) is None
                ):
                    resolve(flow, fighter_id, source, index)
