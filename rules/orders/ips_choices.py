"""The Interact orders and special abilities the activated character could use now, for
``/act`` suggestions, menus and the random-game suites: only lines whose conditions hold,
with an Interact section (or room under the Maximum CP) for their CP."""

from __future__ import annotations

from collections import Counter

from rules.core.choices import ActionChoice
from rules.orders.combined_interact import helper_problem
from rules.orders.content.catalog import Catalog
from rules.orders.ips import line_problem, used_this_turn
from rules.orders.ips_cp import max_cp, screen_cp
from rules.orders.ips_passive import ability_sources
from rules.orders.ips_sources import Source, carried, on_map
from rules.orders.sections import most_cp
from rules.orders.state import Fighter, OrdersState


def _names(state: OrdersState, fighter: Fighter) -> dict[str, str]:
    """The word each usable component is typed with, where that word names it alone."""
    words = {s.key: s.equipment or "" for s in carried(state, fighter)}
    words.update({s.key: s.key.rsplit(":", 1)[-1] for s in on_map(state)})
    counts = Counter(words.values())
    return {key: word for key, word in words.items() if word and counts[word] == 1}


def _usable(
    state: OrdersState, catalog: Catalog, fighter: Fighter, source: Source, cp: int, index: int
) -> bool:
    line = source.lines[index]
    return line_problem(state, catalog, fighter, source, line, cp, None) is None


def _helpers(state: OrdersState, fighter: Fighter, source: Source, index: int) -> list[str]:
    """The characters that could join ``fighter`` using line ``index`` with its least
    CP, as many as the screen pays for."""
    line = source.lines[index]
    able = [
        h.id
        for h in state.standing(fighter.seat)
        if h.id != fighter.id and helper_problem(state, fighter, source, line, h) is None
    ]
    return able[: max(0, state.player(fighter.seat).cp - line.least_cp)]


def ips_choices(
    state: OrdersState, catalog: Catalog, fighter: Fighter, interrupting: bool = False
) -> list[ActionChoice]:
    """What ``fighter`` could use now (an ``interrupting`` one: red and gold Interact
    sections only)."""
    found: list[ActionChoice] = []
    names = _names(state, fighter)
    room = most_cp(state, fighter, "interact", interrupting)
    for source in (*carried(state, fighter), *on_map(state)):
        word = names.get(source.key)
        if word is None:
            continue
        if used_this_turn(state, fighter, source) is not None:
            continue
        for index, line in enumerate(source.lines):
            if line.timing != "interact" or line.least_cp > room:
                continue
            if _usable(state, catalog, fighter, source, line.least_cp, index):
                found.append(
                    ActionChoice(
                        notation=f"interact {word} line {index + 1}",
                        label=f"{fighter.id}: {source.name}, line {index + 1}",
                        description=line.text,
                    )
                )
                helpers = [] if interrupting else _helpers(state, fighter, source, index)
                if helpers:
                    found.append(
                        ActionChoice(
                            notation=f"interact {word} line {index + 1} with {', '.join(helpers)}",
                            label=f"{', '.join([fighter.id, *helpers])}: {source.name} together",
                            description=line.text,
                        )
                    )
    left = min(max_cp(state, fighter) - fighter.spent, screen_cp(state, fighter))
    for source in ability_sources(state, fighter):
        if not source.key.startswith("ability:"):
            continue
        for index, line in enumerate(source.lines):
            if line.timing != "ability" or line.least_cp > left:
                continue
            if _usable(state, catalog, fighter, source, line.least_cp, index):
                ability = source.key.removeprefix("ability:")
                found.append(
                    ActionChoice(
                        notation=f"ability {ability} line {index + 1}",
                        label=f"{fighter.id}: {source.name}",
                        description=line.text,
                    )
                )
    return found
