"""The Tannhäuser game system: setup, turns, activations and reactions as one plug-in."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter

from rules.core.actions import Action
from rules.core.choices import ActionChoice
from rules.core.events import Event, GameEnded
from rules.core.language import Language
from rules.core.phases import dispatch
from rules.core.prompts import Prompt
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.roller import Roller
from rules.core.secrets import Secret
from rules.core.sheets import Sheet, SheetEntry
from rules.core.system import GameSystem, SeatSpec, TurnStatus
from rules.core.tallies import Tally
from rules.core.visibility import Viewer
from rules.pathmap.scene import CircleMapScene
from rules.tannhauser import events as ev
from rules.tannhauser import greedy
from rules.tannhauser import secrets as hidden
from rules.tannhauser.actions import ACTIONS
from rules.tannhauser.choices import legal
from rules.tannhauser.content.catalog import Catalog
from rules.tannhauser.content.loading import load_catalog
from rules.tannhauser.flow import Flow
from rules.tannhauser.fold import evolve
from rules.tannhauser.names import display_names
from rules.tannhauser.narrate import describe
from rules.tannhauser.notation import VERBS, parse, verbs_now
from rules.tannhauser.phases import SETUP
from rules.tannhauser.picture import tannhauser_scene
from rules.tannhauser.play import decide_play
from rules.tannhauser.present import prompts, status, view
from rules.tannhauser.sheets import entries as sheet_entries
from rules.tannhauser.sheets import sheet as card
from rules.tannhauser.state import PendingFrame, TannhauserOptions, TannhauserState
from rules.tannhauser.tallies import tallies
from rules.tannhauser.view import TannhauserView

BOARD_EVENTS = (
    ev.MapChosen,
    ev.PacksRevealed,
    ev.ActivationEnded,
    ev.TurnStarted,
    ev.Killed,
    GameEnded,
)


class TannhauserSystem(GameSystem[TannhauserState]):
    id = "tannhauser"
    name = "Tannhäuser"
    # 2: the state keeps what the current activation did (``trail``) for its close-up;
    # a game saved before is rebuilt from its log, so its trail is right at once
    rules_version = "2"
    seat_specs = (SeatSpec(id="alpha", label="Alpha"), SeatSpec(id="bravo", label="Bravo"))
    min_seats = 2
    options_model = TannhauserOptions
    event_adapter = TypeAdapter(ev.TannhauserEvent)
    action_adapter = ACTIONS
    frame_adapter = TypeAdapter(PendingFrame)
    verbs = VERBS
    help_text = (
        '**Tannhäuser** — `/game new system:tannhauser options:"map=hollowmere"`. Options: '
        "`map=` hollowmere (2 entry points), harrowpeak (4) or random; `rush=true` "
        "(rush-and-go, 4-entry maps); `reaction_minutes=` (time to answer an overwatch "
        "chance, shake-off, counterattack or crate before Umpire declines; default "
        "720).\nSetup by DM: faction, team (3 heroes + 2 troopers), a pack per character, "
        "bonus tokens; then entry points and the setup roll. Each activation: `activate "
        "<character>`, then `move <circle>` (or a route), at most one action — `attack "
        "<target> with <weapon>`, `throw <grenade> at <circle>`, `pickup`, `give`, `use`, "
        "`search`, `operate` — and `end`. Command Points: `buy move`, `boost <character> "
        "<stat>`, `overwatch <character>`, `reinforce <trooper> <pack>`. `/rules "
        "system:tannhauser` explains every rule."
    )
    reference = Path(__file__).with_name("reference")
    state_model = TannhauserState
    narrates_dice = True

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or load_catalog()

    # -- building ---------------------------------------------------------------------
    def option_values(self) -> dict[str, tuple[str, ...]]:
        return {"mode": tuple(self.catalog.modes), "map": ("random", *self.catalog.maps)}

    def check_options(self, options: BaseModel) -> str | None:
        assert isinstance(options, TannhauserOptions)
        if options.mode not in self.catalog.modes:
            return f"Unknown mode '{options.mode}'. Modes: {', '.join(self.catalog.modes)}."
        if options.map != "random" and options.map not in self.catalog.maps:
            return f"Unknown map '{options.map}'. Maps: random, {', '.join(self.catalog.maps)}."
        if options.rush and options.map != "random":
            entries = len(self.catalog.maps[options.map].entry_points)
            if entries < 4:
                return (
                    "The rush-and-go variant needs a map with four entry points; "
                    f"{self.catalog.maps[options.map].name} has {entries}."
                )
        return None

    def initial_state(self, options: BaseModel, seats: tuple[str, ...]) -> TannhauserState:
        assert isinstance(options, TannhauserOptions)
        mode = self.catalog.modes.get(options.mode) or self.catalog.modes["deathmatch"]
        return TannhauserState(seats=seats, options=options, mode=mode)

    def begin(self, state: TannhauserState, roller: Roller) -> list[Event]:
        flow = Flow(state, roller, evolve, self.catalog)
        choice = state.options.map
        maps = sorted(self.catalog.maps)
        if state.options.rush:
            maps = [m for m in maps if len(self.catalog.maps[m].entry_points) >= 4]
        if choice in self.catalog.maps:
            flow.emit(ev.MapChosen(map=self.catalog.maps[choice]))
        else:
            die = flow.roll(1, purpose="random map").values[0]
            flow.emit(ev.MapChosen(map=self.catalog.maps[maps[(die - 1) % len(maps)]], rolled=True))
        flow.emit(ev.PhaseBegan(phase="factions"))
        return flow.events

    # -- parsing ----------------------------------------------------------------------
    def upcast(self, data: dict[str, Any]) -> dict[str, Any]:
        """Windows were this system's own events before the core kept pending frames."""
        kind = data.get("type")
        if kind == "th_window":
            rest = {k: v for k, v in data.items() if k not in ("type", "window")}
            return {**rest, "type": "frame_opened", "frame": data["window"]}
        if kind == "th_window_closed":
            return {**data, "type": "frame_closed"}
        return data

    def parse_notation(self, text: str, state: TannhauserState, seat: str) -> Action | Rejection:
        return parse(text, state, self.catalog, seat)

    def verbs_now(self, state: TannhauserState, seat: str) -> tuple[str, ...]:
        return verbs_now(state, seat)

    # -- rules ------------------------------------------------------------------------
    def decide(
        self, state: TannhauserState, seat: str, action: Action, roller: Roller
    ) -> list[Event] | Rejection:
        flow = Flow(state, roller, evolve, self.catalog)
        problem = self._decide(flow, seat, action)
        if problem is not None:
            return problem
        return flow.events

    def _decide(self, flow: Flow, seat: str, action: Action) -> Rejection | None:
        state = flow.state
        phase = state.phase
        if phase in SETUP:
            return dispatch(
                flow,
                seat,
                action,
                SETUP[phase],
                lambda: [c.notation for c in self.legal_actions(flow.state, seat)],
            )
        if phase in ("setup_roll", "initiative") and not state.windows:
            return reject(RejectionCode.WRONG_PHASE, "The roll is being made.", "000 Setup rolls")
        return decide_play(flow, seat, action)

    def evolve(self, state: TannhauserState, event: Event) -> TannhauserState:
        return evolve(state, event)

    def legal_actions(self, state: TannhauserState, seat: str) -> list[ActionChoice]:
        return legal(state, self.catalog, seat)

    def prompts(self, state: TannhauserState) -> list[Prompt]:
        return prompts(state, self.catalog)

    def status(self, state: TannhauserState) -> TurnStatus:
        return status(state)

    def tallies(self, state: TannhauserState) -> tuple[Tally, ...]:
        return tallies(state)

    def sheets(
        self, state: TannhauserState | None, viewer: Viewer, language: Language = Language.ENGLISH
    ) -> list[SheetEntry]:
        return sheet_entries(state, viewer, self.catalog)

    def sheet(
        self,
        state: TannhauserState | None,
        viewer: Viewer,
        key: str,
        language: Language = Language.ENGLISH,
    ) -> Sheet | None:
        return card(state, viewer, key, self.catalog)

    def round_number(self, state: TannhauserState) -> int | None:
        return state.turn or None

    # -- presenting -------------------------------------------------------------------
    def view(self, state: TannhauserState, viewer: Viewer) -> TannhauserView:
        return view(state, self.catalog, viewer)

    def scene(self, view: BaseModel) -> CircleMapScene:
        assert isinstance(view, TannhauserView)
        return tannhauser_scene(view)

    def board_after(self, events: list[Event]) -> bool:
        """A picture after each activation, each turn, when tokens appear, and at the end."""
        return any(isinstance(e, BOARD_EVENTS) for e in events)

    def automatic_action(
        self,
        state: TannhauserState,
        seat: str,
        choices: Sequence[ActionChoice],
        rnd: random.Random,
        randomness: float = 0.0,
    ) -> str | None:
        notations = [c.notation for c in choices if c.complete]
        if not notations:
            return None
        if rnd.random() < randomness:
            return rnd.choice(notations)
        return greedy.choose(state, seat, notations)

    def secrets(self, state: TannhauserState, log: Sequence[Event]) -> list[Secret]:
        return hidden.secrets(state, log, lambda e: self.describe(e, state) or "", self.catalog)

    def disguise(self, state: TannhauserState) -> TannhauserState | None:
        return hidden.disguise(state, self.catalog)

    def describe(self, event: Event, state: TannhauserState | None = None) -> str | None:
        first = state.first_activator if state is not None else None
        return describe(event, display_names(state, self.catalog), first)
