"""The D10 squad-orders game (source 001) as one plug-in."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, TypeAdapter

from rules.core.actions import Action
from rules.core.choices import ActionChoice
from rules.core.events import Event, GameEnded
from rules.core.language import Language
from rules.core.prompts import Prompt
from rules.core.rejection import Rejection
from rules.core.roller import Roller
from rules.core.secrets import Secret, rotated
from rules.core.sheets import Sheet, SheetEntry
from rules.core.system import GameSystem, TurnStatus
from rules.core.tallies import Tally
from rules.core.visibility import Viewer
from rules.geometry.generator import GENERATED
from rules.geometry.scene import TableScene
from rules.squad import events as ev
from rules.squad import greedy
from rules.squad import secrets as hidden
from rules.squad.actions import ACTIONS
from rules.squad.battle_set import RANDOM, set_battle
from rules.squad.choices import legal
from rules.squad.content.catalog import Catalog
from rules.squad.content.loading import load_catalog
from rules.squad.flow import Flow
from rules.squad.fold import evolve
from rules.squad.narrate import describe
from rules.squad.notation import VERBS, force_total, parse, verbs_now
from rules.squad.options import SquadOptions
from rules.squad.picture import squad_scene
from rules.squad.play import decide
from rules.squad.present import prompts, status
from rules.squad.seats import SEAT_SPECS
from rules.squad.sheets import entries as sheet_entries
from rules.squad.sheets import sheet as card
from rules.squad.state import SquadFrame, SquadState
from rules.squad.tallies import tallies
from rules.squad.view import SquadView, view

BOARD_EVENTS = (ev.BattleSet, ev.ForcesRevealed, ev.TurnBegan, ev.ActivationEnded, GameEnded)


class SquadSystem(GameSystem[SquadState]):
    id = "squad"
    name = "Squad Orders"
    rules_version = "1"
    seat_specs = SEAT_SPECS
    min_seats = 2
    options_model = SquadOptions
    verbs = VERBS
    help_text = (
        '**Squad Orders** — `/game new system:squad options:"points=500 scenario=random"` for'
        " 2-4 players; `turns=` (6), `battlefield=` a preset, random or generated,"
        " `allocation_minutes=` (time to allocate hits before Umpire takes the closest"
        " models; 720).\nForces by DM, secret until all are in: `force <ready-made force>` or"
        " `force <unit>, <unit> x2`. Deploy in turn: `deploy A1 at 30,6` or `deploy A1`. Each"
        " turn the initiative winner says `first me` or `first <player>`; then players take"
        " turns giving one unit an order: `move A1 to 30,20` (then `shoot`, `assault B2` or"
        " `end`), `rush A1 toward B2`, `hold A1`, `shoot A1 [at B2]`, `assault A1 B2`. Hits on"
        " a squad are allocated by its owner: `allocate 3, 1` or `allocate closest`. Points"
        " are inches from the top-left corner, as on the picture's ruler."
        " `/rules system:squad` explains every rule."
    )
    reference = Path(__file__).with_name("reference")
    state_model = SquadState
    frame_adapter = TypeAdapter(SquadFrame)
    event_adapter = TypeAdapter(ev.SquadEvent)
    action_adapter = ACTIONS
    narrates_dice = True

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or load_catalog()

    def option_values(self) -> dict[str, tuple[str, ...]]:
        return {
            "battlefield": (RANDOM, GENERATED, *sorted(self.catalog.battlefields)),
            "scenario": (RANDOM, *sorted(self.catalog.scenarios)),
        }

    def check_options(self, options: BaseModel) -> str | None:
        assert isinstance(options, SquadOptions)
        for key, value in (("battlefield", options.battlefield), ("scenario", options.scenario)):
            allowed = self.option_values()[key]
            if value not in allowed:
                return f"Unknown {key} '{value}'. Choose one of: {', '.join(allowed)}."
        return None

    def initial_state(self, options: BaseModel, seats: tuple[str, ...]) -> SquadState:
        assert isinstance(options, SquadOptions)
        return SquadState(seats=seats, options=options)

    def begin(self, state: SquadState, roller: Roller) -> list[Event]:
        flow = Flow(state, roller, self.catalog)
        set_battle(flow)
        return flow.events

    def parse_notation(self, text: str, state: SquadState, seat: str) -> Action | Rejection:
        return parse(text, state, self.catalog, seat)

    def verbs_now(self, state: SquadState, seat: str) -> tuple[str, ...]:
        return verbs_now(state, seat)

    def typing_hints(self, state: SquadState, seat: str, typed: str) -> list[str]:
        """The usual forms, led by the running total of a force typed unit by unit."""
        total = force_total(typed, state, self.catalog, seat)
        hints = super().typing_hints(state, seat, typed)
        return [total, *hints] if total else hints

    def decide(
        self, state: SquadState, seat: str, action: Action, roller: Roller
    ) -> list[Event] | Rejection:
        flow = Flow(state, roller, self.catalog)
        problem = decide(flow, seat, action)
        return problem if problem is not None else flow.events

    def evolve(self, state: SquadState, event: Event) -> SquadState:
        return evolve(state, event)

    def legal_actions(self, state: SquadState, seat: str) -> list[ActionChoice]:
        return legal(state, self.catalog, seat)

    def prompts(self, state: SquadState) -> list[Prompt]:
        return prompts(state, self.catalog)

    def status(self, state: SquadState) -> TurnStatus:
        return status(state)

    def tallies(self, state: SquadState) -> tuple[Tally, ...]:
        return tallies(state)

    def sheets(
        self, state: SquadState | None, viewer: Viewer, language: Language = Language.ENGLISH
    ) -> list[SheetEntry]:
        return sheet_entries(state, viewer, self.catalog)

    def sheet(
        self,
        state: SquadState | None,
        viewer: Viewer,
        key: str,
        language: Language = Language.ENGLISH,
    ) -> Sheet | None:
        return card(state, viewer, key, self.catalog)

    def round_number(self, state: SquadState) -> int | None:
        return state.turn or None

    def view(self, state: SquadState, viewer: Viewer) -> SquadView:
        return view(state, viewer)

    def scene(self, view: BaseModel) -> TableScene:
        assert isinstance(view, SquadView)
        return squad_scene(view)

    def board_after(self, events: list[Event]) -> bool:
        """A picture after every activation, each turn's start, the reveal and the end."""
        return any(isinstance(e, BOARD_EVENTS) for e in events) or any(
            isinstance(e, ev.Activated) and e.order in ("rush", "hold") for e in events
        )

    def automatic_action(
        self,
        state: SquadState,
        seat: str,
        choices: Sequence[ActionChoice],
        rnd: random.Random,
        randomness: float = 0.0,
    ) -> str | None:
        return greedy.choose(choices, rnd, randomness)

    def secrets(self, state: SquadState, log: Sequence[Event]) -> list[Secret]:
        return hidden.secrets(state, self.describe)

    def disguise(self, state: SquadState) -> SquadState | None:
        forces = {
            f.id: f.units for faction in self.catalog.factions.values() for f in faction.forces
        }

        def other(units: tuple[str, ...]) -> tuple[str, ...]:
            current = next((k for k, v in forces.items() if v == units), "")
            return forces[rotated(current, forces)] if forces else units

        return hidden.disguise(state, other)

    def describe(self, event: Event, state: SquadState | None = None) -> str | None:
        return describe(event)
