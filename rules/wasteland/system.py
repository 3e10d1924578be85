"""The Wasteland Tactics game system (source 004) as one plug-in."""

from __future__ import annotations

from pydantic import BaseModel, TypeAdapter

from rules.core.actions import Action
from rules.core.choices import ActionChoice
from rules.core.engine import accepts
from rules.core.events import Event, GameEnded
from rules.core.prompts import Prompt
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.roller import Roller
from rules.core.system import GameSystem, SeatSpec, TurnStatus
from rules.core.visibility import Viewer
from rules.wasteland import actions as act
from rules.wasteland import events as ev
from rules.wasteland.actions import ACTIONS
from rules.wasteland.choices import legal
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.loading import bundled_catalog
from rules.wasteland.flow import Flow
from rules.wasteland.fold import evolve
from rules.wasteland.options import WastelandOptions
from rules.wasteland.present import prompts, status
from rules.wasteland.state import WastelandState
from rules.wasteland.view import WastelandView, view

BOARD_EVENTS = (ev.MissionSet, ev.DeployTurn, ev.RoundBegan, GameEnded)


class WastelandSystem(GameSystem[WastelandState]):
    id = "wasteland"
    name = "Wasteland Tactics"
    rules_version = "1"
    seat_specs = (
        SeatSpec(id="alpha", label="Alpha"),
        SeatSpec(id="bravo", label="Bravo"),
        SeatSpec(id="charlie", label="Charlie"),
        SeatSpec(id="delta", label="Delta"),
    )
    min_seats = 2
    options_model = WastelandOptions
    state_model = WastelandState
    event_adapter = TypeAdapter(ev.WastelandEvent)
    action_adapter = ACTIONS
    renderer = "measured_table"
    narrates_dice = True

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or bundled_catalog()

    def check_options(self, options: BaseModel) -> str | None:
        from rules.wasteland.advanced import parse_handicap
        from rules.wasteland.setup_phase import GENERATED

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
        from rules.wasteland.missions import MISSIONS
        from rules.wasteland.starter_lists import starter_list

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
        from rules.wasteland.setup_phase import begin

        flow = Flow(state, roller, self.catalog)
        begin(flow)
        return flow.events

    def parse_notation(self, text: str, state: WastelandState, seat: str) -> Action | Rejection:
        from rules.wasteland.notation import parse

        return parse(text, state, self.catalog, seat)

    def decide(
        self, state: WastelandState, seat: str, action: Action, roller: Roller
    ) -> list[Event] | Rejection:
        flow = Flow(state, roller, self.catalog)
        problem = self._decide(flow, seat, action)
        if problem is not None:
            return problem
        if not flow.over and flow.state.phase == "battle":
            from rules.wasteland.missions import check_victory

            check_victory(flow)
        return flow.events

    def _decide(self, flow: Flow, seat: str, action: Action) -> Rejection | None:
        from rules.wasteland import deployment, setup_phase
        from rules.wasteland.play import decide_battle

        phase = flow.state.phase
        if phase == "lists":
            if isinstance(action, act.DraftList | act.AddUnit | act.RemoveUnit | act.SubmitList):
                return setup_phase.draft(flow, seat, action)
            return reject(
                RejectionCode.WRONG_PHASE,
                "Army lists first: add units by DM or type `army …`, then `submit`.",
                "004 Step 1",
            )
        if phase == "deployment":
            if isinstance(action, act.Deploy):
                return deployment.deploy(flow, seat, action)
            if isinstance(action, act.HoldBack):
                return deployment.hold(flow, seat, action)
            return reject(
                RejectionCode.WRONG_PHASE,
                "Deployment: `deploy <unit> at x,y` or `hold <unit>`.",
                "004 Step 4",
            )
        if phase == "battle":
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

    def view(self, state: WastelandState, viewer: Viewer) -> WastelandView:
        return view(state, viewer)

    def board_after(self, events: list[Event]) -> bool:
        """A picture after each activation, each deployment turn, each round and the end."""
        if any(isinstance(e, BOARD_EVENTS) for e in events):
            return True
        return any(isinstance(e, ev.ActivationChanged) and e.active is None for e in events)

    def describe(self, event: Event, state: WastelandState | None = None) -> str | None:
        if isinstance(event, ev.Report):
            return event.text
        if isinstance(event, ev.ListSubmitted):
            return f"{event.seat} has submitted an army list."
        if isinstance(event, ev.DraftUpdated):
            names = ", ".join(f"{e.profile}×{e.models}" for e in event.army.entries) or "empty"
            return f"Your draft: {names}."
        if isinstance(event, ev.DeployTurn) and event.seat:
            return f"{event.seat} deploys."
        if isinstance(event, ev.TurnPassed) and event.seat:
            return f"{event.seat} to activate a unit."
        return None
