"""Wasteland events: the facts a game is folded from.

Events carry results, never decisions: a unit's new positions, wounds and markers come
whole in :class:`UnitsChanged`, so folding needs no rules knowledge and a replay never
re-decides anything. What the rules rolled and decided while deciding (dice, modifiers,
hits, Life rolls, casualties) comes as typed facts (:mod:`rules.wasteland.facts`), told by
:mod:`rules.wasteland.narrate`.

:class:`Report` is the prose line earlier releases wrote instead; games saved by them
still hold it, so it is read and told as it was, but nothing emits it any more.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from rules.core.events import Event
from rules.geometry.pieces import Area, Table
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.facts.battle import BattleFact
from rules.wasteland.facts.combat import CombatFact
from rules.wasteland.facts.command import CommandFact
from rules.wasteland.facts.setup import SetupFact
from rules.wasteland.facts.units import UnitFact
from rules.wasteland.state import (
    Activation,
    ArmyList,
    ListEntry,
    Measure,
    Objective,
    Phase,
    Window,
    WUnit,
    Zone,
)


class DraftUpdated(Event):
    """Private: a seat's whole army list, written at once (``army …``). Earlier releases
    wrote one after every change; those are still read. ``points`` and ``limit`` (None in
    those) are told to the drafting seat: the list's cost and its true limit."""

    type: Literal["wt_draft"] = "wt_draft"
    reveals: ClassVar[bool] = False
    seat: str
    army: ArmyList
    points: int | None = None
    limit: int | None = None
    pool: int = 0  # the attackers' shared pool the limit is a share of (0: not shared)


class DraftEntryAdded(Event):
    """Private: one entry added at the end of a seat's draft (entry ``number``)."""

    type: Literal["wt_draft_add"] = "wt_draft_add"
    reveals: ClassVar[bool] = False
    seat: str
    entry: ListEntry
    number: int
    points: int
    limit: int
    pool: int = 0


class DraftEntryRemoved(Event):
    """Private: entry ``number`` taken out of a seat's draft (``number`` 0: all of them)."""

    type: Literal["wt_draft_remove"] = "wt_draft_remove"
    reveals: ClassVar[bool] = False
    seat: str
    number: int
    entry: ListEntry | None = None
    points: int
    limit: int
    pool: int = 0


class ListSubmitted(Event):
    type: Literal["wt_submitted"] = "wt_submitted"
    reveals: ClassVar[bool] = False
    seat: str


class ListsRevealed(Event):
    type: Literal["wt_revealed"] = "wt_revealed"
    reveals: ClassVar[bool] = True
    lists: dict[str, ArmyList]
    units: tuple[WUnit, ...]
    profiles: dict[str, UnitDef]
    weapons: dict[str, WeaponDef]


class MissionSet(Event):
    type: Literal["wt_mission"] = "wt_mission"
    reveals: ClassVar[bool] = False
    mission: str
    defender: str | None
    battlefield: str
    table: Table
    zones: tuple[Zone, ...]
    objectives: tuple[Objective, ...]


class SettingsSet(Event):
    """Advantages, disadvantages and the battlefield condition in force."""

    type: Literal["wt_settings"] = "wt_settings"
    reveals: ClassVar[bool] = False
    advantages: dict[str, tuple[str, ...]]
    condition: str


class CountersNumbered(Event):
    """Referee only: the face-down numbers of the Rescue counters."""

    type: Literal["wt_counters"] = "wt_counters"
    reveals: ClassVar[bool] = False
    numbers: dict[str, int]
    key: int


class PhaseBegan(Event):
    type: Literal["wt_phase"] = "wt_phase"
    reveals: ClassVar[bool] = False
    phase: Phase


class DeployTurn(Event):
    type: Literal["wt_deploy_turn"] = "wt_deploy_turn"
    reveals: ClassVar[bool] = False
    order: tuple[str, ...]
    seat: str | None


class UnitsChanged(Event):
    """Units as they are now (moved, hit, marked, flagged)."""

    type: Literal["wt_units"] = "wt_units"
    reveals: ClassVar[bool] = False
    units: tuple[WUnit, ...]


