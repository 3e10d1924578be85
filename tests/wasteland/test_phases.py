"""The army-list and deployment phases are rows of the core phase table: the verbs each
allows, who acts, and the refusals they give."""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.rejection import Rejection, RejectionCode
from rules.core.roller import Roller
from rules.wasteland import actions as act
from rules.wasteland.options import WastelandOptions
from rules.wasteland.phases import LISTS, phase_of
from rules.wasteland.state import WastelandState
from rules.wasteland.system import WastelandSystem

SYSTEM = WastelandSystem()
STATE = SYSTEM.initial_state(WastelandOptions(), ("alpha", "bravo"))


def _refusal(state: WastelandState, seat: str, action: Action) -> Rejection:
    result = SYSTEM.decide(state, seat, action, Roller(b"phases", 0))
    assert isinstance(result, Rejection)
    return result


def test_army_lists_allow_only_list_verbs_and_say_what_is_legal() -> None:
    assert phase_of(STATE) is LISTS
    refusal = _refusal(STATE, "alpha", act.HoldBack(unit="A1"))
    assert refusal.code == RejectionCode.WRONG_PHASE
    assert refusal.message.startswith("Army lists first")
    assert refusal.rule == "004 Step 1" and refusal.legal


def test_only_the_deploying_seat_acts_during_deployment() -> None:
    state = STATE.model_copy(update={"phase": "deployment", "deploying": "bravo"})
    phase = phase_of(state)
    assert phase is not None and phase.acts is not None and phase.acts(state) == ("bravo",)
    waiting = _refusal(state, "alpha", act.HoldBack(unit="A1"))
    assert waiting.code == RejectionCode.NOT_YOUR_TURN
    assert waiting.message == "Bravo is deploying now."
    wrong = _refusal(state, "bravo", act.EndActivation())
    assert wrong.message == "Deployment: `deploy <unit> at x,y` or `hold <unit>`."
    assert phase_of(state.model_copy(update={"phase": "battle"})) is None
