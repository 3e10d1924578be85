"""The Wasteland Tactics game system (source 004) as one plug-in."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.actions import Action
from rules.core.choices import ActionChoice
from rules.core.engine import accepts
from rules.core.events import Event, GameEnded
from rules.core.language import Language
from rules.core.phases import dispatch
from rules.core.prompts import Prompt
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.roller import Roller
from rules.core.secrets import Secret
from rules.core.sheets import Sheet, SheetEntry
from rules.core.system import GameSystem, TurnStatus
from rules.core.tallies import Tally
from rules.core.visibility import Viewer
from rules.geometry.generator import GENERATED
from rules.geometry.scene import TableScene
from rules.wasteland import events as ev
from rules.wasteland import greedy
from rules.wasteland import secrets as hidden
from rules.wasteland.actions import ACTIONS
from rules.wasteland.advanced import parse_handicap
from rules.wasteland.choices import legal
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.loading import load_catalog
from rules.wasteland.flow import Flow
from rules.wasteland.fold import evolve
from rules.wasteland.missions import MISSIONS, check_victory
from rules.wasteland.narrate import describe
from rules.wasteland.notation import VERBS, parse, verbs_now
from rules.wasteland.options import WastelandOptions
from rules.wasteland.phases import phase_of
from rules.wasteland.picture import wasteland_scene
from rules.wasteland.play import decide_battle
from rules.wasteland.present import prompts, status
from rules.wasteland.seats import SEAT_SPECS
from rules.wasteland.setup_phase import begin
from rules.wasteland.sheets import entries as sheet_entries
from rules.wasteland.sheets import sheet as unit_sheet
from rules.wasteland.starter_lists import starter_list
from rules.wasteland.state import WastelandFrame, WastelandState
from rules.wasteland.tallies import tallies
from rules.wasteland.upcast import upcast
from rules.wasteland.view import WastelandView, view

BOARD_EVENTS = (ev.MissionSet, ev.DeployTurn, ev.RoundBegan, GameEnded)


class WastelandSystem(GameSystem[WastelandState]):
    id = "wasteland"
    name = "Wasteland Tactics"
    # 2: windows and pending steps are frames on the core stack (top answered first)
    # 3: units remember which of their models moved (Heavy weapons are judged per model)
    rules_version = "3"
    seat_specs = SEAT_SPECS
    min_seats = 2
    options_model = WastelandOptions
    verbs = VERBS
    help_text = (
        '**Wasteland Tactics** — `/game new system:wasteland options:"size=patrol '
        'mission=random"` for 2-4 players. Options: `size=` patrol (100 points), platoon '
        "(1,000) or company (2,000+); `points=`; `mission=` random or one of the ten; "
        "`battlefield=` a preset, random or generated; `rounds=` (8); `defender=`; "
        "`reaction_minutes=` (time to answer a reaction before Umpire declines; default "
        "720). Advanced rules, each off unless set: `granular=true firing_positions=true "
        "partial_concealment=true occupy_buildings=true advantages=true crippling=true "
        "close_formations=true random_events=true conditions=random "
        "handicap=alpha:+veterans`.\nArmy lists by DM, secret until all are in: `army starter "
        "cistern-wardens` (a ready-made list) or `army warden-militia x10, "
        "warden-sluice-captain x1`, `add`, `remove 2`, `submit`. Then `deploy <unit> at "
        "12,40 line facing north` or `hold <unit>`. Each activation: `activate <unit>`, two "
        "of `move to 30,20` · `move by 0,-6` · `move toward B2 4` · `shoot B2 with rifle` · "
        "`fight B2` · `defend` · `cast fury at B2` · `interact o1 steady`, or `order "
        "<leader> push <unit>`; then `end`. Reactions: `react <unit> "
        "withdraw|ground|counter|none`. Points are inches from the top-left corner, as on "
        "the picture's grid. `/rules system:wasteland` explains every rule."
    )
    reference = Path(__file__).with_name("reference")
    state_model = WastelandState
    # read by the event's type alone: the union is large, and each type names one class
    frame_adapter = TypeAdapter(WastelandFrame)
    event_adapter = TypeAdapter(Annotated[ev.WastelandEvent, Field(discriminator="type")])
    action_adapter = ACTIONS
    narrates_dice = True

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or load_catalog()

    def option_values(self) -> dict[str, tuple[str, ...]]:
        presets = tuple(sorted(self.catalog.battlefields))
        return {"battlefield": ("random", "generated", *presets)}

    def check_options(self, options: BaseModel) -> str | None:
        assert isinstance(options, WastelandOptions)
        presets = self.catalog.battlefields
        if options.battlefield not in ("random", GENERATED, *presets):
            names = ", ".join(["random", GENERATED, *sorted(presets)])
            return f"Unknown battlefield '{options.battlefield}'. Battlefields: {names}."
        if options.size == "company" and options.point_limit < 2000:
            return "A company-sized game has 2,000 points or more."
        if options.handicap:
            parsed = parse_handicap(options.handicap, tuple(s.id for s in self.seat_specs))
            if isinstance(parsed, str):
                return parsed
        return None

    def check_start(self, options: BaseModel, seats: tuple[str, ...]) -> str | None:
        """Attackers share one pool of points (004 Missions): it must field a list each."""
        assert isinstance(options, WastelandOptions)
        mission = MISSIONS.get(options.mission)
        if len(seats) < 3 or (mission is not None and not mission.defender):
            return None
        # the defender is the first seat here; each attacker's share is what matters
        trial = self.initial_state(options, seats).model_copy(update={"defender": seats[0]})
        if any(starter_list(trial, self.catalog, seats[1], f) for f in self.catalog.factions):
            return None
        share = options.point_limit // (len(seats) - 1)
        return (
            f"With {len(seats)} players, a mission with a defender"
            + (" (a random mission may have one)" if mission is None else "")
            + f" leaves each attacker "
            f"{share} points of the shared {options.point_limit}, too few for any list. Raise "
            "`points=`, or choose a mission without a defender (e.g. `mission=annihilation`)."
        )

    def initial_state(self, options: BaseModel, seats: tuple[str, ...]) -> WastelandState:
        assert isinstance(options, WastelandOptions)
        return WastelandState(seats=seats, options=options, scores={s: 0 for s in seats})

    def begin(self, state: WastelandState, roller: Roller) -> list[Event]:
        flow = Flow(state, roller, self.catalog)
        begin(flow)
        return flow.events

    def upcast(self, data: dict[str, Any]) -> dict[str, Any]:
        """Older event forms brought up to date (see :mod:`rules.wasteland.upcast`)."""
        return upcast(data)

    def parse_notation(self, text: str, state: WastelandState, seat: str) -> Action | Rejection:
        return parse(text, state, self.catalog, seat)

    def verbs_now(self, state: WastelandState, seat: str) -> tuple[str, ...]:
        return verbs_now(state, seat)

    def decide(
        self, state: WastelandState, seat: str, action: Action, roller: Roller
    ) -> list[Event] | Rejection:
        if seat in state.out:
            return reject(
                RejectionCode.NOT_SEATED,
                "Your force has no units left: you are out of the battle and take no further part.",
                "004 Step 2",
            )
        flow = Flow(state, roller, self.catalog)
        problem = self._decide(flow, seat, action)
        if problem is not None:
            return problem
        if not flow.over and flow.state.phase == "battle":
            check_victory(flow)
        return flow.events

    def _decide(self, flow: Flow, seat: str, action: Action) -> Rejection | None:
        phase = phase_of(flow.state)
        if phase is not None:
            return dispatch(
                flow,
                seat,
                action,
                phase,
                lambda: [c.notation for c in self.legal_actions(flow.state, seat)],
            )
        if flow.state.phase == "battle":
            return decide_battle(flow, seat, action)
        return reject(RejectionCode.GAME_OVER, "The battle is over.")

    def evolve(self, state: WastelandState, event: Event) -> WastelandState:
        return evolve(state, event)

    def legal_actions(self, state: WastelandState, seat: str) -> list[ActionChoice]:
        return legal(state, self.catalog, seat, lambda typed: accepts(self, state, seat, typed))

    def prompts(self, state: WastelandState) -> list[Prompt]:
        return prompts(state, self.catalog)

    def status(self, state: WastelandState) -> TurnStatus:
        return status(state)

    def tallies(self, state: WastelandState) -> tuple[Tally, ...]:
        return tallies(state)

    def sheets(
        self, state: WastelandState | None, viewer: Viewer, language: Language = Language.ENGLISH
    ) -> list[SheetEntry]:
        return sheet_entries(state, viewer, self.catalog)

    def sheet(
        self,
        state: WastelandState | None,
        viewer: Viewer,
        key: str,
        language: Language = Language.ENGLISH,
    ) -> Sheet | None:
        return unit_sheet(state, viewer, key, self.catalog)

    def round_number(self, state: WastelandState) -> int | None:
        return state.round or None

    def view(self, state: WastelandState, viewer: Viewer) -> WastelandView:
        return view(state, viewer)

    def scene(self, view: BaseModel) -> TableScene:
        assert isinstance(view, WastelandView)
        return wasteland_scene(view)

    def board_after(self, events: list[Event]) -> bool:
        """A picture after each activation, each deployment turn, each round and the end."""
        if any(isinstance(e, BOARD_EVENTS) for e in events):
            return True
        return any(isinstance(e, ev.ActivationChanged) and e.active is None for e in events)

    def automatic_action(
        self,
        state: WastelandState,
        seat: str,
        choices: Sequence[ActionChoice],
        rnd: random.Random,
        randomness: float = 0.0,
    ) -> str | None:
        pairs = [(c.notation, c.label) for c in choices if c.complete]
        if not pairs:
            return None
        if rnd.random() < randomness:
            return rnd.choice(pairs)[0]
        notation = greedy.choose(state, seat, pairs)
        if notation is not None:
            return notation
        # The greedy player gives up on a draft it cannot submit (over the points, say):
        # taking entries out leads back to a ready-made list, adding more rarely does.
        removals = [p for p in pairs if p[0].startswith("remove")] if state.phase == "lists" else []
        return rnd.choice(removals or pairs)[0]

    def secrets(self, state: WastelandState, log: Sequence[Event]) -> list[Secret]:
        return hidden.secrets(state, lambda e: self.describe(e, state) or "")

    def disguise(self, state: WastelandState) -> WastelandState | None:
        return hidden.disguise(state)

    def describe(self, event: Event, state: WastelandState | None = None) -> str | None:
        return describe(event, state)
