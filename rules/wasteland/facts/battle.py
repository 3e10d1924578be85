"""Facts of the battle's course: rounds, random battle events and mission objectives."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from rules.wasteland.facts.base import Check, Fact


class RoundAnnounced(Fact):
    """A round begins: the initiative totals (Leadership), the order they give, and the
    roll-off dice of tied seats (empty in games saved before they were recorded)."""

    type: Literal["wt_round_announced"] = "wt_round_announced"
    reveals: ClassVar[bool] = False
    round: int
    order: tuple[str, ...]
    totals: dict[str, int]
    rolloffs: dict[str, tuple[int, ...]] = Field(default_factory=dict)


class BattleEventRolled(Fact):
    """The random battle event roll (``roll`` against ``trigger``+); on a trigger, the
    table ``result`` and the ``event`` it gives (None: no event can apply), after the
    (result, event) rolls ``tried`` that could not apply."""

    type: Literal["wt_battle_event_rolled"] = "wt_battle_event_rolled"
    reveals: ClassVar[bool] = False
    seat: str
    roll: int
    trigger: int
    result: int | None = None
    event: str | None = None
    tried: tuple[tuple[int, str], ...] = ()


class BrokeDown(Fact):
    type: Literal["wt_broke_down"] = "wt_broke_down"
    reveals: ClassVar[bool] = False
    unit: str
    name: str


class BattleEventInForce(Fact):
    """An event that changes the round's rules without touching a unit."""

    type: Literal["wt_battle_event"] = "wt_battle_event"
    reveals: ClassVar[bool] = False
    event: Literal["earthquake", "comms_down"]


class TrapSprung(Fact):
    type: Literal["wt_trap"] = "wt_trap"
    reveals: ClassVar[bool] = False
    area: str
    unit: str
    danger: int


class FriendlyFireOpened(Fact):
    """A friendly fire incident: ``shooter`` opens fire on ``target`` (``shot`` False: it
    then finds no shot at the target)."""

    type: Literal["wt_friendly_fire"] = "wt_friendly_fire"
    reveals: ClassVar[bool] = False
    shooter: str
    target: str
    shot: bool = True


class Interacted(Fact):
    """An Interact Action on ``objective`` (its name): slow and steady begun or paid off,
    or a go-for-broke Will roll."""

    type: Literal["wt_interacted"] = "wt_interacted"
    reveals: ClassVar[bool] = False
    unit: str
    objective: str
    mode: Literal["steady_begun", "steady_done", "broke"]
    check: Check | None = None


class ObjectiveProgress(Fact):
    """An objective's count after an Interact (``goal`` None: the Hold mission's score)."""

    type: Literal["wt_objective_progress"] = "wt_objective_progress"
    reveals: ClassVar[bool] = False
    objective: str
    score: int
    goal: int | None = None
    cleared: bool = False


class SeatScored(Fact):
    """A seat's score towards ``goal``, or the score it cut ``against`` to."""

    type: Literal["wt_seat_scored"] = "wt_seat_scored"
    reveals: ClassVar[bool] = False
    seat: str
    score: int
    goal: int
    against: str | None = None


class SalvageSecured(Fact):
    type: Literal["wt_salvage_secured"] = "wt_salvage_secured"
    reveals: ClassVar[bool] = False
    seat: str
    objective: str
    count: int


class CounterTurned(Fact):
    """A Rescue counter turned over: its number, and the seat taking the captive if it is
    the one."""

    type: Literal["wt_counter_turned"] = "wt_counter_turned"
    reveals: ClassVar[bool] = True  # a face-down number turned up, dice or not
    objective: str
    number: int | None
    seat: str | None = None


class NothingScored(Fact):
    type: Literal["wt_nothing_scored"] = "wt_nothing_scored"
    reveals: ClassVar[bool] = False


class Evacuated(Fact):
    type: Literal["wt_evacuated"] = "wt_evacuated"
    reveals: ClassVar[bool] = False
    unit: str
    points: int


class CaptiveEscorted(Fact):
    """The captive moved along with its escort to (``x``, ``y``) in hundredths."""

    type: Literal["wt_captive_escorted"] = "wt_captive_escorted"
    reveals: ClassVar[bool] = False
    unit: str
    x: float
    y: float


class Escaped(Fact):
    type: Literal["wt_escaped"] = "wt_escaped"
    reveals: ClassVar[bool] = False
    unit: str


BattleFact = (
    RoundAnnounced
    | BattleEventRolled
    | BrokeDown
    | BattleEventInForce
    | TrapSprung
    | FriendlyFireOpened
    | Interacted
    | ObjectiveProgress
    | SeatScored
    | SalvageSecured
    | CounterTurned
    | NothingScored
    | Evacuated
    | CaptiveEscorted
    | Escaped
)
