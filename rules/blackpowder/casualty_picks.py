"""Who falls to ranged fire (readings 13, 30 and 45): the target's owner picks the models
it loses among those in the shooters' sight. When more of them stand in sight than fall,
the owner is asked (a window with the deadline of option ``answer_minutes``; at the
deadline the nearest to the shooters fall) and the unit's reaction test waits for the
answer. Otherwise the fallen are removed at once: every model in sight, and if more fall
than stand in sight, the nearest of the others."""

from __future__ import annotations

from rules.blackpowder.actions import PickCasualties
from rules.blackpowder.flow import Flow
from rules.blackpowder.losses import casualties
from rules.blackpowder.phrasebook import say
from rules.blackpowder.rules_cited import RANGED_FIRE, cited
from rules.blackpowder.state import AfterFireStep, BPUnit, CasualtyChoiceWindow
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject


def remove_or_ask(
    flow: Flow,
    target: BPUnit,
    shooter: BPUnit,
    fallen: int,
    nearest: tuple[str, ...],
    seen: frozenset[str],
    volley: bool,
) -> bool:
    """Removes ``fallen`` models of ``target`` now (True), or asks its owner to pick them
    among those in sight (False: the reaction test waits as a pending step). ``nearest``
    orders the unit's models by their distance to the shooters."""
    in_sight = tuple(m for m in nearest if m in seen)
    if fallen >= len(in_sight):
        others = tuple(m for m in nearest if m not in seen)
        flow.emit(casualties(target, (*in_sight, *others)[:fallen]))
        return True
    flow.emit(
        FrameOpened(
            frame=AfterFireStep(
                unit=target.id, shooter=shooter.id, casualties=fallen, volley=volley
            )
        ),
        FrameOpened(
            frame=CasualtyChoiceWindow(
                seat=target.seat,
                unit=target.id,
                enemy=shooter.id,
                count=fallen,
                among=in_sight,
            )
        ),
    )
    return False


def pick(flow: Flow, seat: str, action: PickCasualties) -> Rejection | None:
    """The owner's answer: exactly as many different models as fall, all in sight."""
    window = flow.state.casualty_choice()
    assert window is not None and window.seat == seat
    chosen = window.among[: window.count] if action.nearest else action.models
    wrong = [m for m in chosen if m not in window.among]
    if wrong:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say(
                "pick-not-in-sight",
                model=wrong[0],
                unit=window.unit,
                enemy=window.enemy,
                among=", ".join(window.among),
            ),
            cited(RANGED_FIRE),
        )
    if len(set(chosen)) != window.count or len(chosen) != window.count:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say(
                "pick-how-many",
                unit=window.unit,
                count=window.count,
                among=", ".join(window.among),
            ),
            cited(RANGED_FIRE),
        )
    flow.emit(
        FrameClosed(answer="nearest" if action.nearest else " ".join(chosen)),
        casualties(flow.state.unit(window.unit), chosen),
    )
    return None
