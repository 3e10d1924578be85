"""What rolling a command produces: every die, every dice term, every roll."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple


class DieStatus(StrEnum):
    """What became of one drawn die."""

    KEPT = "kept"
    DROPPED = "dropped"
    """Removed by keep/drop (``k``, ``kl``, ``d``, ``dh`` ...)."""
    REROLLED = "rerolled"
    """Replaced by a reroll (``r``, ``rr``); the replacement follows it."""


class DieRoll(NamedTuple):
    """One drawn die. Only kept dice count toward totals and successes."""

    value: int
    status: DieStatus = DieStatus.KEPT
    exploded: bool = False
    """Added by an explosion rather than rolled at the start."""
    natural_max: bool = False
    """Shows the die's highest face (``+1`` on a fudge die)."""
    natural_min: bool = False
    """Shows the die's lowest face (``1``, or ``-1`` on a fudge die) on a die with 2+ faces."""
    success: bool = False
    double: bool = False
    """A success that counts twice."""
    failure: bool = False
    """Takes one success away."""
    drawn: int | None = None
    """The face drawn, when a minimum or maximum (``mi``, ``ma``) changed it to ``value``."""

    @property
    def score(self) -> int:
        """Net successes from this die: +1 per success (+2 if doubled), -1 if a failure."""
        return (2 if self.double else 1 if self.success else 0) - (1 if self.failure else 0)


@dataclass(slots=True)
class DiceTermResult:
    """The dice of one dice term, in display order.

    Each die originally rolled appears in turn: first any values rerolled away, then its
    final value, then the dice its explosions added. ``start``/``end`` locate the term in
    the roll's ``expression``; ``sides`` is 3 for fudge dice, whose faces are -1, 0, +1.
    """

    notation: str
    start: int
    end: int
    sides: int
    fudge: bool
    dice: list[DieRoll]
    total: int
    """Sum of the kept dice."""
    successes: int | None
    """Net successes of the kept dice, or ``None`` when the term has no success target."""
    botches: int | None = None
    """Kept dice counted as botches (Dice Maiden's ``b``), or ``None`` without ``b``."""

    @property
    def value(self) -> int:
        """What the term contributes to the roll: its successes if counted, else its total."""
        return self.total if self.successes is None else self.successes

    @property
    def kept(self) -> list[DieRoll]:
        return [die for die in self.dice if die.status is DieStatus.KEPT]


@dataclass(slots=True)
class RollResult:
    """One rolled expression. ``total`` is the expression's value; when any of its dice
    terms counts successes, ``successes`` equals ``total`` and the roll reads as
    "N successes", otherwise ``successes`` is ``None``. Labels and comments are plain,
    unescaped text.
    """

    label: str | None
    comment: str | None
    expression: str
    total: int
    successes: int | None
    dice: list[DiceTermResult]
    botches: int | None = None
    """Dice counted as botches by the roll's ``b`` terms (``None`` without any); they do
    not change the total."""
    simple: bool = False
    """Shown as its result only (Dice Maiden's ``s``)."""


@dataclass(slots=True)
class RollCommandResult:
    """Everything a command rolled.

    ``all_values`` lists every die face drawn, in draw order, including dice later
    rerolled away or dropped (fudge dice as -1, 0 or +1). The stream's counter went from
    ``counter_start`` to ``counter_end``, so the draws can be re-derived from the seed.
    """

    text: str
    rolls: list[RollResult]
    all_values: list[int]
    counter_start: int
    counter_end: int

    @property
    def dice_rolled(self) -> int:
        """How many dice were drawn, counting rerolls and explosions."""
        return len(self.all_values)
