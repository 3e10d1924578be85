"""The phases before the battle as a table: the verbs each allows, who acts and what decides
them (004 Step 1: army lists; Step 4: deployment).

The battle (reaction and nullify windows, activations and the turn) is decided in
:mod:`rules.wasteland.play`, where who may act depends on the stack and the activation.
"""

from __future__ import annotations

from rules.core.phases import Phase
from rules.wasteland import actions as act
from rules.wasteland import deployment, setup_phase
from rules.wasteland.flow import Flow
from rules.wasteland.seats import seat_label
from rules.wasteland.state import WastelandState

LISTS: Phase[Flow] = Phase(
    name="lists",
    rule="004 Step 1",
    verbs={
        act.DraftList: setup_phase.draft,
        act.AddUnit: setup_phase.draft,
        act.RemoveUnit: setup_phase.draft,
        act.SubmitList: setup_phase.draft,
    },
    refusal="Army lists first: add units by DM or type `army …`, then `submit`.",
)


def _deploying(state: WastelandState) -> tuple[str, ...]:
    return (state.deploying,) if state.deploying else ()


def deployment_phase(state: WastelandState) -> Phase[Flow]:
    """Deployment (004 Step 4): the seat whose turn it is places or holds back a unit."""
    return Phase(
        name="deployment",
        rule="004 Step 4",
        verbs={act.Deploy: deployment.deploy, act.HoldBack: deployment.hold},
        acts=_deploying,
        refusal="Deployment: `deploy <unit> at x,y` or `hold <unit>`.",
        waiting=f"{seat_label(state.deploying)} is deploying now.",
    )


def phase_of(state: WastelandState) -> Phase[Flow] | None:
    """The table's row for the state's phase, or None when the battle decides."""
    if state.phase == "lists":
        return LISTS
    if state.phase == "deployment":
        return deployment_phase(state)
    return None
