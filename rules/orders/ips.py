"""The IPS interpreter ([11.1]): one line, used by one character, read left to right.

Timing and every condition are checked before anything is paid or rolled (the callers,
Interact orders and special abilities, check with :func:`line_problem`, pay, then call
:func:`resolve`). The chance is rolled with the game's coloured dice (``flow.faces``), plus
one die of the line's extra colour per extra CP on an Interact section and any dice a
passive line adds to that kind of test; test points reaching the threshold apply the
effect. A failed test still spends its CP. A line with no chance succeeds by itself. A line
with a timer puts its time counters on the component instead, and its effect happens when
the last comes off in a Final phase ([11.5]). A successful use of an item with an
ammunition icon puts a charge counter on it; when they reach the icon it is used up.
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.content.catalog import Catalog
from rules.orders.content.ips import IpsLine, Timing
from rules.orders.flow import Flow
from rules.orders.ips_conditions import condition_problem
from rules.orders.ips_effects import apply_effect, effect_problem
from rules.orders.ips_passive import extra_dice
from rules.orders.ips_sources import Source
from rules.orders.ips_state import Timer
from rules.orders.state import Fighter, OrdersState

TIMING_WORDS: dict[Timing, str] = {
    "interact": "with an Interact order",
    "ability": "as a special ability",
    "initiative": "by itself in the Initiative phase",
    "final": "by itself in the Final phase",
    "enter_square": "by itself when a character enters its square",
    "passive": "by itself, always",
}


def pick_line(
    state: OrdersState,
    catalog: Catalog,
    fighter: Fighter,
    source: Source,
    timing: Timing,
    number: int | None,
    cp: int | None,
    on: str | None = None,
) -> int | Rejection:
    """The index of the line to use: line ``number`` (1-based), or the first line of this
    timing that may be used now (the first line's refusal follows when none may)."""
    if not source.lines:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"The {source.name} has no IPS line to use.", rule.IPS
        )
    if number is not None:
        if not 1 <= number <= len(source.lines):
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"The {source.name} has {len(source.lines)} IPS line(s); there is no line"
                f" {number}.",
                rule.INTERACT_LIMITS,
            )
        line = source.lines[number - 1]
        if line.timing != timing:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"Line {number} of the {source.name} is used {TIMING_WORDS[line.timing]}, not"
                f" {TIMING_WORDS[timing]}.",
                rule.IPS,
            )
        return number - 1
    usable = [i for i, line in enumerate(source.lines) if line.timing == timing]
    if not usable:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"No line of the {source.name} is used {TIMING_WORDS[timing]}.",
            rule.IPS,
        )
    for index in usable:
        line = source.lines[index]
        spend = max(cp or 0, line.least_cp)
        if line_problem(state, catalog, fighter, source, line, spend, on) is None:
            return index
    return usable[0]


def line_problem(
    state: OrdersState,
    catalog: Catalog,
    fighter: Fighter,
    source: Source,
    line: IpsLine,
    cp: int | None,
    on: str | None,
) -> Rejection | None:
    """Why ``fighter`` may not use ``line`` now (conditions, then what the effect needs)."""
    problem = condition_problem(state, fighter, source, line, cp)
    if problem is not None:
        return problem
    return effect_problem(state, catalog, fighter, source, line.effect, on)


def once_per_turn(state: OrdersState, fighter: Fighter, source: Source) -> bool:
    """Whether ``fighter`` may use ``source`` once per turn only: a floor element
    ([11.3]), or a room's special ability for a large character ([16])."""
    return source.kind == "element" or (source.kind == "room" and state.is_large(fighter))


def used_this_turn(state: OrdersState, fighter: Fighter, source: Source) -> Rejection | None:
    """Why ``fighter`` may not use ``source`` again this turn, or None."""
    if not once_per_turn(state, fighter, source):
        return None
    if (state.turn, fighter.id, source.key) not in state.ips.tried:
        return None
    if source.kind == "room":
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{fighter.id} {fighter.name} already used the {source.name} this turn: a large"
            " character uses each room's special ability once per turn.",
            rule.LARGE,
        )
    return reject(
        RejectionCode.ALREADY_DONE,
        f"{fighter.id} {fighter.name} already tried the {source.name} this turn; each"
        " character may try a floor element once per turn.",
        rule.INTERACT_LIMITS,
    )


def resolve(
    flow: Flow,
    fighter_id: str,
    source: Source,
    index: int,
    cp: int = 0,
    on: str | None = None,
    helpers: tuple[str, ...] = (),
) -> bool:
    """Roll line ``index`` of ``source`` for ``fighter_id`` (its CP already paid) and apply
    its effect on a success; whether it succeeded. ``cp`` counts the ``helpers``' CP of a
    combined interact, each adding a die as an extra CP does (rolled last)."""
    state = flow.state
    fighter = state.fighter(fighter_id)
    line = source.lines[index]
    dice: list[ev.RolledDie] = []
    points = 0
    if line.chance is not None:
        extra = max(0, cp - len(helpers) - line.least_cp) if line.timing == "interact" else 0
        pools = [(p.colour, p.count) for p in line.chance.dice]
        if extra:
            pools.append((line.chance.extra_colour, extra))
        pools += [(p.colour, p.count) for p in extra_dice(state, fighter, line.chance.test)]
        pools += [(line.chance.extra_colour, 1) for _ in helpers]  # the last dice rolled
        for colour, count in pools:
            for face in flow.faces(colour, count, f"{fighter.id} {source.name} test"):
                dice.append(ev.RolledDie(colour=colour, points=face.points))
                points += face.points
    success = line.threshold is None or points >= line.threshold
    flow.emit(
        ev.LineResolved(
            fighter=fighter.id,
            name=source.name,
            line=index + 1,
            text=line.text,
            cp=cp,
            dice=tuple(dice),
            points=points,
            threshold=line.threshold,
            success=success,
            element=source.key if once_per_turn(state, fighter, source) else None,
            turn=state.turn,
            helpers=helpers,
        )
    )
    if not success:
        return False
    if line.timer is not None:
        timer = Timer(component=source.key, line=index, left=line.timer, fighter=fighter.id)
        flow.emit(ev.TimerSet(timer=timer, name=source.name))
    else:
        apply_effect(flow, flow.state.fighter(fighter.id), source, line.effect, on)
    _count_charge(flow, fighter.id, source)
    return True


def _count_charge(flow: Flow, fighter_id: str, source: Source) -> None:
    if source.kind != "item" or source.equipment is None:
        return
    card = flow.state.equipment[source.equipment]
    fighter = flow.state.fighter(fighter_id)
    if card.charges is None or source.equipment not in fighter.equipment:
        return
    used = flow.state.ips.counters.get(source.key, 0) + 1
    flow.emit(
        ev.ChargeCounted(
            component=source.key,
            fighter=fighter_id,
            equipment=source.equipment,
            used_up=used >= card.charges,
        )
    )
