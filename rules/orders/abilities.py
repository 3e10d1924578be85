"""Special abilities ([14]): a line on the character card (the side in force), used by the
activated character (or an interrupting one, where each use is one of its two orders: the
interruption rules count it) without an order section.

The CP go straight onto the card: exactly what the line asks, counted toward the
character's Maximum CP per turn (raised by CP only it may spend). No extra CP, so no extra
dice; the test is rolled at each use, and the ability may be used again and again while
CP and conditions allow.
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.ips import line_problem, pick_line, resolve
from rules.orders.ips_passive import ability_sources
from rules.orders.ips_sources import Source
from rules.orders.scrambling import before_paying
from rules.orders.sections import over_limits
from rules.orders.state import Fighter, OrdersState


def find_ability(state: OrdersState, fighter: Fighter, ability: str) -> Source | Rejection:
    sources = ability_sources(state, fighter)
    found = next((s for s in sources if s.key in (f"ability:{ability}", ability)), None)
    if found is None:
        side = "Wounded" if fighter.condition == "wounded" else "Healthy"
        names = ", ".join(s.name for s in sources) or "none"
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{fighter.id} {fighter.name}'s {side} side has no such ability (abilities: {names}).",
            rule.ABILITY,
        )
    return found


def use_ability(
    flow: Flow,
    fighter_id: str,
    ability: str,
    line: int | None,
    on: str | None = None,
) -> Rejection | None:
    state = flow.state
    fighter = state.fighter(fighter_id)
    source = find_ability(state, fighter, ability)
    if isinstance(source, Rejection):
        return source
    index = pick_line(state, flow.catalog, fighter, source, "ability", line, None, on)
    if isinstance(index, Rejection):
        return index
    chosen = source.lines[index]
    cp = chosen.least_cp
    problem = line_problem(state, flow.catalog, fighter, source, chosen, cp, on)
    if problem is not None:
        return problem
    over = over_limits(state, fighter, cp, f"the {source.name}")
    if over is not None:
        return over
    if flow.trial:
        return None
    if before_paying(flow, fighter.id, cp) < cp:
        return None  # scrambled: the CP stay behind the screen, the ability is not used
    flow.emit(ev.AbilityPaid(fighter=fighter.id, ability=source.key, cp=cp))
    resolve(flow, fighter.id, source, index, cp, on)
    return None