class AreaAdded(Event):
    """A wreck or rubble that now counts as terrain."""

    type: Literal["wt_area"] = "wt_area"
    reveals: ClassVar[bool] = False
    area: Area


class TableSet(Event):
    """The terrain as it now is (an obstacle cleared away)."""

    type: Literal["wt_table"] = "wt_table"
    reveals: ClassVar[bool] = False
    table: Table


class AreaDangerous(Event):
    type: Literal["wt_area_dangerous"] = "wt_area_dangerous"
    reveals: ClassVar[bool] = False
    area: str
    roll: int


class AreaVisited(Event):
    type: Literal["wt_area_visited"] = "wt_area_visited"
    reveals: ClassVar[bool] = False
    areas: tuple[str, ...]


class ObjectivesChanged(Event):
    type: Literal["wt_objectives"] = "wt_objectives"
    reveals: ClassVar[bool] = False
    objectives: tuple[Objective, ...]


class ScoresChanged(Event):
    type: Literal["wt_scores"] = "wt_scores"
    reveals: ClassVar[bool] = False
    scores: dict[str, int]


class RoundBegan(Event):
    type: Literal["wt_round"] = "wt_round"
    reveals: ClassVar[bool] = False
    round: int
    order: tuple[str, ...]
    totals: dict[str, int]


class RoundEvent(Event):
    """A random battle event in force this round ("" when none)."""

    type: Literal["wt_round_event"] = "wt_round_event"
    reveals: ClassVar[bool] = False
    event: str


class TurnPassed(Event):
    """Whose turn it is to activate a unit (None: every unit has activated)."""

    type: Literal["wt_turn"] = "wt_turn"
    reveals: ClassVar[bool] = False
    seat: str | None


class SeatPassed(Event):
    """A seat with only held-back units waits for the rest of the round."""

    type: Literal["wt_passed"] = "wt_passed"
    reveals: ClassVar[bool] = False
    seat: str


class SeatOut(Event):
    """A seat's last unit is gone: it is out of the battle, takes no more turns and is no
    longer waited on. ``meaning`` says what that means for the mission."""

    type: Literal["wt_seat_out"] = "wt_seat_out"
    reveals: ClassVar[bool] = False
    seat: str
    meaning: str


class ActivationChanged(Event):
    type: Literal["wt_activation"] = "wt_activation"
    reveals: ClassVar[bool] = False
    active: Activation | None


class WindowsChanged(Event):
    """Legacy (rules version 1): the whole queue of open windows, answered from its front.
    Windows are now frames on the core stack (``FrameOpened``/``FrameClosed``); this is
    still read so that games saved with open windows play on."""

    type: Literal["wt_windows"] = "wt_windows"
    reveals: ClassVar[bool] = False
    windows: tuple[Window, ...]


class ReinforcementUsed(Event):
    type: Literal["wt_reinforcement"] = "wt_reinforcement"
    reveals: ClassVar[bool] = False
    seat: str


class Measured(Event):
    """Measurements to draw on the next picture."""

    type: Literal["wt_measured"] = "wt_measured"
    reveals: ClassVar[bool] = False
    measures: tuple[Measure, ...]


class Report(Event):
    """Legacy: a line of narration written by earlier releases (read, never emitted)."""

    type: Literal["wt_report"] = "wt_report"
    reveals: ClassVar[bool] = False
    text: str


WastelandEvent = (
    DraftUpdated
    | DraftEntryAdded
    | DraftEntryRemoved
    | ListSubmitted
    | ListsRevealed
    | MissionSet
    | SettingsSet
    | CountersNumbered
    | PhaseBegan
    | DeployTurn
    | UnitsChanged
    | AreaAdded
    | TableSet
    | AreaDangerous
    | AreaVisited
    | ObjectivesChanged
    | ScoresChanged
    | RoundBegan
    | RoundEvent
    | TurnPassed
    | SeatPassed
    | SeatOut
    | ActivationChanged
    | WindowsChanged
    | ReinforcementUsed
    | Measured
    | Report
    | UnitFact
    | CombatFact
    | CommandFact
    | SetupFact
    | BattleFact
)
