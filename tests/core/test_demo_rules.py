"""The demo race's rules, each checked with dice chosen by the test."""

from __future__ import annotations

from rules.core import engine
from rules.core.actions import Action
from rules.core.events import Event, GameEnded
from rules.core.rejection import Rejection, RejectionCode
from rules.core.roller import Roller
from rules.demo.model import Dash, DemoOptions, DemoState, EndTurn, Moved, Pick, Step, TurnBegan
from rules.demo.system import DemoSystem
from tests.scripted_dice import ScriptedRoller

SYSTEM = DemoSystem()


def decide(state: DemoState, seat: str, action: object, faces: list[int]) -> list[Event]:
    outcome = SYSTEM.decide(state, seat, action, ScriptedRoller(faces))  # type: ignore[arg-type]
    assert not isinstance(outcome, Rejection), outcome
    return outcome


def racing(red: str, blue: str, initiative: list[int], goal: int = 10) -> DemoState:
    state = SYSTEM.initial_state(DemoOptions(goal=goal), ("red", "blue"))
    state = engine.fold(SYSTEM, state, decide(state, "red", Pick(stance=red), []))
    events = decide(state, "blue", Pick(stance=blue), initiative)
    return engine.fold(SYSTEM, state, events)  # type: ignore[return-value]


def test_higher_initiative_goes_first_and_ties_go_to_the_first_seat() -> None:
    assert racing("attack", "defend", [3, 8]).active == "blue"
    assert racing("attack", "defend", [8, 3]).active == "red"
    assert racing("attack", "defend", [5, 5]).active == "red"


def test_dash_moves_a_d5_plus_one_for_attack_and_ends_the_turn() -> None:
    state = racing("attack", "defend", [9, 1])
    events = decide(state, "red", Dash(), [7])  # D5 of 7 is 4, attack adds 1
    moved = next(e for e in events if isinstance(e, Moved))
    assert moved.distance == 5 and moved.position == 5
    assert isinstance(events[-1], TurnBegan) and events[-1].seat == "blue"
    state = engine.fold(SYSTEM, state, events)  # type: ignore[assignment]
    events = decide(state, "blue", Dash(), [7])  # defend adds nothing
    assert next(e for e in events if isinstance(e, Moved)).distance == 4


def test_feint_first_step_is_two_and_step_limits_hold() -> None:
    state = racing("feint", "defend", [9, 1])
    distances = []
    for _ in range(3):
        events = decide(state, "red", Step(), [])
        distances.append(next(e for e in events if isinstance(e, Moved)).distance)
        state = engine.fold(SYSTEM, state, events)  # type: ignore[assignment]
    assert distances == [2, 1, 1]
    refused = SYSTEM.decide(state, "red", Step(), ScriptedRoller([]))
    assert isinstance(refused, Rejection) and refused.code == RejectionCode.ILLEGAL_MOVE
    state = engine.fold(SYSTEM, state, decide(state, "red", EndTurn(), []))  # type: ignore[assignment]
    for _ in range(4):  # defend allows four steps
        state = engine.fold(SYSTEM, state, decide(state, "blue", Step(), []))  # type: ignore[assignment]
    assert state.positions["blue"] == 4
    assert isinstance(SYSTEM.decide(state, "blue", Step(), ScriptedRoller([])), Rejection)


def test_reaching_the_goal_wins_and_is_capped_at_the_goal() -> None:
    state = racing("attack", "defend", [9, 1], goal=3)
    events = decide(state, "red", Dash(), [10])  # 5 + 1 would pass the goal of 3
    assert next(e for e in events if isinstance(e, Moved)).position == 3
    assert isinstance(events[-1], GameEnded) and events[-1].winners == ("red",)


def test_acting_out_of_turn_is_refused() -> None:
    state = racing("attack", "defend", [9, 1])
    refused = SYSTEM.decide(state, "blue", Step(), ScriptedRoller([]))
    assert isinstance(refused, Rejection) and refused.code == RejectionCode.NOT_YOUR_TURN


def test_accepts_tries_an_action_without_changing_the_game() -> None:
    state = SYSTEM.initial_state(DemoOptions(), ("red", "blue"))
    assert engine.accepts(SYSTEM, state, "red", "pick feint")
    assert not engine.accepts(SYSTEM, state, "red", "pick sideways")
    assert not engine.accepts(SYSTEM, state, "red", "dash")
    assert not engine.accepts(SYSTEM, state, "green", "pick feint")
    assert engine.accepts(SYSTEM, state, "blue", Pick(stance="attack"))
    assert state == SYSTEM.initial_state(DemoOptions(), ("red", "blue"))


class _Watching(DemoSystem):
    """The demo race, noting whether each decision was only a trial."""

    def __init__(self) -> None:
        self.trials: list[bool] = []

    def decide(
        self, state: DemoState, seat: str, action: Action, roller: Roller
    ) -> list[Event] | Rejection:
        self.trials.append(roller.trial)
        return super().decide(state, seat, action, roller)


def test_a_trial_is_told_it_is_one_and_a_real_decision_is_not() -> None:
    watching = _Watching()
    state = watching.initial_state(DemoOptions(), ("red", "blue"))
    assert engine.accepts(watching, state, "red", "pick feint")
    events = engine.decide(watching, state, b"seed", "red", Pick(stance="feint"))
    assert not isinstance(events, Rejection)
    assert watching.trials == [True, False]
