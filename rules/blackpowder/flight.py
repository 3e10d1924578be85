"""A fleeing unit's action (reading 41, settling readings 5, 9 and 28 against 18): a fleeing
unit is activated like any other, but its only action is a rally roll against the rally
score of its quality column. Success turns flight into shaken; failure is another flight
move towards its own table edge (reading 31)."""

from __future__ import annotations

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.dice import face
from rules.blackpowder.events import Rallied
from rules.blackpowder.flow import Flow
from rules.blackpowder.phrasebook import say
from rules.blackpowder.reacting import flee
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.state import BPUnit
from rules.blackpowder.tables.reactions import RALLY_SCORES
from rules.core.rejection import Rejection, RejectionCode, reject


def only_rally(unit: BPUnit) -> Rejection:
    """The refusal of any other action of a fleeing unit."""
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        say("only-rally", piece=unit.piece),
        cited(rule.FLEEING),
    )


def rally_from_flight(flow: Flow, unit: BPUnit) -> None:
    """The fleeing unit's rally roll; on a failure it flees on."""
    score = RALLY_SCORES[flow.state.profile(unit).quality]
    rolled = face(flow.dice(1, f"{unit.id} rallies from flight")[0])
    rallied = rolled >= score
    flow.emit(Rallied(unit=unit.id, face=rolled, score=score, rallied=rallied, fleeing=True))
    if not rallied:
        flee(flow, unit.id)
