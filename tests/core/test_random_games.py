"""Random legal games of every registered system never crash, dead-end or leak, and text
that is not a legal action is refused without change. A system is covered by being
installed; nothing here names one."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import engine
from rules.core.events import Event
from rules.core.registry import available_systems
from rules.core.rejection import Rejection
from rules.core.secrets import Spelling
from rules.core.state import GameState
from rules.core.system import GameSystem
from tests.core.hidden import check_secrets

SYSTEMS = available_systems(unlisted=True)


def play(system: GameSystem[Any], seed: bytes, picks: list[int]) -> tuple[GameState, list[Event]]:
    """A game at the system's fewest seats where ``picks`` choose the seat and the legal
    action each time (from the complete choices on offer), its secrets checked after
    every action."""
    seats = tuple(spec.id for spec in system.seat_specs[: system.min_seats])
    state = system.initial_state(system.options_model(), seats)
    log = engine.begin(system, state, seed)
    state = engine.fold(system, state, log)
    held: dict[str, set[Spelling]] = {}
    for choice in picks:
        if state.finished:
            break
        movers = [s for s in seats if any(c.complete for c in system.legal_actions(state, s))]
        assert movers, f"dead end in phase {system.status(state).phase}"
        seat = movers[choice % len(movers)]
        legal = [c for c in system.legal_actions(state, seat) if c.complete]
        notation = legal[choice % len(legal)].notation
        action = system.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection), action
        events = engine.decide(system, state, seed, seat, action)
        assert not isinstance(events, Rejection), (notation, events)
        log.extend(events)
        state = engine.fold(system, state, events)
        # nothing the system keeps hidden shows to anyone not entitled to it
        check_secrets(system, state, log, held)
    return state, log


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
@settings(deadline=None, derandomize=True, max_examples=40)
@given(seed=st.binary(min_size=8, max_size=8), picks=st.lists(st.integers(0, 50), max_size=60))
def test_random_games(system: GameSystem[Any], seed: bytes, picks: list[int]) -> None:
    state, log = play(system, seed, picks)
    # replaying the log from the start gives the same state (events are the truth)
    fresh = system.initial_state(system.options_model(), state.seats)
    assert engine.fold(system, fresh, log) == state


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
@settings(deadline=None, derandomize=True, max_examples=60)
@given(text=st.text(max_size=80))
def test_garbage_notation_is_rejected_without_change(system: GameSystem[Any], text: str) -> None:
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
