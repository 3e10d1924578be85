"""The D10 black-powder skirmish game (source 003) as one system."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, TypeAdapter

from rules.blackpowder import events as ev
from rules.blackpowder import greedy
from rules.blackpowder import secrets as hidden
from rules.blackpowder.actions import ACTIONS
from rules.blackpowder.choices import legal
from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.content.loading import load_catalog
from rules.blackpowder.flow import Flow
from rules.blackpowder.fold import evolve
from rules.blackpowder.narrate import describe
from rules.blackpowder.notation import VERBS, parse, verbs_now
from rules.blackpowder.options import BlackPowderOptions, ignored_options
from rules.blackpowder.play import decide
from rules.blackpowder.present import prompts, status
from rules.blackpowder.scene import blackpowder_scene, scenario_objectives
from rules.blackpowder.seats import SEAT_SPECS
from rules.blackpowder.setup import set_up
from rules.blackpowder.sheets import entries as sheet_entries
from rules.blackpowder.sheets import sheet as card
from rules.blackpowder.state import BPFrame, BPState
from rules.blackpowder.tallies import tallies
from rules.blackpowder.view import BlackPowderView, view
from rules.core.actions import Action
from rules.core.choices import ActionChoice
from rules.core.events import Event
from rules.core.language import Language
from rules.core.prompts import Prompt
from rules.core.rejection import Rejection
from rules.core.roller import Roller
from rules.core.secrets import Secret
from rules.core.sheets import Sheet, SheetEntry
from rules.core.system import GameSystem, TurnStatus
from rules.core.tallies import Tally
from rules.core.visibility import Viewer
from rules.geometry.scene import TableScene


class BlackPowderSystem(GameSystem[BPState]):
    id = "blackpowder"
    name = "Black Powder Skirmish"
    rules_version = "1"
    seat_specs = SEAT_SPECS
    min_seats = 2
    options_model = BlackPowderOptions
    verbs = VERBS
    help_text = (
        '**Black Powder Skirmish** — `/game new system:blackpowder options:"scenario=skirmish"`'
        " for 2 players; `scenario=` (skirmish, meeting-engagement, farmstead-raid,"
        " road-ambush), `first_force=` and `second_force=` (forces), `table=` a table preset,"
        " `weather=` (clear), `turns=` (6), `dummies=` (dummy markers of a side that deploys"
        " hidden; 2), `answer_minutes=` (time to answer out of turn; 720).\nYour hand of"
        " cards comes by DM. On your go play one card: `play <card>` (or"
        " `play <advance card> decline` for command points); the units it names act:"
        " `move A1 to 30,20` (then `shoot at B2`), `shoot A1 at B2 [with <weapon>]`,"
        " `reload A1`, `form A1 close`, `charge A1 B2`, `rally A1`; `done` closes the"
        " activation, `end` ends your go. Command abilities: `hold <card>`, `stand fast A1`,"
        " `command A1`, `prepare <card>`. Out of turn: `fire A1` or `pass` (*Enemy sighted!*),"
        " `fall back` or `shaken`, `remove <model> ...` or `nearest`; `hand` shows you your"
        " cards and command pool at any time. Units out of sight"
        " move as hidden markers. German verbs work too (`bewege`, `schieße … auf …`,"
        " `angriff`). Points are inches from the top-left corner, as on the picture's ruler."
        " `/rules system:blackpowder` explains every rule."
    )
    reference = Path(__file__).with_name("reference")
    narrates_dice = True
    state_model = BPState
    event_adapter = TypeAdapter(ev.BlackPowderEvent)
    action_adapter = ACTIONS
    frame_adapter = TypeAdapter(BPFrame)

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or load_catalog()

    def option_values(self) -> dict[str, tuple[str, ...]]:
        forces = tuple(sorted(self.catalog.forces))
        return {
            "first_force": forces,
            "second_force": forces,
            "table": tuple(sorted(self.catalog.tables)),
            "scenario": tuple(sorted(self.catalog.scenarios)),
        }

    def check_options(self, options: BaseModel) -> str | None:
        assert isinstance(options, BlackPowderOptions)
        chosen = {
            "first_force": options.first_force,
            "second_force": options.second_force,
            "table": options.table,
            "scenario": options.scenario,
        }
        for key, value in chosen.items():
            allowed = self.option_values()[key]
            if value not in allowed:
                return f"Unknown {key} '{value}'. Choose one of: {', '.join(allowed)}."
        return ignored_options(options, self.catalog.scenarios[options.scenario])

    def initial_state(self, options: BaseModel, seats: tuple[str, ...]) -> BPState:
        assert isinstance(options, BlackPowderOptions)
        return BPState(seats=seats, options=options)

    def begin(self, state: BPState, roller: Roller) -> list[Event]:
        flow = Flow(state, roller, self.catalog)
        set_up(flow)
        return flow.events

    def parse_notation(self, text: str, state: BPState, seat: str) -> Action | Rejection:
        return parse(text, state, seat)

    def verbs_now(self, state: BPState, seat: str) -> tuple[str, ...]:
        return verbs_now(state, seat)

    def decide(
        self, state: BPState, seat: str, action: Action, roller: Roller
    ) -> list[Event] | Rejection:
        flow = Flow(state, roller, self.catalog)
        problem = decide(flow, seat, action)
        return problem if problem is not None else flow.events

    def evolve(self, state: BPState, event: Event) -> BPState:
        return evolve(state, event)

    def legal_actions(self, state: BPState, seat: str) -> list[ActionChoice]:
        return legal(state, seat)

    def legal_actions_in(
        self, state: BPState, seat: str, language: Language = Language.ENGLISH
    ) -> list[ActionChoice]:
        return legal(state, seat, language)

    def tallies(self, state: BPState) -> tuple[Tally, ...]:
        return tallies(state)

    def round_number(self, state: BPState) -> int | None:
        return state.turn if state.phase == "play" and state.turn else None

    def prompts(self, state: BPState) -> list[Prompt]:
        return prompts(state)

    def status(self, state: BPState) -> TurnStatus:
        return status(state)

    def view(self, state: BPState, viewer: Viewer) -> BlackPowderView:
        return view(state, viewer)

    def scene(self, view: BaseModel) -> TableScene:
        return self.scene_in(view)

    def scene_in(self, view: BaseModel, language: Language = Language.ENGLISH) -> TableScene:
        assert isinstance(view, BlackPowderView)
        objectives = scenario_objectives(view, language)
        return blackpowder_scene(view, self.catalog, objectives, language)

    def automatic_action(
        self,
        state: BPState,
        seat: str,
        choices: Sequence[ActionChoice],
        rnd: random.Random,
        randomness: float = 0.0,
    ) -> str | None:
        return greedy.choose(choices, rnd, randomness)

    def secrets(self, state: BPState, log: Sequence[Event]) -> list[Secret]:
        return hidden.secrets(state, lambda event: describe(event, state, catalog=self.catalog))

    def disguise(self, state: BPState) -> BPState | None:
        return hidden.disguise(state)

    def sheets(
        self, state: BPState | None, viewer: Viewer, language: Language = Language.ENGLISH
    ) -> list[SheetEntry]:
        return sheet_entries(state, viewer, self.catalog, language)

    def sheet(
        self,
        state: BPState | None,
        viewer: Viewer,
        key: str,
        language: Language = Language.ENGLISH,
    ) -> Sheet | None:
        return card(state, viewer, key, self.catalog, language)

    def describe(self, event: Event, state: BPState | None = None) -> str | None:
        return describe(event, state, catalog=self.catalog)

    def status_in(self, state: BPState, language: Language = Language.ENGLISH) -> TurnStatus:
        return status(state, language)

    def prompts_in(self, state: BPState, language: Language = Language.ENGLISH) -> list[Prompt]:
        return prompts(state, language)

    def describe_in(
        self, event: Event, state: BPState | None = None, language: Language = Language.ENGLISH
    ) -> str | None:
        return describe(event, state, language, self.catalog)
