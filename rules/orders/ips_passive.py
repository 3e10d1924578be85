"""Lines always in force ([11.1] "automatic"): passive lines of the items a character
carries and of its special abilities (the card side in force). The rules that roll dice
or place CP ask here: extra dice for a kind of test, black order sections counting as
red ([24.3]), never running out of ammo ([24.1])."""

from __future__ import annotations

from collections.abc import Iterator

from rules.orders.content.ips import AddDice, DicePool, IpsLine, NeverOutOfAmmo, RedAsBlack
from rules.orders.content.terms import TestKind
from rules.orders.ips_conditions import condition_problem
from rules.orders.ips_sources import Source, ability_source, carried
from rules.orders.state import Fighter, OrdersState


def ability_sources(state: OrdersState, fighter: Fighter) -> tuple[Source, ...]:
    """The special abilities on the card side in force, and its own lines as one more."""
    side = state.side_of(fighter)
    found = [ability_source(state.abilities[a]) for a in side.abilities if a in state.abilities]
    if side.ips:
        name = f"{fighter.name}'s card"
        found.append(Source(kind="ability", key=f"card:{fighter.id}", name=name, lines=side.ips))
    return tuple(found)


def _in_force(state: OrdersState, fighter: Fighter) -> Iterator[IpsLine]:
    if not fighter.standing:
        return
    for source in (*carried(state, fighter), *ability_sources(state, fighter)):
        for line in source.lines:
            if (
                line.timing == "passive"
                and condition_problem(state, fighter, source, line, None) is None
            ):
                yield line


def extra_dice(state: OrdersState, fighter: Fighter, test: TestKind) -> tuple[DicePool, ...]:
    """Dice passive lines add to ``fighter``'s rolls of ``test``."""
    return tuple(
        line.effect.dice
        for line in _in_force(state, fighter)
        if isinstance(line.effect, AddDice) and line.effect.test == test
    )


def passive_dice(state: OrdersState, fighter: Fighter, test: TestKind, colour: str) -> int:
    """How many dice of ``colour`` always-on lines add to ``fighter``'s rolls of ``test``
    (a sharp eye's blue die when targeting, a scavenger's black die when searching);
    dice of another colour than the roll's are not added (reading)."""
    return sum(p.count for p in extra_dice(state, fighter, test) if p.colour == colour)


def black_orders_as_red(state: OrdersState, fighter: Fighter) -> bool:
    """Whether ``fighter`` treats the black sections of its tiles as red ([24.3]), so it
    may use them when interrupting."""
    return any(isinstance(line.effect, RedAsBlack) for line in _in_force(state, fighter))


def never_out_of_ammo(state: OrdersState, fighter: Fighter) -> bool:
    """Whether ``fighter`` ignores out-of-ammo icons ([24.1])."""
    return any(isinstance(line.effect, NeverOutOfAmmo) for line in _in_force(state, fighter))
