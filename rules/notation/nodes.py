"""The parsed form of a dice expression: numbers, dice terms, negation and operator chains.

Every node records where it starts in the original command text, so errors found while
rolling (division by zero, a result too large, too many dice) can point at the culprit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, TypeAlias

CompareOp: TypeAlias = Literal["=", "<", "<=", ">", ">="]
ArithmeticOp: TypeAlias = Literal["+", "-", "*", "/"]


@dataclass(frozen=True, slots=True)
class Comparison:
    """A test applied to one die's face, such as ``>= 6``."""

    op: CompareOp
    value: int

    def matches(self, face: int) -> bool:
        op = self.op
        if op == ">=":
            return face >= self.value
        if op == "=":
            return face == self.value
        if op == ">":
            return face > self.value
        if op == "<=":
            return face <= self.value
        return face < self.value

    def covers(self, low: int, high: int) -> bool:
        """Whether every face from ``low`` to ``high`` passes the test."""
        op = self.op
        if op == "=":
            return low == high == self.value
        if op == "<":
            return high < self.value
        if op == "<=":
            return high <= self.value
        if op == ">":
            return low > self.value
        return low >= self.value

    def __str__(self) -> str:
        return f"{self.op}{self.value}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """``r``/``ro``/``rg`` (once) or ``rr``/``ir``/``irg`` (until the die no longer
    matches)."""

    condition: Comparison
    repeat: bool
    position: int


@dataclass(frozen=True, slots=True)
class Explode:
    """``!``/``ie`` (every matching die adds another, repeatedly) or ``!o``/``e`` (at most
    once per die)."""

    condition: Comparison
    repeat: bool
    position: int


@dataclass(frozen=True, slots=True)
class Selection:
    """Keep or drop the ``count`` highest or lowest dice."""

    keep: bool
    highest: bool
    count: int
    position: int


@dataclass(frozen=True, slots=True)
class Dice:
    """One dice term such as ``4d6k3`` or ``6d10t6f1``, spanning ``start:end`` of the text."""

    count: int
    sides: int
    fudge: bool
    start: int
    end: int
    reroll: Reroll | None = None
    explode: Explode | None = None
    selection: Selection | None = None
    success: Comparison | None = None
    failure: Comparison | None = None
    double: Comparison | None = None
    minimum: int | None = None
    """``miN``: each die below N counts as N."""
    maximum: int | None = None
    """``maN``: each die above N counts as N."""
    botch: Comparison | None = None
    """``bN`` (Dice Maiden): kept dice matching are counted as botches, apart from the
    value."""

    @property
    def plain(self) -> bool:
        """Whether the term has no modifier at all: its dice are simply summed."""
        return (
            self.reroll is None
            and self.explode is None
            and self.selection is None
            and self.success is None
            and self.minimum is None
            and self.maximum is None
            and self.botch is None
        )

    @property
    def min_face(self) -> int:
        return -1 if self.fudge else 1

    @property
    def max_face(self) -> int:
        return 1 if self.fudge else self.sides


@dataclass(frozen=True, slots=True)
class Number:
    """An integer constant."""

    value: int
    position: int


@dataclass(frozen=True, slots=True)
class Negate:
    """Unary minus."""

    operand: Node
    position: int


@dataclass(frozen=True, slots=True)
class Link:
    """One ``op operand`` step of a :class:`Chain`; ``position`` is where ``op`` stands."""

    op: ArithmeticOp
    operand: Node
    position: int


@dataclass(frozen=True, slots=True)
class Chain:
    """Operands of equal precedence applied left to right: ``first op1 x1 op2 x2 ...``."""

    first: Node
    links: tuple[Link, ...]


Node: TypeAlias = Number | Dice | Negate | Chain


def iter_dice(node: Node) -> Iterator[Dice]:
    """Every dice term in ``node``, left to right."""
    pending: list[Node] = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, Dice):
            yield current
        elif isinstance(current, Negate):
            pending.append(current.operand)
        elif isinstance(current, Chain):
            pending.extend(link.operand for link in reversed(current.links))
            pending.append(current.first)
