"""Running a game system: folding events, applying actions and auditing dice.

These functions are the only way the service touches an engine, so the core rules that
hold for every system live here: a finished game accepts nothing, conceded seats cannot
act, every die an engine draws must appear among its events, and core events (dice,
concessions, the end) are folded the same way for every system.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict

from rules.core.actions import Action
from rules.core.core_fold import fold_core
from rules.core.dice import DiceStream, commitment
from rules.core.events import (
    CORE_EVENT_TYPES,
    DiceMovedOn,
    DiceRolled,
    Event,
    GameEnded,
    SeatConceded,
)
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.roller import Roller, TrialRoller
from rules.core.state import GameState
from rules.core.system import GameSystem


class UnreportedDice(RuntimeError):
    """An engine drew dice without returning the roll among its events (a programming bug)."""


def parse_event(system: GameSystem[Any], data: dict[str, Any]) -> Event:
    """Rebuild an event from its JSON form, older forms first brought up to date by the
    system's :meth:`~rules.core.system.GameSystem.upcast`."""
    data = system.upcast(data)
    kind = data.get("type")
    if kind == "dice":
        return DiceRolled.model_validate(data)
    if kind == "dice_moved_on":
        return DiceMovedOn.model_validate(data)
    if kind == "conceded":
        return SeatConceded.model_validate(data)
    if kind == "ended":
        return GameEnded.model_validate(data)
    if kind == "frame_opened":
        frame = system.parse_frame(data["frame"])
        return FrameOpened.model_validate({**data, "frame": frame})
    if kind == "frame_closed":
        return FrameClosed.model_validate(data)
    return system.parse_event(data)


def evolve(system: GameSystem[Any], state: GameState, event: Event) -> GameState:
    """Fold one event, core or system."""
    folded = fold_core(state, event)
    if folded is not None:
        return folded
    if event.type in CORE_EVENT_TYPES:  # pragma: no cover - guarded by parse_event
        raise TypeError(f"core event {event.type} of unexpected class")
    evolved: GameState = system.evolve(state, event)
    return evolved


def fold(system: GameSystem[Any], state: GameState, events: Iterable[Event]) -> GameState:
    for event in events:
        state = evolve(system, state, event)
    return state


def _check_reported(roller: Roller, events: list[Event]) -> None:
    reported = [e for e in events if isinstance(e, DiceRolled)]
    if reported != roller.rolled:
        raise UnreportedDice("every roll must be returned among the action's events, in order")


def begin(system: GameSystem[Any], state: GameState, seed: bytes) -> list[Event]:
    roller = Roller(seed, state.dice_counter)
    events = system.begin(state, roller)
    _check_reported(roller, events)
    return events


def decide(
    system: GameSystem[Any], state: GameState, seed: bytes, seat: str, action: Action
) -> list[Event] | Rejection:
    """Check the core rules, then let the system decide ``action`` by ``seat``."""
    if state.finished:
        return reject(RejectionCode.GAME_OVER, "This game is over; no more actions are accepted.")
    if seat not in state.seats:
        return reject(RejectionCode.NOT_SEATED, "You do not hold a seat in this game.")
    if seat in state.conceded:
        return reject(RejectionCode.NOT_SEATED, "You conceded; you take no further part.")
    return _decide_with(system, state, seat, action, Roller(seed, state.dice_counter))


def _decide_with(
    system: GameSystem[Any], state: GameState, seat: str, action: Action, roller: Roller
) -> list[Event] | Rejection:
    outcome = system.decide(state, seat, action, roller)
    if isinstance(outcome, Rejection):
        if roller.rolled:
            raise UnreportedDice("a rejected action must not roll dice")
        return outcome
    _check_reported(roller, outcome)
    return outcome


TRIAL_SEED = b"umpire-trial"
"""The dice of a trial: a fixed stream, since a trial's events are thrown away."""


def accepts(system: GameSystem[Any], state: GameState, seat: str, action: Action | str) -> bool:
    """Whether ``seat`` doing ``action`` (or typing it) now would be accepted, tried on the
    immutable state with dice of its own, so suggestions list only what would work. The
    dice are a :class:`~rules.core.roller.TrialRoller`: rules may stop deciding as soon as
    nothing further can refuse the action (``Flow.trial``)."""
    if isinstance(action, str):
        parsed = system.parse_notation(action, state, seat)
        if isinstance(parsed, Rejection):
            return False
        action = parsed
    if state.finished or seat not in state.seats_in_play():
        return False
    trial = TrialRoller(TRIAL_SEED, state.dice_counter)
    return not isinstance(_decide_with(system, state, seat, action, trial), Rejection)


def concede(system: GameSystem[Any], state: GameState, seat: str) -> list[Event] | Rejection:
    """A seat gives up; when one seat remains it wins."""
    if state.finished:
        return reject(RejectionCode.GAME_OVER, "This game is already over.")
    if seat not in state.seats_in_play():
        return reject(RejectionCode.NOT_SEATED, "You have no seat in play to concede.")
    events: list[Event] = [SeatConceded(seat=seat)]
    remaining = tuple(s for s in state.seats_in_play() if s != seat)
    if len(remaining) <= 1:
        reason = f"{system.seat_label(seat)} conceded"  # the seat as every other line names it
        events.append(GameEnded(winners=remaining, reason=reason))
    return events


class RollCheck(BaseModel):
    """One recorded roll compared with what the seed says it must have been."""

    model_config = ConfigDict(frozen=True)

    purpose: str
    counter_start: int
    recorded: tuple[int, ...]
    derived: tuple[int, ...]

    @property
    def matches(self) -> bool:
        return self.recorded == self.derived


class VerifyReport(BaseModel):
    """Result of re-deriving every recorded roll from the revealed seed."""

    model_config = ConfigDict(frozen=True)

    checks: tuple[RollCheck, ...]
    commitment_ok: bool

    @property
    def ok(self) -> bool:
        return self.commitment_ok and all(check.matches for check in self.checks)

    @property
    def mismatches(self) -> tuple[RollCheck, ...]:
        return tuple(check for check in self.checks if not check.matches)


def verify_rolls(seed: bytes, commitment_hex: str, events: Iterable[Event]) -> VerifyReport:
    """Re-derive each recorded roll from ``seed`` and its counter; check the commitment."""
    checks = []
    for event in events:
        if not isinstance(event, DiceRolled):
            continue
        stream = DiceStream(seed, event.counter_start)
        derived = tuple(stream.draw_many(len(event.values), event.sides))
        if stream.counter != event.counter_end:
            derived = (*derived, -1)  # the counter range does not match the draws
        checks.append(
            RollCheck(
                purpose=event.purpose,
                counter_start=event.counter_start,
                recorded=event.values,
                derived=derived,
            )
        )
    return VerifyReport(checks=tuple(checks), commitment_ok=commitment(seed) == commitment_hex)
