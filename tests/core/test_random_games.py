"""Random legal games of every registered system never crash, dead-end or leak."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import engine
from rules.core.events import Event
from rules.core.registry import available_systems
from rules.core.rejection import Rejection
from rules.core.state import GameState
from rules.core.system import GameSystem
from rules.core.visibility import Viewer

SYSTEMS = [s for s in available_systems() if s.id == "demo"]


def play(system: GameSystem[Any], seed: bytes, picks: list[int]) -> tuple[GameState, list[Event]]:
    seats = tuple(spec.id for spec in system.seat_specs)
    state = system.initial_state(system.options_model(), seats)
    log = engine.begin(system, state, seed)
    state = engine.fold(system, state, log)
    for choice in picks:
        if state.finished:
            break
        movers = [s for s in seats if system.legal_actions(state, s)]
        assert movers, f"dead end in phase {system.status(state).phase}"
        seat = movers[choice % len(movers)]
        legal = system.legal_actions(state, seat)
        notation = legal[choice % len(legal)].notation
        action = system.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection), action
        events = engine.decide(system, state, seed, seat, action)
        assert not isinstance(events, Rejection), (notation, events)
        log.extend(events)
        state = engine.fold(system, state, events)
    return state, log


@settings(deadline=None, derandomize=True, max_examples=150)
@given(seed=st.binary(min_size=8, max_size=8), picks=st.lists(st.integers(0, 50), max_size=80))
def test_random_demo_games(seed: bytes, picks: list[int]) -> None:
    system = SYSTEMS[0]
    state, log = play(system, seed, picks)
    # replaying the log from the start gives the same state (events are the truth)
    fresh = system.initial_state(system.options_model(), state.seats)
    assert engine.fold(system, fresh, log) == state
    # a picked stance never shows to the other seat or a spectator before the reveal
    if state.phase == "pick":  # type: ignore[attr-defined]
        for seat, stance in state.picks.items():  # type: ignore[attr-defined]
            for viewer in (
                Viewer.spectator(),
                *(Viewer.of_seat(s) for s in state.seats if s != seat),
            ):
                shown = json.dumps(system.view(state, viewer).model_dump())
                assert stance not in shown.replace('"stances": {}', "")


@settings(deadline=None, derandomize=True, max_examples=150)
@given(text=st.text(max_size=80))
def test_garbage_notation_is_rejected_without_change(text: str) -> None:
    system = SYSTEMS[0]
    state, _ = play(system, b"garbage!", [0, 1])
    for seat in state.seats:
        action = system.parse_notation(text, state, seat)
        if isinstance(action, Rejection):
            assert action.message
            continue
        outcome = engine.decide(system, state, b"garbage!", seat, action)
        if not isinstance(outcome, Rejection):
            # only text that spells a legal action is ever accepted
            legal = {c.notation for c in system.legal_actions(state, seat)}
            assert " ".join(text.lower().split()) in legal
