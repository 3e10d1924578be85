"""Trying an action on a copy of the game, to suggest only what would be accepted.

States are immutable, so a trial never touches the real game; its dice come from a fixed
stream of their own and are thrown away with the trial's events.
"""

from __future__ import annotations

from rules.core.rejection import Rejection
from rules.core.roller import Roller
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.notation import parse
from rules.wasteland.play import decide_battle
from rules.wasteland.state import WastelandState

TRIAL_SEED = b"umpire-wasteland-trial"


def accepted(state: WastelandState, catalog: Catalog, seat: str, notation: str) -> bool:
    """Whether ``seat`` typing ``notation`` now would be accepted (dice aside)."""
    action = parse(notation, state, catalog, seat)
    if isinstance(action, Rejection):
        return False
    flow = Flow(state, Roller(TRIAL_SEED, 0), catalog)
    return decide_battle(flow, seat, action) is None
