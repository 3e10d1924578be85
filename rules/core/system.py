"""The plug-in contract every game system implements.

Shaped after boardgame.io (setup, moves, player views), Rally the Troops (setup / view /
action / query modules for asynchronous games) and python-chess (a small typed rules core
whose legal-move listing drives the user interface):

* :meth:`GameSystem.initial_state` builds the state for seated players and options;
  :meth:`GameSystem.begin` returns the events that start play (setup rolls, first prompts).
* :meth:`GameSystem.decide` turns (state, seat, action, dice) into events or a
  :class:`~rules.core.rejection.Rejection`; :meth:`GameSystem.evolve` folds one event.
* :meth:`GameSystem.view` redacts the state for a seat, a spectator or the referee; only
  views ever leave the service, so hidden information cannot leak by accident.
* :meth:`GameSystem.legal_actions` and :meth:`GameSystem.prompts` drive autocomplete,
  buttons and DMs.
* :meth:`GameSystem.scene` describes what the board picture of a view shows; a renderer
  draws the scene.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from rules.core.actions import Action
from rules.core.choices import ActionChoice
from rules.core.events import Event
from rules.core.frames import Frame
from rules.core.language import Language
from rules.core.options import OptionSpec, option_specs
from rules.core.prompts import Prompt
from rules.core.rejection import Rejection
from rules.core.roller import Roller
from rules.core.secrets import Secret
from rules.core.sheets import Sheet, SheetEntry
from rules.core.state import GameState
from rules.core.tallies import Tally
from rules.core.verbs import VerbTable
from rules.core.visibility import Viewer

S = TypeVar("S", bound=GameState)


class SeatSpec(BaseModel):
    """A side players can join, e.g. ``red`` labelled "Red team"."""

    model_config = ConfigDict(frozen=True)

    id: str
    label: str


class TurnStatus(BaseModel):
    """Where the game stands: the phase in words and whose input it is waiting for."""

    model_config = ConfigDict(frozen=True)

    phase: str
    waiting_on: tuple[str, ...] = ()
    summary: str = ""


class GameSystem(ABC, Generic[S]):
    """A game system plug-in. Implementations are stateless; all game data lives in ``S``."""

    id: ClassVar[str]
    name: ClassVar[str]
    rules_version: ClassVar[str]
    seat_specs: ClassVar[tuple[SeatSpec, ...]]
    min_seats: ClassVar[int] = 2
    options_model: ClassVar[type[BaseModel]]
    state_model: ClassVar[type[GameState]]
    # validators of the system's own event and action unions (discriminated by ``type``)
    event_adapter: ClassVar[TypeAdapter[Any]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    # the verbs /act reads: parsing, usage in refusals and typing hints
    verbs: ClassVar[VerbTable[Any] | None] = None
    # validator of the system's frame union (discriminated by ``frame``), for staged states
    frame_adapter: ClassVar[TypeAdapter[Any] | None] = None
    # the /help page of the system: how to start a game, its options and its actions
    help_text: ClassVar[str] = ""
    # the folder of the system's rules-reference entries (``rules_<id>.json``) for /rules
    reference: ClassVar[Path | None] = None
    # True when the system's own events already show every die (raw rolls are then not
    # narrated separately)
    narrates_dice: ClassVar[bool] = False

    # -- building -------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, options: BaseModel, seats: tuple[str, ...]) -> S:
        """The state before any event, for these seats in seating order."""

    def option_values(self) -> dict[str, tuple[str, ...]]:
        """Allowed values of options that depend on content (maps, battlefields)."""
        return {}

    def options(self) -> list[OptionSpec]:
        """The options ``/game new`` offers, from the options model and its content."""
        return option_specs(self.options_model, self.option_values())

    def check_options(self, options: BaseModel) -> str | None:
        """A problem with options that the model alone cannot see (e.g. an unknown map)."""
        return None

    def check_start(self, options: BaseModel, seats: tuple[str, ...]) -> str | None:
        """A problem with these options for this many players, checked at the start."""
        return None

    def begin(self, state: S, roller: Roller) -> list[Event]:
        """Events that open play (setup rolls, deals). Default: none."""
        return []

    # -- parsing ----------------------------------------------------------------------
    def parse_event(self, data: dict[str, Any]) -> Event:
        """Rebuild one of this system's events from its JSON form."""
        event: Event = self.event_adapter.validate_python(data)
        return event

    def parse_frame(self, data: dict[str, Any]) -> Frame:
        """Rebuild one of this system's pending frames from its JSON form."""
        if self.frame_adapter is None:
            raise ValueError(f"{self.id} keeps no pending frames")
        frame: Frame = self.frame_adapter.validate_python(data)
        return frame

    def upcast(self, data: dict[str, Any]) -> dict[str, Any]:
        """Bring an event's JSON form written by an earlier release up to date (default:
        unchanged). Logs are never rewritten; old forms are read through this."""
        return data

    def parse_action(self, data: dict[str, Any]) -> Action:
        """Rebuild one of this system's actions from its JSON form."""
        action: Action = self.action_adapter.validate_python(data)
        return action

    @abstractmethod
    def parse_notation(self, text: str, state: S, seat: str) -> Action | Rejection:
        """Read an action typed by a player (``/act``) for ``seat``."""

    def verbs_now(self, state: S, seat: str) -> tuple[str, ...]:
        """The words of :attr:`verbs` that make sense for ``seat`` now."""
        return ()

    def typing_hints(self, state: S, seat: str, typed: str) -> list[str]:
        """Usage forms of the verbs ``seat`` could be typing now (``move <circle>``)."""
        if self.verbs is None:
            return []
        return self.verbs.hints(typed, self.verbs_now(state, seat))

    # -- rules ------------------------------------------------------------------------
    @abstractmethod
    def decide(
        self, state: S, seat: str, action: Action, roller: Roller
    ) -> list[Event] | Rejection:
        """Validate ``action`` by ``seat`` and return the events it causes."""

    @abstractmethod
    def evolve(self, state: S, event: Event) -> S:
        """Apply one of this system's events (core events are folded by the core)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: str) -> list[ActionChoice]:
        """Everything ``seat`` may do now, for autocomplete and buttons."""

    def legal_actions_in(
        self, state: S, seat: str, language: Language = Language.ENGLISH
    ) -> list[ActionChoice]:
        """:meth:`legal_actions` written and labelled for a reader of ``language``: a
        system whose notation reads in that language too suggests it so. Default: the
        English ones."""
        return self.legal_actions(state, seat)

    @abstractmethod
    def prompts(self, state: S) -> list[Prompt]:
        """Open questions addressed to particular seats."""

    @abstractmethod
    def status(self, state: S) -> TurnStatus:
        """Phase and the seats whose input is awaited."""

    # -- presenting -------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, viewer: Viewer) -> BaseModel:
        """The state as ``viewer`` may see it; hidden information removed."""

    def scene(self, view: BaseModel) -> BaseModel | None:
        """What the board picture of ``view`` (one of this system's views) shows: a scene,
        plain data built from the view alone, which the renderer for its type draws.
        Default: None, the system has no picture."""
        return None

    def scene_in(self, view: BaseModel, language: Language = Language.ENGLISH) -> BaseModel | None:
        """:meth:`scene` with its words (title, key, labels) in ``language``: the same
        picture otherwise. Default: the English scene, whatever the language."""
        return self.scene(view)

    @abstractmethod
    def describe(self, event: Event, state: S | None = None) -> str | None:
        """One line of text for the log, or None for events that need no line.

        ``state`` (when given) is a state at or after the event, for looking up names.
        """

    def describe_in(
        self, event: Event, state: S | None = None, language: Language = Language.ENGLISH
    ) -> str | None:
        """:meth:`describe` in ``language``. Default: the English line, whatever the
        language; a system that speaks German too overrides this."""
        return self.describe(event, state)

    def status_in(self, state: S, language: Language = Language.ENGLISH) -> TurnStatus:
        """:meth:`status` with its words in ``language`` (default: the English status)."""
        return self.status(state)

    def prompts_in(self, state: S, language: Language = Language.ENGLISH) -> list[Prompt]:
        """:meth:`prompts` with their words in ``language``: the same questions with the
        same keys (default: the English prompts)."""
        return self.prompts(state)

    def tallies(self, state: S) -> tuple[Tally, ...]:
        """Public counts per seat (points scored, models lost) that `/game catchup`
        compares between a player's last action and now, naming those that changed.
        Only what every player may know. Default: none."""
        return ()

    def sheets(
        self, state: S | None, viewer: Viewer, language: Language = Language.ENGLISH
    ) -> list[SheetEntry]:
        """The cards ``/game sheet`` can open (:mod:`rules.core.sheets`): the units or
        characters of ``state`` as ``viewer`` may see them (``in_game``), then those of
        the system's content packs; ``state`` None (no game here) lists the content alone.
        Never anything ``viewer`` may not know: built from their view. Default: none."""
        return []

    def sheet(
        self, state: S | None, viewer: Viewer, key: str, language: Language = Language.ENGLISH
    ) -> Sheet | None:
        """The card under ``key`` (one of :meth:`sheets`' keys for the same state and
        viewer), worded in ``language`` where the system speaks it; None when there is no
        such card. Default: none."""
        return None

    def round_number(self, state: S) -> int | None:
        """The game's round (or turn) counted from 1 once play proper has begun; None
        while setting up, and for systems without rounds. The dashboard shows it, and the
        compact channel posts sum up one round in one message. Default: None."""
        return None

    # -- a simple automatic player -------------------------------------------------------
    def automatic_action(
        self,
        state: S,
        seat: str,
        choices: Sequence[ActionChoice],
        rnd: random.Random,
        randomness: float = 0.0,
    ) -> str | None:
        """What a simple player would type among the legal ``choices`` (None: nothing).

        With ``randomness`` (0 to 1) it plays that share of its moves at random from
        ``rnd``; the rest are the system's own sensible picks, so test games, benchmarks
        and examples reach an end. Default: always at random."""
        complete = [c.notation for c in choices if c.complete]
        return rnd.choice(complete) if complete else None

    # -- hidden information -------------------------------------------------------------
    def secrets(self, state: S, log: Sequence[Event]) -> list[Secret]:
        """Everything hidden at this moment and who may know it, given the live events so
        far (a seat that was shown a secret privately holds it). Default: nothing."""
        return []

    def disguise(self, state: S) -> S | None:
        """The same game with every hidden thing changed and every public thing kept, or
        None when nothing is hidden. Anyone not entitled to a secret must see no difference."""
        return None

    def board_after(self, events: list[Event]) -> bool:
        """Whether these events call for a fresh board picture. Default: always."""
        return True

    def seat_label(self, seat: str) -> str:
        for spec in self.seat_specs:
            if spec.id == seat:
                return spec.label
        return seat
