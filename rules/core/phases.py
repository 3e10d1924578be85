"""A system's phase table: in each phase, which verbs are allowed, who acts and what
decides each verb, in the spirit of boardgame.io's phases and stages and Rally the Troops'
state tables.

The table is data: :func:`dispatch` reads the row for the current phase, refuses a seat
that is not among those who act and a verb the phase does not allow (citing the phase's
rule and listing what is legal), and otherwise hands the action to the verb's handler.
What a phase does when it ends (reveal secret picks, roll for initiative, open the next
phase) stays in the handlers, which emit the events that move the game on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from rules.core.actions import Action
from rules.core.flow import Flow
from rules.core.rejection import Rejection, RejectionCode, reject

F = TypeVar("F", bound=Flow[Any])

Handler = Callable[[F, str, Any], Rejection | None]
"""Decides one verb: the flow, the acting seat and the action; a refusal or None."""


@dataclass(frozen=True)
class Phase(Generic[F]):
    """One row of a phase table.

    ``verbs`` maps each action type allowed in the phase to its handler. ``acts`` names
    the seats that may act now (None: every seat in play). ``refusal`` is said to a seat
    that tries a verb the phase does not allow, with ``rule`` cited; ``waiting`` to a seat
    that is not among those who act.
    """

    name: str
    rule: str
    verbs: Mapping[type[Action], Handler[F]] = field(default_factory=dict)
    acts: Callable[[Any], Sequence[str]] | None = None
    refusal: str = "That action is not possible now."
    waiting: str = "It is not your turn."


def dispatch(
    flow: F, seat: str, action: Action, phase: Phase[F], legal: Callable[[], Sequence[str]]
) -> Rejection | None:
    """Decide ``action`` by ``seat`` by the row ``phase`` of the table; ``legal`` lists
    the notation of what the seat may do instead (asked only for a refusal)."""
    if phase.acts is not None and seat not in phase.acts(flow.state):
        return reject(RejectionCode.NOT_YOUR_TURN, phase.waiting, phase.rule)
    handler = phase.verbs.get(type(action))
    if handler is None:
        return reject(RejectionCode.WRONG_PHASE, phase.refusal, phase.rule, list(legal()))
    return handler(flow, seat, action)
