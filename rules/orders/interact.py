"""Interact orders ([11.2], [11.3]): use a line of a carried item, of a floor element (on
its facing icon, facing its way) or of a room (from any of its squares).

The CP go on one Interact section: at least what the line asks, each one more adding a
die of the test's colour. A floor element may be tried once per turn by each character,
whether the test succeeds or not, and a room by a large character ([16], which may stand
in several); an item as often as CP and conditions allow. One line is resolved per
order: the one named (``line <n>``), or else the first whose conditions hold. Helpers
may join an item's line on gold Interact sections (``combined_interact``).
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.combined_interact import interact_helpers
from rules.orders.flow import Flow
from rules.orders.ips import line_problem, pick_line, resolve, used_this_turn
from rules.orders.ips_sources import Source, carried, item, on_map
from rules.orders.scrambling import before_paying
from rules.orders.sections import place
from rules.orders.state import Fighter, OrdersState


def targets(state: OrdersState, fighter: Fighter) -> tuple[Source, ...]:
    """What ``fighter`` could interact with: its items with lines, then the map's."""
    return (*carried(state, fighter), *on_map(state))


def target_source(state: OrdersState, fighter: Fighter, target: str) -> Source | Rejection:
    """The component ``target`` names: ``item:<equipment>`` (carried by the character),
    ``element:<tile>:<element>`` or ``room:<tile>``."""
    kind, _, rest = target.partition(":")
    if kind == "item":
        if rest not in fighter.equipment or rest not in state.equipment:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{fighter.id} {fighter.name} does not carry that item ([11.2]: a special"
                " item must be carried).",
                rule.INTERACT,
            )
        return item(state, fighter, rest)
    found = next((s for s in on_map(state) if s.key == target), None)
    if found is None:
        return reject(RejectionCode.BAD_ARGUMENT, "There is no such thing to interact with.")
    return found


def interact(
    flow: Flow,
    fighter_id: str,
    target: str,
    line: int | None,
    cp: int | None,
    on: str | None = None,
    interrupting: bool = False,
    joined: tuple[str, ...] = (),
) -> Rejection | None:
    state = flow.state
    fighter = state.fighter(fighter_id)
    source = target_source(state, fighter, target)
    if isinstance(source, Rejection):
        return source
    index = pick_line(state, flow.catalog, fighter, source, "interact", line, cp, on)
    if isinstance(index, Rejection):
        return index
    chosen = source.lines[index]
    spend = cp if cp is not None else chosen.least_cp
    if spend < chosen.least_cp:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Line {index + 1} of the {source.name} needs at least {chosen.least_cp} CP on an"
            f" Interact section; {spend} offered.",
            rule.INTERACT,
        )
    used = used_this_turn(state, fighter, source)
    if used is not None:
        return used
    problem = line_problem(state, flow.catalog, fighter, source, chosen, spend, on)
    if problem is not None:
        return problem
    placed = place(state, fighter, "interact", spend, interrupting)
    if isinstance(placed, Rejection):
        return placed
    helpers = interact_helpers(state, fighter, source, chosen, joined, spend, interrupting)
    if isinstance(helpers, Rejection):
        return helpers
    if flow.trial:
        return None
    allowed = before_paying(flow, fighter.id, spend)
    if allowed < chosen.least_cp:
        return None  # scrambled: the CP stay behind the screen, the order is not carried out
    if allowed < spend:
        spend = allowed
        fewer = place(flow.state, flow.state.fighter(fighter.id), "interact", spend, interrupting)
        assert not isinstance(fewer, Rejection)
        placed = fewer
    flow.emit(ev.OrderPaid(fighter=fighter.id, order="interact", placed=placed))
    for helper in helpers:
        flow.emit(
            ev.OrderPaid(fighter=helper.fighter.id, order="interact", placed=(helper.placed,))
        )
    names = tuple(h.fighter.id for h in helpers)
    resolve(flow, fighter.id, source, index, spend + len(names), on, names)
    return None
