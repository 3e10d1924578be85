"""Wasteland's turn sequence as data: what carries on with each kind of pending step.

Rule modules never call up into the module that carries on after them; they push a pending
step (:mod:`rules.wasteland.state`) and return. After every accepted action the decider
calls :func:`settle`, which runs the steps from the top of the stack until a window waits
for an answer, the stack is empty or the battle is over:

* :class:`~rules.wasteland.state.OfferReactions` (pushed by a Shoot or Fight Action, and by
  Assault fire after a move): the targets' reaction windows open, or the attack is resolved
  at once (:func:`rules.wasteland.reactions.offer`);
* :class:`~rules.wasteland.state.AfterAction` (pushed beneath an Action of the active unit):
  the activation ends once nothing is left (:func:`rules.wasteland.activation.after_action`);
* :class:`~rules.wasteland.state.EndRound` (pushed when no seat has units left to
  activate): the morale phase, scoring and the next round
  (:func:`rules.wasteland.rounds.end_round`).

Only the decider imports this module, so it may import every rule module.
"""

from __future__ import annotations

from rules.core.settle import StepTable
from rules.core.settle import settle as carry_on
from rules.wasteland.activation import after_action
from rules.wasteland.flow import Flow
from rules.wasteland.reactions import offer
from rules.wasteland.rounds import end_round
from rules.wasteland.state import AfterAction, EndRound, OfferReactions


def _offer(flow: Flow, step: OfferReactions) -> None:
    offer(flow, step.plan)


def _after_action(flow: Flow, step: AfterAction) -> None:
    after_action(flow)


def _end_round(flow: Flow, step: EndRound) -> None:
    end_round(flow)


STEPS: StepTable[Flow] = {
    OfferReactions: _offer,
    AfterAction: _after_action,
    EndRound: _end_round,
}


def settle(flow: Flow) -> None:
    """Carry on with the pending steps until somebody must answer or the battle is over."""
    carry_on(flow, STEPS)
