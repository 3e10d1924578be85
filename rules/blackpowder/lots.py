"""Drawing lots in secret: a new order of things with dice only the referee sees (the
deck's shuffle, which hidden piece goes to which place). One die per place, of as many
sides as things are left to place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rules.blackpowder.flow import Flow
from rules.core.visibility import REFEREE

T = TypeVar("T")


def secret_order(flow: Flow, things: Sequence[T], purpose: str) -> list[T]:
    """``things`` in an order drawn with referee-only dice."""
    left = list(things)
    order: list[T] = []
    while len(left) > 1:
        raw = flow.roll(1, len(left), purpose=purpose, visibility=REFEREE).values[0]
        order.append(left.pop((raw - 1) % len(left)))
    order.extend(left)
    return order
