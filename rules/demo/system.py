"""Rules of the demo race.

1. Both seats secretly pick a stance (attack, defend or feint); picks are revealed together.
2. Each seat rolls a D10 for initiative; the higher goes first (ties: the first seat).
3. On its turn a seat may ``step`` (1 space; feint's first step each turn is 2) up to its
   stance's limit (defend 4, others 3), ``dash`` (roll a D10, move a D5, +1 for attack;
   ends the turn) or ``end`` the turn. The first seat to reach the goal wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, TypeAdapter

from rules.core.actions import Action
from rules.core.choices import ActionChoice
from rules.core.d10 import d5
from rules.core.events import DiceRolled, Event, GameEnded, UnknownEvent
from rules.core.language import Language
from rules.core.prompts import Prompt
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.roller import Roller
from rules.core.secrets import Secret
from rules.core.sheets import Sheet, SheetEntry
from rules.core.system import GameSystem, SeatSpec, TurnStatus
from rules.core.tallies import Tally
from rules.core.track import TrackScene
from rules.core.verbs import Verb, VerbTable, bare
from rules.core.visibility import Viewer, only
from rules.demo import secrets as hidden
from rules.demo.model import (
    STANCES,
    STEP_LIMIT,
    Dash,
    DemoAction,
    DemoEvent,
    DemoOptions,
    DemoState,
    EndTurn,
    Moved,
    Pick,
    PickLocked,
    StancePicked,
    StancesRevealed,
    Step,
    TurnBegan,
)
from rules.demo.picture import track_scene
from rules.demo.sheets import entries as sheet_entries
from rules.demo.sheets import sheet as card
from rules.demo.view import DemoView

RULE_PICK = "Demo §1 Stances"
RULE_TURN = "Demo §3 Turns"


def _pick(state: DemoState, rest: str) -> Action | Rejection:
    words = rest.lower().split()
    if len(words) != 1 or words[0] not in STANCES:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Pick one stance: attack, defend or feint.",
            RULE_PICK,
            [f"pick {s}" for s in STANCES],
        )
    return Pick(stance=words[0])


VERBS: VerbTable[DemoState] = VerbTable(
    [
        Verb("pick", "pick attack|defend|feint", _pick),
        bare("step", Step(), rule=RULE_TURN),
        bare("dash", Dash(), rule=RULE_TURN),
        bare("end", EndTurn(), rule=RULE_TURN),
    ]
)


class DemoSystem(GameSystem[DemoState]):
    id = "demo"
    name = "Demo race"
    rules_version = "1"
    seat_specs = (SeatSpec(id="red", label="Red"), SeatSpec(id="blue", label="Blue"))
    min_seats = 2
    options_model = DemoOptions
    event_adapter = TypeAdapter(DemoEvent)
    action_adapter = TypeAdapter(DemoAction)
    verbs = VERBS
    state_model = DemoState

    def initial_state(self, options: BaseModel, seats: tuple[str, ...]) -> DemoState:
        assert isinstance(options, DemoOptions)
        return DemoState(seats=seats, goal=options.goal, positions=dict.fromkeys(seats, 0))

    # -- parsing ----------------------------------------------------------------------
    def parse_notation(self, text: str, state: DemoState, seat: str) -> Action | Rejection:
        return VERBS.read(text, state, self.verbs_now(state, seat))

    def verbs_now(self, state: DemoState, seat: str) -> tuple[str, ...]:
        if state.finished or seat not in state.seats_in_play():
            return ()
        if state.phase == "pick":
            return () if seat in state.picks else ("pick",)
        return ("step", "dash", "end") if state.active == seat else ()

    # -- rules ------------------------------------------------------------------------
    def decide(
        self, state: DemoState, seat: str, action: Action, roller: Roller
    ) -> list[Event] | Rejection:
        if isinstance(action, Pick):
            return self._pick(state, seat, action, roller)
        if state.phase != "race":
            return reject(
                RejectionCode.WRONG_PHASE,
                "Both seats must pick a stance before the race starts.",
                RULE_PICK,
                [c.notation for c in self.legal_actions(state, seat)],
            )
        if state.active != seat:
            return reject(
                RejectionCode.NOT_YOUR_TURN,
                f"It is {self.seat_label(state.active or '')}'s turn.",
                RULE_TURN,
            )
        stance = state.picks[seat]
        if isinstance(action, Step):
            if state.steps_this_turn >= STEP_LIMIT[stance]:
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"No steps left this turn ({STEP_LIMIT[stance]} for {stance}).",
                    RULE_TURN,
                    ["dash", "end"],
                )
            distance = 2 if stance == "feint" and state.steps_this_turn == 0 else 1
            return self._move(state, seat, "step", distance, [])
        if isinstance(action, Dash):
            roll = roller.roll(1, 10, purpose="dash", seat=seat)
            distance = d5(roll.values[0]) + (1 if stance == "attack" else 0)
            events = self._move(state, seat, "dash", distance, [roll])
            if not any(isinstance(e, GameEnded) for e in events):
                events.append(self._next_turn(state, seat))
            return events
        if isinstance(action, EndTurn):
            return [self._next_turn(state, seat)]
        return reject(RejectionCode.UNKNOWN_ACTION, "That is not a demo action.")

    def _pick(
        self, state: DemoState, seat: str, action: Pick, roller: Roller
    ) -> list[Event] | Rejection:
        if state.phase != "pick":
            return reject(RejectionCode.WRONG_PHASE, "Stances were already revealed.", RULE_PICK)
        if seat in state.picks:
            return reject(RejectionCode.ALREADY_DONE, "You already picked a stance.", RULE_PICK)
        events: list[Event] = [
            PickLocked(seat=seat),
            StancePicked(seat=seat, stance=action.stance, visibility=only(seat)),
        ]
        picks = {**state.picks, seat: action.stance}
        if set(picks) == set(state.seats):
            events.append(StancesRevealed(stances={s: picks[s] for s in state.seats}))
            rolls = [roller.roll(1, 10, purpose="initiative", seat=s) for s in state.seats]
            events.extend(rolls)
            best = max(range(len(rolls)), key=lambda i: (rolls[i].values[0], -i))
            events.append(TurnBegan(seat=state.seats[best], turn=1))
        return events

    def _move(
        self, state: DemoState, seat: str, how: str, distance: int, before: list[Event]
    ) -> list[Event]:
        position = min(state.goal, state.positions[seat] + distance)
        events: list[Event] = [
            *before,
            Moved(seat=seat, how=how, distance=distance, position=position),
        ]
        if position >= state.goal:
            events.append(
                GameEnded(winners=(seat,), reason=f"{self.seat_label(seat)} reached the goal")
            )
        return events

    def _next_turn(self, state: DemoState, seat: str) -> TurnBegan:
        order = state.seats_in_play()
        following = order[(order.index(seat) + 1) % len(order)]
        return TurnBegan(seat=following, turn=state.turn + 1)

    def evolve(self, state: DemoState, event: Event) -> DemoState:
        if isinstance(event, StancePicked):
            return state.model_copy(update={"picks": {**state.picks, event.seat: event.stance}})
        if isinstance(event, StancesRevealed):
            return state.model_copy(update={"phase": "race", "picks": dict(event.stances)})
        if isinstance(event, TurnBegan):
            return state.model_copy(
                update={"active": event.seat, "turn": event.turn, "steps_this_turn": 0}
            )
        if isinstance(event, Moved):
            steps = state.steps_this_turn + (1 if event.how == "step" else 0)
            positions = {**state.positions, event.seat: event.position}
            return state.model_copy(update={"positions": positions, "steps_this_turn": steps})
        if isinstance(event, PickLocked):
            return state  # nothing beyond what StancePicked records
        raise UnknownEvent(self.id, event)

    def legal_actions(self, state: DemoState, seat: str) -> list[ActionChoice]:
        if state.finished or seat not in state.seats_in_play():
            return []
        if state.phase == "pick":
            if seat in state.picks:
                return []
            return [
                ActionChoice(notation=f"pick {s}", label=f"Pick {s}", private=True) for s in STANCES
            ]
        if state.active != seat:
            return []
        choices = []
        if state.steps_this_turn < STEP_LIMIT[state.picks[seat]]:
            choices.append(ActionChoice(notation="step", label="Step forward"))
        choices.append(ActionChoice(notation="dash", label="Dash (roll a D5) and end the turn"))
        choices.append(ActionChoice(notation="end", label="End the turn"))
        return choices

    def prompts(self, state: DemoState) -> list[Prompt]:
        if state.finished:
            return []
        if state.phase == "pick":
            return [
                Prompt(
                    seat=seat,
                    key="pick",
                    text="Pick your stance in secret.",
                    choices=tuple(
                        ActionChoice(notation=f"pick {s}", label=s.title(), private=True)
                        for s in STANCES
                    ),
                    private=True,
                )
                for seat in state.seats_in_play()
                if seat not in state.picks
            ]
        if state.active is None:
            return []
        choices = tuple(self.legal_actions(state, state.active))
        return [
            Prompt(seat=state.active, key=f"turn-{state.turn}", text="Your turn.", choices=choices)
        ]

    def status(self, state: DemoState) -> TurnStatus:
        if state.finished:
            return TurnStatus(phase="finished", summary=state.end_reason)
        if state.phase == "pick":
            waiting = tuple(s for s in state.seats_in_play() if s not in state.picks)
            return TurnStatus(phase="secret stances", waiting_on=waiting)
        summary = ", ".join(
            f"{self.seat_label(s)} {state.positions[s]}/{state.goal}" for s in state.seats
        )
        waiting_on = (state.active,) if state.active else ()
        return TurnStatus(phase=f"race, turn {state.turn}", waiting_on=waiting_on, summary=summary)

    def tallies(self, state: DemoState) -> tuple[Tally, ...]:
        if state.phase != "race":
            return ()
        distance = tuple((seat, state.positions.get(seat, 0)) for seat in state.seats)
        return (Tally(label="Distance run", counts=distance),)

    def sheets(
        self, state: DemoState | None, viewer: Viewer, language: Language = Language.ENGLISH
    ) -> list[SheetEntry]:
        seen = None if state is None else self.view(state, viewer)
        return sheet_entries(state, seen, self._labels())

    def sheet(
        self,
        state: DemoState | None,
        viewer: Viewer,
        key: str,
        language: Language = Language.ENGLISH,
    ) -> Sheet | None:
        seen = None if state is None else self.view(state, viewer)
        return card(key, seen, self._labels() if state is not None else {})

    def _labels(self) -> dict[str, str]:
        return {spec.id: spec.label for spec in self.seat_specs}

    def round_number(self, state: DemoState) -> int | None:
        return state.turn if state.phase == "race" and state.turn else None

    # -- presenting -------------------------------------------------------------------
    def view(self, state: DemoState, viewer: Viewer) -> DemoView:
        if state.phase == "race" or viewer.referee:
            stances: dict[str, str] = dict(state.picks)
        else:
            stances = {
                seat: (state.picks[seat] if seat == viewer.seat else "chosen")
                for seat in state.picks
            }
        return DemoView(
            phase=state.phase,
            goal=state.goal,
            positions=dict(state.positions),
            stances=stances,
            active=state.active,
            turn=state.turn,
            finished=state.finished,
            winners=state.winners,
        )

    def scene(self, view: BaseModel) -> TrackScene:
        assert isinstance(view, DemoView)
        return track_scene(view)

    def secrets(self, state: DemoState, log: Sequence[Event]) -> list[Secret]:
        return hidden.secrets(state, self.describe)

    def disguise(self, state: DemoState) -> DemoState | None:
        return hidden.disguise(state)

    def describe(self, event: Event, state: DemoState | None = None) -> str | None:
        label = self.seat_label
        if isinstance(event, PickLocked):
            return f"{label(event.seat)} has picked a stance in secret."
        if isinstance(event, StancePicked):
            return f"You picked **{event.stance}**."
        if isinstance(event, StancesRevealed):
            shown = ", ".join(f"{label(s)}: **{st}**" for s, st in event.stances.items())
            return f"Stances revealed — {shown}."
        if isinstance(event, TurnBegan):
            return f"Turn {event.turn}: {label(event.seat)} to act."
        if isinstance(event, Moved):
            verb = "steps" if event.how == "step" else "dashes"
            return f"{label(event.seat)} {verb} {event.distance} to {event.position}."
        if isinstance(event, DiceRolled):
            return None
        return None
